import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import i18next from 'i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { firstScreenOf, RemoteRoot, type RemoteRoute } from './RemoteRoot';
import { preloadable } from './preloadable';
import { KelaskuThemeProvider } from './theme-provider';

i18next.addResourceBundle('en', 'remote-test', {
  menu: { home: 'Home', grades: 'Grades', grade10: 'Grade 10', grade11: 'Grade 11' },
});

function Home() {
  const { data } = useQuery({ queryKey: ['greeting'], queryFn: () => Promise.resolve('read through the data layer') });
  return <p>{data ?? 'waiting'}</p>;
}
/** Counts its mounts, to see that another grade's path mounts a fresh screen. */
let mounts = 0;
function GradePage({ grade }: { grade: number }) {
  const [mount] = useState(() => ++mounts);
  return (
    <p>
      Grade {grade} page, mount {mount}
    </p>
  );
}
const Lazy = preloadable(() => Promise.resolve(({ id }: { id?: string }) => <p>lazy {id ?? ''}</p>));
function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

const routes: RemoteRoute[] = [
  { path: '/Home', screen: Home },
  { path: '/Grade10', screen: GradePage, props: { grade: 10 } },
  { path: '/Grade11', screen: GradePage, props: { grade: 11 } },
  { path: '/Thing/:id', screen: Lazy },
];
const menu = [
  { label: 'menu.home', to: '/Home' },
  {
    label: 'menu.grades',
    children: [
      { label: 'menu.grade10', to: '/Grade10' },
      { label: 'menu.grade11', to: '/Grade11' },
    ],
  },
];

const renderRemote = (path: string) =>
  render(
    <KelaskuThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <RemoteRoot role="teacher" namespace="remote-test" menu={menu} routes={routes} home="/Home" />
        <Where />
      </MemoryRouter>
    </KelaskuThemeProvider>,
  );

it('shows the route’s screen inside the role’s sidebar, whose labels are the remote’s messages', async () => {
  renderRemote('/Home');
  expect(await screen.findByText('read through the data layer')).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'Home' }).length).toBeGreaterThan(0);
});

it('sends an unknown path (another role’s too) to home', async () => {
  renderRemote('/DashboardAdmin');
  expect(await screen.findByText('read through the data layer')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/Home');
});

it('mounts a fresh screen for another path of the same screen, with that path’s props', async () => {
  renderRemote('/Grade10');
  expect(await screen.findByText(/^Grade 10 page/)).toBeInTheDocument();
  const before = mounts;
  // The group of the open page is expanded.
  await userEvent.click(screen.getAllByRole('link', { name: 'Grade 11' })[0]);
  expect(await screen.findByText(`Grade 11 page, mount ${before + 1}`)).toBeInTheDocument();
});

describe('firstScreenOf', () => {
  it('is the code-split screen of the path (patterns too), else home’s, and nothing for a screen in the entry chunk', () => {
    expect(firstScreenOf(routes, '/Home', '/Thing/7')).toBe(Lazy);
    expect(firstScreenOf(routes, '/Home', '/Home')).toBeUndefined();
    expect(firstScreenOf([...routes, { path: '/Start', screen: Lazy }], '/Start', '/nowhere')).toBe(Lazy);
  });
});
