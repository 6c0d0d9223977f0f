import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { getUserData } from '@kelasku/shared-api';
import { unreachable, held, quietFailedRequests } from '../../jest/msw-server';
import { reply, type ReplyOf } from '../../jest/msw-routes';
import { RemoteRoot } from './RemoteRoot';
import { KelaskuThemeProvider } from './theme-provider';

/** Answers POST /auth/change-password with what `replyTo` returns (the client's type, from the wire schema). */
const serveChange = (replyTo: () => ReplyOf<'post /auth/change-password'>) =>
  reply('post /auth/change-password', replyTo);

/** An unsigned token with these claims (the browser only decodes it). */
const tokenWith = (claims: object) =>
  `x.${Buffer.from(JSON.stringify({ user_id: 7, role: 'student', exp: 4102444800, ...claims })).toString('base64url')}.y`;

function signInAs(claims: object) {
  localStorage.setItem('token', tokenWith(claims));
  localStorage.setItem('userData', JSON.stringify({ user_id: 7, role: 'student', exp: 4102444800, ...claims }));
}

const renderAt = (path: string) =>
  render(
    <KelaskuThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <RemoteRoot
          role="student"
          namespace="common"
          menu={[]}
          routes={[{ path: '/Home', screen: () => <p>home screen</p> }]}
          home="/Home"
        />
      </MemoryRouter>
    </KelaskuThemeProvider>,
  );

beforeEach(() => {
  localStorage.clear();
});

it('a first sign-in with the initial password offers the change, from any screen, until it is done', async () => {
  signInAs({ initial_password: true });
  renderAt('/Home');
  expect(
    await screen.findByText('You are still using the password the school gave you. Choose your own password now.'),
  ).toBeInTheDocument();
  await userEvent.click(screen.getAllByRole('link', { name: 'Change password' })[0]);
  expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
  // the screen itself does not repeat the offer
  expect(screen.queryByText(/still using the password the school gave you/)).not.toBeInTheDocument();
});

it('no offer for a password the user chose', async () => {
  signInAs({});
  renderAt('/Home');
  expect(await screen.findByText('home screen')).toBeInTheDocument();
  expect(screen.queryByText(/still using the password the school gave you/)).not.toBeInTheDocument();
});

it('lists the rules, ticks them as they are met, sends only a valid password and keeps the session on the new token', async () => {
  signInAs({ initial_password: true });
  const fresh = tokenWith({ display_name: 'fresh' });
  const change = serveChange(() => ({ message: 'Password changed successfully', token: fresh }));
  renderAt('/ChangePassword');
  const rules = await screen.findByRole('list', { name: 'The new password must be' });
  expect(rules).toHaveTextContent('At least 8 characters long');
  expect(rules).toHaveTextContent('Different from the current password');
  const submit = screen.getByRole('button', { name: 'Change password' });

  await userEvent.type(screen.getByLabelText(/^Current password/), 'Initial123');
  await userEvent.type(screen.getByLabelText(/^New password/), 'short');
  expect(screen.getByText('At least 8 characters long').parentElement).toHaveAttribute('data-met', 'false');
  expect(submit).toBeDisabled();

  await userEvent.clear(screen.getByLabelText(/^New password/));
  await userEvent.type(screen.getByLabelText(/^New password/), 'Initial123');
  expect(screen.getByText('At least 8 characters long').parentElement).toHaveAttribute('data-met', 'true');
  expect(screen.getByText('Different from the current password').parentElement).toHaveAttribute('data-met', 'false');
  expect(submit).toBeDisabled();

  await userEvent.clear(screen.getByLabelText(/^New password/));
  await userEvent.type(screen.getByLabelText(/^New password/), 'my own pässword');
  await userEvent.type(screen.getByLabelText(/^Repeat the new password/), 'my own passwort');
  expect(screen.getByText('The two new passwords are not the same.')).toBeInTheDocument();
  expect(submit).toBeDisabled();

  await userEvent.clear(screen.getByLabelText(/^Repeat the new password/));
  await userEvent.type(screen.getByLabelText(/^Repeat the new password/), 'my own pässword');
  await userEvent.click(submit);
  expect(await screen.findByText('Password changed. Your other devices are signed out.')).toBeInTheDocument();
  expect(change).toHaveBeenCalledTimes(1);
  expect(change).toHaveBeenCalledWith({
    query: {},
    body: { old_password: 'Initial123', new_password: 'my own pässword' },
  });
  expect(localStorage.getItem('token')).toBe(fresh);
  expect(getUserData()?.initial_password).toBeUndefined();
});

it('sends once while the change is on its way, then shows the refusal and keeps what was typed', async () => {
  signInAs({});
  quietFailedRequests();
  // the connection drops while the change is on its way
  const pending = held(unreachable());
  const change = serveChange(pending.reply);
  renderAt('/ChangePassword');
  await userEvent.type(await screen.findByLabelText(/^Current password/), 'wrong one');
  await userEvent.type(screen.getByLabelText(/^New password/), 'a new password');
  await userEvent.type(screen.getByLabelText(/^Repeat the new password/), 'a new password');
  const submit = screen.getByRole('button', { name: 'Change password' });
  await userEvent.click(submit);
  expect(submit).toBeDisabled();
  // Enter in a field submits the form again: nothing more is sent
  await userEvent.type(screen.getByLabelText(/^Repeat the new password/), '{Enter}');
  await waitFor(() => expect(change).toHaveBeenCalledTimes(1));

  pending.release();
  expect(await screen.findByText('The password could not be changed. Try again.')).toBeInTheDocument();
  expect(submit).toBeEnabled();
  expect(screen.getByLabelText(/^New password/)).toHaveValue('a new password');
  expect(change).toHaveBeenCalledTimes(1); // a second send would have reached the server by now
});
