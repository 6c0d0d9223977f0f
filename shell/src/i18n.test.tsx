// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(60000);

import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router-dom';
import { KelaskuThemeProvider } from '@kelasku/shared-ui/src/theme-provider';
import { ApiError, authApi, usersApi } from '@kelasku/shared-api';
import { answer } from '../../jest/msw-server';
import { LoginPage } from './login/LoginPage';
import { SignInDialog } from './app/SignInDialog';
import { ShellRoutes } from './app/SignedInApp';
import { loadRoleApp } from './app/remotes';
import { BootErrorBoundary } from './BootErrorBoundary';
import { Root } from './Root';
import { fakeToken, signInAs } from './test/session';

// Every shell screen in Indonesian (the Jest setup throws on a key without a message), the language switch of the
// login page, and the account's language taking over at sign-in.

jest.mock('./app/remotes', () => ({ loadRoleApp: jest.fn() }));
// The signed-in part never arrives here: Root shows its loading text meanwhile.
jest.mock('./signed-in', () => ({ prefetchSignedIn: jest.fn(), loadSignedInApp: () => new Promise(() => {}) }));
const loadRoleAppMock = loadRoleApp as jest.MockedFunction<typeof loadRoleApp>;

const nowS = Math.floor(Date.now() / 1000);
const student = {
  user_id: 7,
  email: 's@kelasku.id',
  role: 'student' as const,
  display_name: 'Andi Pratama',
  student_id: 3,
  exp: nowS + 3600,
};
const refusal = (data: unknown, status: number) => new ApiError(status, data);

let login: jest.SpiedFunction<typeof authApi.login>;
let saveLanguage: jest.SpiedFunction<typeof usersApi.saveLanguage>;
beforeEach(() => {
  localStorage.clear();
  login = jest.spyOn(authApi, 'login');
  saveLanguage = jest.spyOn(usersApi, 'saveLanguage').mockResolvedValue({ language: 'id' });
  loadRoleAppMock.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(async () => {
  jest.restoreAllMocks();
  // Unmounted before the language goes back to English (jest/setup-i18n.ts), so nothing re-renders outside act().
  cleanup();
  await i18next.changeLanguage('en');
});

async function signInThroughForm(user = userEvent.setup()) {
  await user.click(screen.getByPlaceholderText('NIP/NIS'));
  await user.paste('2024100001');
  await user.click(screen.getByPlaceholderText(/Password|Kata sandi/));
  await user.paste('siswa123');
  await user.click(screen.getByRole('button', { name: /^(Login|Masuk)$/ }));
}

describe('the login page', () => {
  it('is Indonesian', async () => {
    await i18next.changeLanguage('id');
    render(<LoginPage onSignedIn={() => {}} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kembangkan pemahamanmu di Kelasku');
    expect(
      screen.getByText('Agar tetap terhubung, silakan masuk dengan data pribadi Anda: NIP/NIS dan kata sandi.'),
    ).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Kata sandi')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Tampilkan kata sandi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Masuk' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Bahasa' })).getByRole('button', { name: 'Bahasa Indonesia' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches to Indonesian with its switch, remembered on the device and saved on no account', async () => {
    render(<LoginPage onSignedIn={() => {}} />);
    await userEvent.click(
      within(screen.getByRole('group', { name: 'Language' })).getByRole('button', { name: 'Bahasa Indonesia' }),
    );
    expect(await screen.findByRole('button', { name: 'Masuk' })).toBeInTheDocument();
    expect(localStorage.getItem('kelasku:language')).toBe('id');
    expect(saveLanguage).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('says in Indonesian why a sign-in failed', async () => {
    await i18next.changeLanguage('id');
    login.mockRejectedValueOnce(new ApiError(undefined)).mockRejectedValueOnce(new ApiError(500, {}));
    render(<LoginPage onSignedIn={() => {}} />);
    await signInThroughForm();
    expect(await screen.findByText('Terjadi kesalahan, coba lagi nanti.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByText('Gagal masuk, periksa NIP/NIS dan kata sandi Anda.')).toBeInTheDocument();
  });

  it("gives the server's reason in Indonesian when the server named it by a code", async () => {
    // The errors namespace's own messages are written elsewhere: this test brings the one it reads.
    const saved = i18next.getResourceBundle('id', 'errors') as object;
    i18next.addResourceBundle('id', 'errors', { 'login-failed': 'NIP/NIS atau kata sandi salah (uji)' }, true, true);
    try {
      await i18next.changeLanguage('id');
      login.mockRejectedValue(
        refusal({ code: 'login-failed', error: 'Unauthorized', message: 'Invalid username or password' }, 401),
      );
      render(<LoginPage onSignedIn={() => {}} />);
      await signInThroughForm();
      expect(await screen.findByText('NIP/NIS atau kata sandi salah (uji)')).toBeInTheDocument();
    } finally {
      i18next.removeResourceBundle('id', 'errors');
      i18next.addResourceBundle('id', 'errors', saved);
    }
  });

  it("switches to the language saved on the account at sign-in (the token's claim)", async () => {
    const onSignedIn = jest.fn();
    login.mockResolvedValueOnce({ token: fakeToken({ ...student, language: 'id' }) });
    render(<LoginPage onSignedIn={onSignedIn} />);
    await signInThroughForm();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(i18next.language).toBe('id');
    expect(localStorage.getItem('kelasku:language')).toBe('id');
    expect(saveLanguage).not.toHaveBeenCalled(); // it came from the account
  });

  it("keeps the device's language when the account has none", async () => {
    await i18next.changeLanguage('id');
    const onSignedIn = jest.fn();
    login.mockResolvedValueOnce({ token: fakeToken(student) });
    render(<LoginPage onSignedIn={onSignedIn} />);
    await signInThroughForm();
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(i18next.language).toBe('id');
  });
});

describe('the sign-in dialog of an ended session', () => {
  const renderDialog = (onSignedIn = jest.fn()) =>
    render(
      <KelaskuThemeProvider>
        <SignInDialog previous={student} onSignedIn={onSignedIn} onLogout={() => {}} />
      </KelaskuThemeProvider>,
    );

  it('is Indonesian', async () => {
    await i18next.changeLanguage('id');
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Sesi Anda telah berakhir' });
    expect(dialog).toHaveTextContent(
      'Masuk lagi sebagai Andi Pratama untuk melanjutkan. Pekerjaan Anda di halaman ini tetap tersimpan dan akan dikirim setelah Anda masuk.',
    );
    expect(screen.getByLabelText('NIP/NIS')).toBeInTheDocument();
    expect(screen.getByLabelText('Kata sandi')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keluar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Masuk' }));
    expect(await screen.findByText('Masukkan NIP/NIS dan kata sandi Anda.')).toBeInTheDocument();
  });

  it("switches to the account's language at sign-in", async () => {
    const onSignedIn = jest.fn();
    login.mockResolvedValueOnce({ token: fakeToken({ ...student, language: 'id' }) });
    renderDialog(onSignedIn);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('NIP/NIS'));
    await user.paste('2024100001');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('siswa123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(i18next.language).toBe('id');
  });
});

describe('the boot and remote texts, and the developer pages', () => {
  beforeEach(() => i18next.changeLanguage('id'));

  it('the loading text while the signed-in part downloads', async () => {
    signInAs('student');
    render(<Root />);
    expect(await screen.findByText('Memuat...')).toBeInTheDocument();
  });

  it('the boot failure', () => {
    function Broken(): never {
      throw new Error('ChunkLoadError');
    }
    render(
      <BootErrorBoundary>
        <Broken />
      </BootErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Kelasku tidak dapat dimuat. Periksa koneksi Anda lalu coba lagi.',
    );
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });

  const renderAt = (path: string) =>
    render(
      <KelaskuThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          <ShellRoutes />
        </MemoryRouter>
      </KelaskuThemeProvider>,
    );

  it.each([
    ['admin', 'Halaman admin tidak dapat dimuat. Periksa koneksi Anda lalu coba lagi.'],
    ['teacher', 'Halaman guru tidak dapat dimuat. Periksa koneksi Anda lalu coba lagi.'],
    ['student', 'Halaman siswa tidak dapat dimuat. Periksa koneksi Anda lalu coba lagi.'],
  ] as const)('a remote that fails to load (%s)', async (role, text) => {
    signInAs(role);
    loadRoleAppMock.mockRejectedValueOnce(new Error('ChunkLoadError'));
    renderAt('/');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  });

  it('/test and /post', async () => {
    answer('get', '/users', () => []);
    const { unmount } = renderAt('/test');
    expect(await screen.findByText('Tidak ada data')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Data API' })).toBeInTheDocument();
    unmount();
    renderAt('/post');
    expect(await screen.findByRole('heading', { name: 'Tambah Akun' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Nama pengguna/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Kata sandi/, { selector: 'input' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Peran/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kirim' })).toBeInTheDocument();
  });
});
