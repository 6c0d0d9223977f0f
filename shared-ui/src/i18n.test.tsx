// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(30000);

import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '@kelasku/shared-api';
import { unreachable, quietFailedRequests } from '../../jest/msw-server';
import { reply, type Replier } from '../../jest/msw-routes';
import { RoleLayout, type LayoutRole } from './RoleLayout';
import { Pagination } from './Pagination';
import { SearchBox } from './SearchBox';
import { Modal } from './Modal';
import { ConfirmDialog } from './ConfirmDialog';
import { EmptyState, ErrorState, LoadFailure, LoadingState } from './states';
import { AnswerForm, authorName, ReplyItem } from './discussions';
import { useLeaveWarning } from './drafts';
import { WelcomeLine } from './WelcomeLine';
import { LanguageSwitch } from './LanguageSwitch';
import { renderAt, setViewportWidth } from './test-utils';
import type { NavItem } from './nav';

// Every shared component in Indonesian (the Jest setup throws on a key without a message), and the language switch.

const menu: NavItem[] = [{ label: 'Beranda', to: '/DashboardStudent' }];
const signIn = (role: LayoutRole) => {
  localStorage.setItem('token', 'a.b.c');
  localStorage.setItem('userData', JSON.stringify({ user_id: 3, role, display_name: '', exp: 9999999999 }));
};
/** The server's side of PUT /users/language: the account keeps the language it was sent. */
let saveLanguage: Replier<'put /users/language'>;
const saved = (language: string) => ({ query: {}, body: { language } });

beforeEach(() => {
  localStorage.clear();
  setViewportWidth(1280);
  saveLanguage = reply('put /users/language', ({ body }) => ({ language: body.language }));
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());
/** Unmounts before the language goes back to English (jest/setup-i18n.ts), so nothing re-renders outside act(). */
const unmountThenEnglish = async () => {
  cleanup();
  await i18next.changeLanguage('en');
};

describe('in Indonesian', () => {
  beforeEach(() => i18next.changeLanguage('id'));
  afterEach(unmountThenEnglish);

  it.each([
    ['admin', 'Kelasku Admin', 'Anda Telah Logout'],
    ['teacher', 'Kelasku Guru', 'Anda berhasil keluar'],
    ['student', 'Kelasku Siswa', 'Anda berhasil keluar'],
  ] as const)(
    'the %s sidebar: title, navigation, language switch, Keluar and its alert',
    async (role, title, logoutAlert) => {
      signIn(role);
      renderAt(
        <RoleLayout role={role} items={menu}>
          <p>isi</p>
        </RoleLayout>,
        '/DashboardStudent',
      );
      expect(screen.getByText(title)).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: `Navigasi ${title}` })).toBeInTheDocument();
      const languages = screen.getByRole('group', { name: 'Bahasa' });
      expect(within(languages).getByRole('button', { name: 'Bahasa Indonesia' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Keluar' }));
      expect(alert).toHaveBeenCalledWith(logoutAlert);
    },
  );

  it('the phone menu button', () => {
    setViewportWidth(360);
    renderAt(
      <RoleLayout role="student" items={menu}>
        <p>isi</p>
      </RoleLayout>,
      '/DashboardStudent',
    );
    expect(screen.getByRole('button', { name: 'Buka menu' })).toBeInTheDocument();
  });

  it('pagination', () => {
    render(<Pagination currentPage={2} totalPages={3} onPageChange={() => {}} />);
    expect(screen.getByRole('navigation', { name: 'Navigasi halaman' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Halaman sebelumnya' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Halaman 3' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Halaman berikutnya' })).toBeEnabled();
  });

  it('the search box', () => {
    render(<SearchBox query="" onChange={() => {}} onSearch={() => {}} />);
    expect(screen.getByPlaceholderText('Cari')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cari' })).toBeInTheDocument();
  });

  it("the form dialog's and the confirmation's buttons", () => {
    const { unmount } = render(<Modal open title="Tambah Kelas" fields={[]} onClose={() => {}} onConfirm={() => {}} />);
    expect(screen.getByRole('button', { name: 'Batal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeInTheDocument();
    unmount();
    render(<ConfirmDialog open title="Hapus kelas?" message="Yakin?" onConfirm={() => {}} onClose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Batal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ya' })).toBeInTheDocument();
  });

  it('loading, error, empty and not-found states', () => {
    const notFound = new ApiError(404, {});
    const forbidden = new ApiError(403, {});
    render(
      <>
        <LoadingState />
        <ErrorState message="Gagal memuat." onRetry={() => {}} />
        <EmptyState message="Belum ada kelas." />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Memuat...');
    expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
    const failure = (error: unknown) => (
      <LoadFailure
        error={error}
        what="kelas"
        failed="Gagal memuat."
        onRetry={() => {}}
        backTo="/MyClasses"
        backLabel="Kembali ke Kelas Saya"
      />
    );
    const { unmount } = renderAt(failure(notFound));
    expect(screen.getByRole('heading', { name: 'Maaf, kelas ini tidak ada atau sudah dihapus.' })).toBeInTheDocument();
    unmount();
    renderAt(failure(forbidden));
    expect(screen.getByRole('heading', { name: 'Anda tidak memiliki akses ke kelas ini.' })).toBeInTheDocument();
  });

  it("discussions: a teacher's reply, a nameless author, the answer box", () => {
    render(
      <ul>
        <ReplyItem reply={{ name: '', role: 'teacher', time: '2025-01-05T08:00:00Z', reply: 'Bagus.' }} />
      </ul>,
    );
    expect(screen.getAllByText('Guru')).toHaveLength(2); // the name's stand-in and the mark
    expect(screen.getByText('5 Januari 2025, 15.00 WIB')).toBeInTheDocument();
    expect(authorName('  ')).toBe('Siswa tanpa nama');
    render(<AnswerForm topic="Ekosistem" value="" onChange={() => {}} onSubmit={() => {}} sending={false} />);
    expect(screen.getByRole('textbox', { name: 'Tulis jawaban untuk Ekosistem' })).toHaveAttribute(
      'placeholder',
      'Tulis jawaban',
    );
    expect(screen.getByRole('button', { name: 'Kirim jawaban' })).toBeInTheDocument();
  });

  it('the leave warning of a form with unsaved changes', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    function Editing() {
      useLeaveWarning(true);
      return <Link to="/elsewhere">Pergi</Link>;
    }
    renderAt(<Editing />, '/here');
    await userEvent.click(screen.getByRole('link', { name: 'Pergi' }));
    expect(confirm).toHaveBeenCalledWith(
      'Tinggalkan halaman ini? Perubahan Anda belum disimpan (masih tersimpan di perangkat ini sebagai draf).',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/here');
  });

  it('the welcome line', () => {
    render(<WelcomeLine fallback="Tamu" name="Bu Sari" />);
    expect(screen.getByText('Selamat datang kembali, Bu Sari!')).toBeInTheDocument();
  });
});

describe('the language switch', () => {
  afterEach(unmountThenEnglish);
  const renderSwitch = () => render(<LanguageSwitch label="Language" />);

  it('names each language in itself and presses the active one', () => {
    renderSwitch();
    const english = screen.getByRole('button', { name: 'English' });
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(english).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('button', { name: 'Bahasa Indonesia' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('switches the language and remembers it on the device; signed out, nothing is saved on an account', async () => {
    renderSwitch();
    await userEvent.click(screen.getByRole('button', { name: 'Bahasa Indonesia' }));
    expect(i18next.language).toBe('id');
    expect(document.documentElement.lang).toBe('id');
    expect(localStorage.getItem('kelasku:language')).toBe('id');
    expect(screen.getByRole('button', { name: 'Bahasa Indonesia' })).toHaveAttribute('aria-pressed', 'true');
    expect(saveLanguage).not.toHaveBeenCalled();
  });

  it('saves the choice on the account when signed in, and a failed save changes nothing on the device', async () => {
    signIn('student');
    quietFailedRequests();
    saveLanguage.mockImplementation(unreachable);
    renderSwitch();
    await userEvent.click(screen.getByRole('button', { name: 'Bahasa Indonesia' }));
    await waitFor(() => expect(saveLanguage).toHaveBeenCalledWith(saved('id')));
    expect(localStorage.getItem('kelasku:language')).toBe('id');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => expect(saveLanguage).toHaveBeenLastCalledWith(saved('en')));
    expect(i18next.language).toBe('en');
    expect(localStorage.getItem('kelasku:language')).toBe('en');
  });

  it('re-renders the sidebar in the chosen language', async () => {
    signIn('teacher');
    renderAt(
      <RoleLayout role="teacher" items={menu}>
        <p>isi</p>
      </RoleLayout>,
      '/DashboardTeacher',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bahasa Indonesia' }));
    expect(await screen.findByRole('button', { name: 'Keluar' })).toBeInTheDocument();
    expect(screen.getByText('Kelasku Guru')).toBeInTheDocument();
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
