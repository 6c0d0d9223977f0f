import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteApp } from './RemoteApp';
import { loadRoleApp } from './remotes';
import { reloadPage } from './reload-page';

jest.mock('./remotes', () => ({ loadRoleApp: jest.fn() }));
jest.mock('./reload-page', () => ({ reloadPage: jest.fn() }));
const loadRoleAppMock = loadRoleApp as jest.MockedFunction<typeof loadRoleApp>;
const reloadPageMock = reloadPage as jest.MockedFunction<typeof reloadPage>;

beforeEach(() => {
  loadRoleAppMock.mockReset();
  reloadPageMock.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

it('after a failed load, Retry loads the page again rather than the remote in this page', async () => {
  loadRoleAppMock.mockRejectedValue(new Error('ChunkLoadError: Loading chunk App failed (503)'));
  render(<RemoteApp role="student" />);
  await userEvent.click(await screen.findByRole('button', { name: /retry/i }));
  // In this page, the remote's files would come from the page's preloads of them, which failed with the outage.
  expect(reloadPageMock).toHaveBeenCalledTimes(1);
  expect(loadRoleAppMock).toHaveBeenCalledTimes(1);
});

it('after the remote’s App fails while rendering, Retry renders it again in this page (its files loaded)', async () => {
  let crash = true;
  const App = () => {
    if (crash) throw new Error('render failed');
    return <p>the student app</p>;
  };
  loadRoleAppMock.mockResolvedValue(App);
  render(<RemoteApp role="student" />);
  const retry = await screen.findByRole('button', { name: /retry/i });
  crash = false;
  await userEvent.click(retry);
  expect(await screen.findByText('the student app')).toBeTruthy();
  expect(reloadPageMock).not.toHaveBeenCalled();
});
