// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(30000);

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, authApi } from '@kelasku/shared-api';
import { LoginPage } from './LoginPage';
import { prerenderLogin } from '../../prerender-login';
import { fakeToken } from '../test/session';
import { answer, held, refusal } from '../../../jest/msw-server';

jest.mock('../signed-in', () => ({ prefetchSignedIn: jest.fn() }));

const realLogin = authApi.login;
const loginSpy = jest.spyOn(authApi, 'login');
beforeEach(() => {
  localStorage.clear();
  loginSpy.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

async function fillAndSubmit(username = '2024100001', password = 'siswa123') {
  await userEvent.type(screen.getByPlaceholderText('NIP/NIS'), username);
  await userEvent.type(screen.getByPlaceholderText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('shows the heading, the explanation, the fields and the Login button', () => {
    render(<LoginPage onSignedIn={() => {}} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Grow your understanding on Kelasku');
    expect(
      screen.getByText(
        'To keep connected with us, please login with your personal information by NIP/NIS and password.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByPlaceholderText('NIP/NIS')).toBeRequired();
    expect(screen.getByPlaceholderText('Password')).toBeRequired();
    expect(screen.getByRole('img', { name: 'Kelasku' })).toBeInTheDocument();
  });

  it('toggles the password visibility with the eye button', async () => {
    render(<LoginPage onSignedIn={() => {}} />);
    const password = screen.getByPlaceholderText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('stores the token and decoded user data, then reports the user', async () => {
    const token = fakeToken({
      user_id: 7,
      role: 'teacher',
      display_name: 'Bu Sari',
      email: 's@x.id',
      exp: 4102444800,
      teacher_id: 3,
    });
    loginSpy.mockResolvedValue({ token });
    const onSignedIn = jest.fn();
    render(<LoginPage onSignedIn={onSignedIn} />);
    await fillAndSubmit('198501012010011001', 'guru123');
    expect(loginSpy).toHaveBeenCalledWith('198501012010011001', 'guru123');
    expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ role: 'teacher', teacher_id: 3 }));
    expect(localStorage.getItem('token')).toBe(token);
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}')).toMatchObject({ display_name: 'Bu Sari' });
  });

  it("wipes what another user left on this browser (drafts, unsent answers' plaintext, session) before storing the new one", async () => {
    // A teacher's session ended without a sign-out (expired, or the browser was closed): the student signs in next.
    localStorage.setItem(
      'token',
      fakeToken({ user_id: 7, role: 'teacher', display_name: 'Bu Sari', email: 's@x.id', exp: 1, teacher_id: 3 }),
    );
    localStorage.setItem('userData', JSON.stringify({ user_id: 7, role: 'teacher', display_name: 'Bu Sari' }));
    localStorage.setItem('kelasku:draft:7:edit-exam:5', JSON.stringify({ content: { '1_answer': 'b' } }));
    const student = fakeToken({
      user_id: 9,
      role: 'student',
      display_name: 'Siti',
      email: 'x@x.id',
      exp: 4102444800,
      student_id: 4,
    });
    loginSpy.mockResolvedValue({ token: student });
    const onSignedIn = jest.fn();
    render(<LoginPage onSignedIn={onSignedIn} />);
    await fillAndSubmit();
    expect(onSignedIn).toHaveBeenCalled();
    expect(localStorage.getItem('kelasku:draft:7:edit-exam:5')).toBeNull();
    expect(localStorage.getItem('token')).toBe(student);
  });

  it('keeps the drafts of the same user signing in again', async () => {
    const again = fakeToken({
      user_id: 7,
      role: 'teacher',
      display_name: 'Bu Sari',
      email: 's@x.id',
      exp: 4102444800,
      teacher_id: 3,
    });
    localStorage.setItem('token', again);
    localStorage.setItem('userData', JSON.stringify({ user_id: 7, role: 'teacher', display_name: 'Bu Sari' }));
    localStorage.setItem('kelasku:draft:7:edit-exam:5', '{"title":"kept"}');
    loginSpy.mockResolvedValue({ token: again });
    render(<LoginPage onSignedIn={() => {}} />);
    await fillAndSubmit('198501012010011001', 'guru123');
    expect(localStorage.getItem('kelasku:draft:7:edit-exam:5')).toBe('{"title":"kept"}');
  });

  it("shows the server's message under the form", async () => {
    loginSpy.mockRejectedValue(new ApiError(401, { error: 'Invalid credentials', message: 'Invalid credentials' }));
    const onSignedIn = jest.fn();
    render(<LoginPage onSignedIn={onSignedIn} />);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('falls back to the generic failure text when the server gives no message', async () => {
    loginSpy.mockRejectedValue(new ApiError(500, {}));
    render(<LoginPage onSignedIn={() => {}} />);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed, check your NIP/NIS and password.');
  });

  it('keeps Login disabled while the sign-in is on its way, then shows the refusal and lets the user try again', async () => {
    loginSpy.mockImplementation(realLogin); // the real API client, answered by the mock server
    const reply = held(refusal(401, { error: 'Invalid credentials', message: 'Invalid username or password' }));
    const auth = answer('post', '/auth', reply.reply);
    const onSignedIn = jest.fn();
    render(<LoginPage onSignedIn={onSignedIn} />);
    await fillAndSubmit('2024100001', 'salah123');
    const sending = await screen.findByRole('button', { name: 'Logging in...' });
    expect(sending).toBeDisabled();
    await waitFor(() =>
      expect(auth).toHaveBeenCalledWith({ query: {}, body: { username: '2024100001', password: 'salah123' } }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('');
    reply.release();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid username or password'));
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('asks to try later when there is no response at all', async () => {
    loginSpy.mockRejectedValue(new Error('Network Error'));
    render(<LoginPage onSignedIn={() => {}} />);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong, try again later.');
    expect(screen.getByPlaceholderText('NIP/NIS')).toHaveValue('2024100001');
  });
});

describe('LoginPage taking over the prerendered form of index.html', () => {
  afterEach(() => document.body.replaceChildren());

  it('is the same page with the Login button disabled, so the browser cannot submit it before the app starts', () => {
    const html = prerenderLogin();
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = html;
    expect(root.querySelector('.login-prerender h1')).toHaveTextContent('Grow your understanding on Kelasku');
    expect(root.querySelector('.login-prerender button[type="submit"]')).toBeDisabled();
  });

  it('keeps what the visitor typed and where the focus was, and removes the prerendered copy', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = prerenderLogin();
    root.querySelector<HTMLInputElement>('input[name="username"]')!.value = '2024100001';
    const typedPassword = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    typedPassword.value = 'siswa1';
    typedPassword.focus();

    render(<LoginPage onSignedIn={() => {}} />, { container: root });
    expect(root.querySelector('.login-prerender')).toBeNull();
    expect(screen.getByPlaceholderText('NIP/NIS')).toHaveValue('2024100001');
    expect(screen.getByPlaceholderText('Password')).toHaveValue('siswa1');
    expect(screen.getByPlaceholderText('Password')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    await userEvent.type(screen.getByPlaceholderText('Password'), '23');
    expect(screen.getByPlaceholderText('Password')).toHaveValue('siswa123');
  });
});
