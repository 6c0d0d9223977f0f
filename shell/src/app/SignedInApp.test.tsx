// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(60000);

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { KelaskuThemeProvider } from '@kelasku/shared-ui/src/theme-provider';
import { authApi, usersApi } from '@kelasku/shared-api';
import { answer } from '../../../jest/msw-server';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@kelasku/shared-rules/src/passwords';
import { ShellRoutes } from './SignedInApp';
import { loadRoleApp } from './remotes';
import { reloadPage } from './reload-page';
import { signInAs } from '../test/session';

// The real loader fetches /remotes.json and uses Module Federation; here it hands back the mapped admin/App mock.
jest.mock('./remotes', () => ({ loadRoleApp: jest.fn() }));
jest.mock('../signed-in', () => ({ prefetchSignedIn: jest.fn() }));
// jsdom cannot load a page again.
jest.mock('./reload-page', () => ({ reloadPage: jest.fn() }));
const loadRoleAppMock = loadRoleApp as jest.MockedFunction<typeof loadRoleApp>;

function Path() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <KelaskuThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <ShellRoutes />
        <Path />
      </MemoryRouter>
    </KelaskuThemeProvider>,
  );
}

beforeEach(() => {
  localStorage.clear();
  loadRoleAppMock.mockReset();
  loadRoleAppMock.mockImplementation(async () => (await import('admin/App')).default);
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('shell routes', () => {
  it('sends a signed-out visitor on a role path to the login page at /', async () => {
    renderAt('/ManageClass10');
    expect(await screen.findByPlaceholderText('NIP/NIS')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
    expect(loadRoleAppMock).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor on a path the shell does not know to the login page at /', async () => {
    renderAt('/StudyPlanner');
    expect(await screen.findByPlaceholderText('NIP/NIS')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
    expect(loadRoleAppMock).not.toHaveBeenCalled();
  });

  it("hands / to the signed-in role's remote (which opens its home) and loads only that remote", async () => {
    signInAs('student', { student_id: 5 });
    renderAt('/');
    expect(await screen.findByTestId('remote-app')).toHaveTextContent(/^remote app at \/$/);
    expect(loadRoleAppMock.mock.calls).toEqual([['student']]);
  });

  it("hands another role's path to the user's own remote, never loading the other role's", async () => {
    signInAs('teacher', { teacher_id: 2 });
    renderAt('/ManageAccStudent');
    expect(await screen.findByTestId('remote-app')).toHaveTextContent('remote app at /ManageAccStudent');
    expect(loadRoleAppMock.mock.calls).toEqual([['teacher']]);
  });

  it('hands a path only the remote knows (a screen deployed after the shell was built) to that remote', async () => {
    signInAs('student', { student_id: 5 });
    renderAt('/StudyPlanner');
    expect(await screen.findByTestId('remote-app')).toHaveTextContent('remote app at /StudyPlanner');
    expect(loadRoleAppMock.mock.calls).toEqual([['student']]);
  });

  it('shows the login page at / after a logout from the remote', async () => {
    signInAs('student', { student_id: 5 });
    loadRoleAppMock.mockResolvedValueOnce(function LoggingOut() {
      const navigate = useNavigate();
      return (
        <button
          type="button"
          onClick={() => {
            localStorage.clear();
            void navigate('/');
          }}
        >
          Logout
        </button>
      );
    });
    renderAt('/DashboardStudent');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByPlaceholderText('NIP/NIS')).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
  });

  it("signing in on / (after a logout) hands over to the new role's remote", async () => {
    const user = userEvent.setup();
    jest.spyOn(authApi, 'login').mockImplementation(async () => {
      signInAs('admin');
      return { token: localStorage.getItem('token')! };
    });
    renderAt('/');
    await user.click(await screen.findByPlaceholderText('NIP/NIS'));
    await user.paste('198001');
    await user.click(screen.getByPlaceholderText('Password'));
    await user.paste('rahasia');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('remote-app')).toBeInTheDocument();
    expect(loadRoleAppMock.mock.calls).toEqual([['admin']]);
  });

  it("renders the role's remote on its own paths", async () => {
    signInAs('admin');
    renderAt('/class/12');
    expect(await screen.findByTestId('remote-app')).toHaveTextContent('remote app at /class/12');
  });

  it('shows a message with Retry when the remote fails to load; Retry loads the page again', async () => {
    signInAs('admin');
    loadRoleAppMock.mockRejectedValueOnce(new Error('ChunkLoadError'));
    renderAt('/DashboardAdmin');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The admin pages could not be loaded. Check your connection and try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reloadPage).toHaveBeenCalledTimes(1); // RemoteApp.test.tsx: why a new page
    expect(loadRoleAppMock).toHaveBeenCalledTimes(1);
  });

  it('catches a remote that crashes while rendering', async () => {
    signInAs('admin');
    loadRoleAppMock.mockResolvedValueOnce(() => {
      throw new Error('boom');
    });
    renderAt('/DashboardAdmin');
    expect(await screen.findByRole('alert')).toHaveTextContent('The admin pages could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('remote-app')).toBeInTheDocument();
  });
});

describe('developer pages', () => {
  it('/test lists at most two items, links to /post, and says when empty', async () => {
    let users: unknown = {
      users: [
        { id: 1, username: 'a' },
        { id: 2, username: 'b' },
        { id: 3, username: 'c' },
      ],
    };
    answer('get', '/users', () => users);
    const { unmount } = renderAt('/test');
    expect(await screen.findByText('Loading...')).toBeInTheDocument(); // the developer pages load on demand
    expect(await screen.findByRole('heading', { name: 'Data API' })).toBeInTheDocument();
    expect(screen.getByText('a')).toBeInTheDocument();
    expect(screen.getByText('b')).toBeInTheDocument();
    expect(screen.queryByText('c')).not.toBeInTheDocument();
    unmount();
    users = [];
    renderAt('/test');
    expect(await screen.findByText('Tidak ada data')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Ini post' }));
    // The router navigates in a transition: the path changes once /post's code has loaded.
    await waitFor(() => expect(screen.getByTestId('path')).toHaveTextContent('/post'));
  });

  it('/post adds an account, clears the fields and puts the role back to user', async () => {
    const create = jest
      .spyOn(usersApi, 'create')
      .mockResolvedValueOnce({} as never)
      .mockRejectedValueOnce(new Error('409'));
    const { container } = renderAt('/post');
    const username = await screen.findByLabelText(/Username/);
    const roleValue = () => container.querySelector<HTMLInputElement>('input[name="role"]')?.value;
    // paste, not type: MUI text fields re-render per keystroke, which is slow under jsdom.
    const put = async (field: HTMLElement, text: string) => {
      await userEvent.click(field);
      await userEvent.paste(text);
    };
    const fill = async (name: string) => {
      await put(username, name);
      await put(screen.getByLabelText(/Email/), `${name}@kelasku.id`);
      await put(screen.getByLabelText(/Password/), 'rahasia123');
    };
    await fill('guru2');
    await userEvent.click(screen.getByLabelText(/Role/));
    await userEvent.click(await screen.findByText('admin'));
    expect(roleValue()).toBe('admin');
    await userEvent.click(screen.getByText('Submit'));
    expect(create).toHaveBeenCalledWith({
      username: 'guru2',
      email: 'guru2@kelasku.id',
      password: 'rahasia123',
      role: 'admin',
    });
    expect(await screen.findByText('Akun berhasil ditambahkan!')).toBeInTheDocument();
    expect(username).toHaveValue('');
    expect(roleValue()).toBe('user');

    await fill('guru3');
    await userEvent.click(screen.getByText('Submit'));
    expect(await screen.findByText('Gagal menambahkan akun')).toBeInTheDocument();
    expect(username).toHaveValue('guru3');
  });

  it('/post keeps Submit disabled while the account is on its way', async () => {
    let answer!: () => void;
    const create = jest
      .spyOn(usersApi, 'create')
      .mockImplementation(() => new Promise((resolve) => (answer = () => resolve({} as never))));
    renderAt('/post');
    await userEvent.click(await screen.findByLabelText(/Username/));
    await userEvent.paste('guru5');
    await userEvent.click(screen.getByLabelText(/Email/));
    await userEvent.paste('guru5@kelasku.id');
    await userEvent.click(screen.getByLabelText(/Password/));
    await userEvent.paste('rahasia123');
    const submit = screen.getByRole('button', { name: 'Submit' });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(create).toHaveBeenCalledTimes(1);
    act(() => answer());
    expect(await screen.findByText('Akun berhasil ditambahkan!')).toBeInTheDocument();
  });

  it('/post lists the password rules the server keeps (shared-rules), ticks them, and sends no password that breaks one', async () => {
    const create = jest.spyOn(usersApi, 'create').mockResolvedValue({} as never);
    renderAt('/post');
    const password = await screen.findByLabelText(/Password/);
    const rules = screen.getByRole('list', { name: 'The new password must be' });
    expect(password).toHaveAttribute('aria-describedby', rules.id);
    const items = () => within(rules).getAllByRole('listitem');
    expect(items().map((li) => li.textContent)).toEqual([
      `At least ${PASSWORD_MIN_LENGTH} characters long(not met yet)`,
      `At most ${PASSWORD_MAX_LENGTH} characters long(not met yet)`,
    ]);
    await userEvent.click(screen.getByLabelText(/Username/));
    await userEvent.paste('guru4');
    await userEvent.click(screen.getByLabelText(/Email/));
    await userEvent.paste('guru4@kelasku.id');
    await userEvent.click(password);
    await userEvent.paste('x'.repeat(PASSWORD_MIN_LENGTH - 1));
    expect(items().map((li) => li.dataset.met)).toEqual(['false', 'true']);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await userEvent.paste('x');
    expect(items().map((li) => li.dataset.met)).toEqual(['true', 'true']);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(create).toHaveBeenCalledWith({
      username: 'guru4',
      email: 'guru4@kelasku.id',
      password: 'x'.repeat(PASSWORD_MIN_LENGTH),
      role: 'user',
    });
    create.mockClear();
    await userEvent.click(password);
    await userEvent.paste('x'.repeat(PASSWORD_MAX_LENGTH + 1));
    expect(items().map((li) => li.dataset.met)).toEqual(['true', 'false']);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    fireEvent.submit(password.closest('form')!);
    expect(create).not.toHaveBeenCalled();
  });
});
