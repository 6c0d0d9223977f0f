// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(60000);

import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as route, HttpResponse } from 'msw';
import { KelaskuThemeProvider } from '@kelasku/shared-ui/src/theme-provider';
import {
  ApiError,
  authApi,
  dropParkedCalls,
  getToken,
  postData,
  resumeSession,
  saveSession,
} from '@kelasku/shared-api';
import { api, server } from '../../../jest/msw-server';
import { fakeToken } from '../test/session';
import { SessionGuard } from './SessionGuard';

const nowS = Math.floor(Date.now() / 1000);
const student = { user_id: 7, email: 's@kelasku.id', role: 'student', display_name: 'Andi Pratama', student_id: 3 };
const ended = fakeToken({ ...student, exp: nowS + 600, sv: 0 });
const fresh = fakeToken({ ...student, exp: nowS + 86_400, sv: 1 });

/** A page with unsent work: its state must survive the sign-in (no reload, no remount). */
function ExamLikePage() {
  const [picked, setPicked] = useState<string[]>([]);
  const [status, setStatus] = useState('Answers are saved as you go');
  const answer = (option: string) => {
    setPicked((p) => [...p, option]);
    setStatus('Saving…');
    postData('/exams-answers', { answers: option }).then(
      () => setStatus('Saved'),
      () => setStatus('Not saved'),
    );
  };
  return (
    <main>
      <button type="button" onClick={() => answer('b')}>
        Option B
      </button>
      <p>Picked: {picked.join(',')}</p>
      <p data-testid="status">{status}</p>
    </main>
  );
}

let sent: { url: string; token: string }[];
beforeEach(() => {
  localStorage.clear();
  sent = [];
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // The server: the ended session's token is refused (a password reset raised the session version).
  server.use(
    route.all(`${api('')}/*`, ({ request }) => {
      const url = new URL(request.url).pathname.slice(new URL(api('')).pathname.length);
      const token = request.headers.get('Authorization') ?? '';
      if (url !== '/auth/refresh') sent.push({ url, token }); // renewals: session-keeper.test.ts
      if (token !== fresh) return HttpResponse.json({ message: 'Invalid token' }, { status: 401 });
      return HttpResponse.json({});
    }),
  );
});
afterEach(() => {
  jest.restoreAllMocks();
  dropParkedCalls(); // nothing held over to the next test
  resumeSession();
});

function renderPage(goHome = jest.fn()) {
  render(
    <KelaskuThemeProvider>
      <ExamLikePage />
      <SessionGuard goHome={goHome} />
    </KelaskuThemeProvider>,
  );
  return goHome;
}

it('asks for a sign-in over the page when a call is refused, then sends it and the page carries on', async () => {
  const user = userEvent.setup();
  saveSession(ended, '2024100001');
  const login = jest.spyOn(authApi, 'login').mockResolvedValue({ token: fresh });
  const goHome = renderPage();

  await user.click(screen.getByRole('button', { name: 'Option B' }));
  const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
  expect(dialog).toHaveTextContent('Sign in again as Andi Pratama to continue.');
  expect(screen.getByTestId('status')).toHaveTextContent('Saving…'); // never "Saved" before the server has it
  expect(screen.getByLabelText('NIP/NIS')).toHaveValue('2024100001');

  await user.click(screen.getByLabelText('Password'));
  await user.paste('siswa123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('Saved'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByText('Picked: b')).toBeInTheDocument();
  expect(login).toHaveBeenCalledWith('2024100001', 'siswa123');
  expect(sent.map((s) => s.token)).toEqual([ended, fresh]);
  expect(getToken()).toBe(fresh);
  expect(goHome).not.toHaveBeenCalled();
});

it('shows a wrong password in the dialog and keeps the call waiting', async () => {
  const user = userEvent.setup();
  saveSession(ended, '2024100001');
  const refusal = new ApiError(401, { message: 'Invalid username or password' });
  jest.spyOn(authApi, 'login').mockRejectedValue(refusal);
  renderPage();
  await user.click(screen.getByRole('button', { name: 'Option B' }));
  await screen.findByRole('dialog', { name: 'Your session has ended' });
  await user.click(screen.getByLabelText('Password'));
  await user.paste('wrong');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Invalid username or password')).toBeInTheDocument();
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  expect(screen.getByTestId('status')).toHaveTextContent('Saving…');
  expect(sent).toHaveLength(1);
});

it('someone else signing in goes to their home and never sends the waiting call with their token', async () => {
  const user = userEvent.setup();
  saveSession(ended, '2024100001');
  const teacher = fakeToken({ user_id: 2, role: 'teacher', display_name: 'Budi', teacher_id: 1, exp: nowS + 86_400 });
  jest.spyOn(authApi, 'login').mockResolvedValue({ token: teacher });
  const goHome = renderPage();
  await user.click(screen.getByRole('button', { name: 'Option B' }));
  await screen.findByRole('dialog', { name: 'Your session has ended' });
  await user.clear(screen.getByLabelText('NIP/NIS'));
  await user.click(screen.getByLabelText('NIP/NIS'));
  await user.paste('198501012010011001');
  await user.click(screen.getByLabelText('Password'));
  await user.paste('guru123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(goHome).toHaveBeenCalledTimes(1));
  await new Promise((r) => setTimeout(r, 20));
  expect(sent.map((s) => s.token)).toEqual([ended]);
  expect(getToken()).toBe(teacher);
});

it('carries on when the user signs in again in another tab', async () => {
  const user = userEvent.setup();
  saveSession(ended, '2024100001');
  renderPage();
  await user.click(screen.getByRole('button', { name: 'Option B' }));
  await screen.findByRole('dialog', { name: 'Your session has ended' });
  saveSession(fresh); // what the other tab stored
  window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
  await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('Saved'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(sent.map((s) => s.token)).toEqual([ended, fresh]);
});

it('warns before a logout from the dialog while answers are unsent, and waiting keeps the dialog and the answers', async () => {
  const user = userEvent.setup();
  saveSession(ended, '2024100001');
  localStorage.setItem(
    'kelasku:answers:exam:12',
    JSON.stringify({ answers: { '1': 'b' }, changes: { '1': { answer: 'b', at: 1 } }, pending: true, item_id: 5 }),
  );
  const goHome = renderPage();
  await user.click(screen.getByRole('button', { name: 'Option B' }));
  const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
  await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
  const warning = await screen.findByRole('dialog', { name: 'Not everything is on the server yet' });
  await user.click(within(warning).getByRole('button', { name: 'Wait for the connection' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Not everything is on the server yet' })).toBeNull());
  expect(screen.getByRole('dialog', { name: 'Your session has ended' })).toBeInTheDocument();
  expect(localStorage.getItem('kelasku:answers:exam:12')).not.toBeNull();
  expect(goHome).not.toHaveBeenCalled();
});
