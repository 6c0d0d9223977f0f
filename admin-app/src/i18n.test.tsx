// Every admin screen in Bahasa Indonesia. The test setup throws on a key without a message, so rendering each screen
// (and its dialogs) is also the missing-message check; the assertions show the screens really speak Indonesian.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import type { ClassItem, Report, Student, Teacher } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { reply } from '../../jest/msw-routes';
import { meta } from './test/fixtures';
import App from './App';
import ManageClasses from './features/classes/components/ManageClasses';
import ClassDetail from './features/classes/components/ClassDetail';
import ManageStudents from './features/accounts/components/ManageStudents';
import ManageTeachers from './features/accounts/components/ManageTeachers';
import { ImportStudentsDialog } from './features/accounts/components/ImportStudentsDialog';

/** A page of reports as GET /reports?page answers it. */
const reportPage = (reports: Report[]) => ({
  reports,
  meta: {
    page: 1,
    pageSize: 20,
    total: reports.length,
    totalPage: reports.length ? 1 : 0,
    totalpages: reports.length ? 1 : 0,
  },
});

jest.setTimeout(60000);

const andi = { id: 1, name: 'Andi', nis: '2024100001', grade: 10, status: 'Active' } as Student;
const budi = { id: 2, name: 'Budi', nis: '2024100002', grade: 11, status: 'Active', active: false } as Student;
const sari = {
  id: 7,
  name: 'Bu Sari',
  nip: '198501012010011001',
  specialization: 'Biology',
  status: 'Active',
} as Teacher;
const joko = {
  id: 8,
  name: 'Pak Joko',
  nip: '197001012000011001',
  specialization: 'Physics',
  status: 'Active',
} as Teacher;
const xIpa1: ClassItem = {
  id: 5,
  name: 'X IPA 1',
  description: 'Kelas IPA',
  teacher_id: 7,
  teacher_name: 'Bu Sari',
  grade: 10,
  student_count: 2,
};
const report: Report = {
  id: 3,
  kind: 'material',
  discussion_id: 3,
  reply_id: 'r-4',
  reporter_id: 9,
  reporter_name: 'Budi',
  author_name: 'Citra',
  message: 'Halo',
  topic: 'Umum',
  reason: null,
  class_id: 5,
  class_name: 'X IPA 1',
  material_id: 2,
  material_title: 'Sel',
  created_at: '2025-01-05T08:00:00+07:00',
};

beforeEach(async () => {
  jest.clearAllMocks();
  jest.spyOn(window, 'alert').mockImplementation(() => {});
  reply('get /stats/admin', () => ({
    classes: [
      {
        class_id: 5,
        name: 'X IPA 1',
        grade: 10,
        students: 30,
        tasks_completed: 12,
        tasks_uncompleted: 18,
        exam_done: 25,
        exam_not_done: 5,
      },
    ],
  }));
  reply('get /reports', () => reportPage([report]));
  reply('get /classes', () => ({ classes: [xIpa1], meta: { ...meta(1), total: 1 } }));
  // the roster carries every field of a student, the optional ones as null
  const andiOnRoster = { ...andi, phone_number: null, curr_score: null, profile_picture_url: null, user_id: '11' };
  reply('get /classes/details', () => ({ classes: { ...xIpa1, students: [andiOnRoster] }, meta: meta(1) }));
  // a page of the accounts lists, and the whole lists of the pickers (one page of them)
  reply('get /students', () => ({ students: [andi, budi], meta: { ...meta(1), total: 2 } }));
  reply('get /teachers', () => ({ students: [sari, joko], meta: meta(1) }));
  await i18next.changeLanguage('id');
});

describe('the admin screens in Bahasa Indonesia', () => {
  it('dashboard with the sidebar, the charts and the reported messages', async () => {
    renderAt(<App />, '/DashboardAdmin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Beranda' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Beranda' })).toHaveAttribute('href', '/DashboardAdmin');
    await userEvent.click(screen.getByRole('button', { name: 'Kelola Akun' }));
    expect(await screen.findByRole('link', { name: 'Akun Siswa' })).toHaveAttribute('href', '/ManageAccStudent');
    expect(screen.getByRole('button', { name: 'Kelola Kelas' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Cari' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Tugas Siswa per Kelas' }, { timeout: 15000 })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Perkembangan Ujian per Kelas' })).toBeInTheDocument();

    const reports = screen.getByRole('region', { name: 'Pesan yang Dilaporkan' });
    expect(await within(reports).findByText('Alasan: tidak disebutkan')).toBeInTheDocument();
    expect(reports).toHaveTextContent('Balasan di X IPA 1 / Sel, topik "Umum"');
    await userEvent.click(within(reports).getByRole('button', { name: 'Hapus pesan yang dilaporkan dari Citra' }));
    expect(
      await screen.findByRole('dialog', { name: 'Yakin ingin menghapus pesan dari Citra ini?' }),
    ).toBeInTheDocument();
  });

  it('the classes of a grade, with the add dialog', async () => {
    renderAt(<ManageClasses grade={10} />, '/ManageClass10');
    expect(screen.getByRole('heading', { level: 1, name: 'Kelola Kelas' })).toBeInTheDocument();
    expect(screen.getByText('Kelas 10')).toBeInTheDocument();
    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('2 Siswa');
    expect(card).toHaveTextContent('Guru: Bu Sari');
    expect(within(card).getByRole('link', { name: 'Detail X IPA 1' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Tambah Kelas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Kelas' });
    expect(within(dialog).getByRole('textbox', { name: 'Nama Kelas' })).toBeInTheDocument();
    expect(
      await within(dialog).findByRole('checkbox', { name: 'Masukkan seluruh siswa tingkat 10 (2 siswa)' }),
    ).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tambah' }));
    expect(alert).toHaveBeenCalledWith('Semua field harus diisi.');
  });

  it('a class roster, with the assign dialog', async () => {
    renderAt(<ClassDetail />, '/class/5', { pattern: '/class/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kelas X IPA 1 - Bu Sari' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Siswa di kelas ini' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Nama', 'NIS', 'Tingkat', 'Status', 'Aksi']);
    expect(screen.getByRole('link', { name: 'Kembali ke daftar kelas tingkat 10' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Tambahkan Siswa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambahkan Siswa' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tambahkan' }));
    expect(alert).toHaveBeenCalledWith('Pilih minimal satu siswa.');
  });

  it('the student accounts, with the add form, its checks and the one-time password', async () => {
    reply('post /students', () => ({
      ...andi,
      id: 9,
      name: 'Citra',
      nis: '2024100077',
      initial_password: 'kq7-Pm2x',
    }));
    renderAt(<ManageStudents />, '/ManageAccStudent');
    expect(screen.getByRole('heading', { level: 1, name: 'Akun Siswa' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Akun Siswa' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nama', 'NIS', 'Status', 'Tingkat', 'Aksi']);
    expect(within(table).getByRole('row', { name: /Budi 2024100002 Active Dinonaktifkan 11/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Terapkan Filter' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Tambah Siswa Baru' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Siswa Baru' });
    expect(
      within(dialog).getByText('Isi tingkat untuk melihat kelas mana saja yang akan diikuti siswa.'),
    ).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Nama' }), 'Citra');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NIS' }), 'S-1');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Status' }), 'Active');
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Tingkat' }), '10.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tambah' }));
    expect(within(dialog).getByText('Tingkat harus 10, 11, atau 12 (bilangan bulat)')).toBeInTheDocument();
    expect(within(dialog).getByText('NIS hanya boleh berisi angka (0-9).')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'NIS' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'NIS' }), '2024100077');
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Tingkat' }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Tingkat' }), '10');
    const join = await within(dialog).findByRole('checkbox', { name: 'Masuk ke seluruh kelas tingkat 10 (1 kelas)' });
    expect(join).not.toBeChecked();
    await userEvent.click(join);
    expect(within(dialog).getByText('Kelas 10: X IPA 1')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tambah' }));
    const shown = await screen.findByRole('dialog', { name: 'Siswa Berhasil Ditambahkan' });
    expect(within(shown).getByRole('button', { name: 'Salin' })).toBeInTheDocument();
    await userEvent.click(within(shown).getByRole('checkbox', { name: 'Saya sudah mencatat kata sandinya' }));
    await userEvent.click(within(shown).getByRole('button', { name: 'Selesai' }));
  });

  it('the student lifecycle dialogs: reset password, reactivate and delete', async () => {
    renderAt(<ManageStudents />, '/ManageAccStudent');
    await userEvent.click(await screen.findByRole('button', { name: 'Atur ulang kata sandi Andi' }));
    expect(await screen.findByRole('dialog', { name: 'Atur ulang kata sandi Andi?' })).toHaveTextContent(
      'kata sandi lama tidak berlaku lagi',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10000 }); // the fade-out

    await userEvent.click(screen.getByRole('button', { name: 'Aktifkan kembali Budi' }));
    expect(await screen.findByRole('dialog', { name: 'Aktifkan kembali Budi?' })).toHaveTextContent(
      'Budi dapat masuk lagi dengan kata sandinya saat ini.',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 10000 }); // the fade-out

    await userEvent.click(screen.getByRole('button', { name: 'Hapus Andi' }));
    const confirm = await screen.findByRole('dialog', { name: 'Yakin ingin menghapus Andi?' });
    expect(within(confirm).getByRole('button', { name: 'Nonaktifkan saja' })).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Hapus Siswa' })).toBeInTheDocument();
  });

  it('the teacher accounts, with deleting a teacher who still teaches', async () => {
    renderAt(<ManageTeachers />, '/ManageAccTeacher');
    expect(screen.getByRole('heading', { level: 1, name: 'Akun Guru' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Akun Guru' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nama', 'NIP', 'Bidang Studi', 'Status', 'Aksi']);

    await userEvent.click(screen.getByRole('button', { name: 'Hapus Bu Sari' }));
    const confirm = await screen.findByRole('dialog', { name: 'Yakin ingin menghapus Bu Sari?' });
    expect(
      await within(confirm).findByText(
        'Bu Sari masih mengajar 1 kelas. Kelas dan isinya tidak pernah ikut terhapus bersama gurunya: serahkan kelasnya ke guru lain terlebih dahulu.',
      ),
    ).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Serahkan X IPA 1' })).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Hapus Guru' })).toBeDisabled();
  });

  it('the CSV import: preview with each row problem, then the imported passwords', async () => {
    const importRows = reply('post /students/import', ({ body }) =>
      body.dry_run
        ? { created: 0, errors: [], students: [] }
        : {
            created: 1,
            errors: [],
            students: [{ ...andi, id: 31, name: 'Siti', nis: '2024100101', initial_password: 'pw-1' }],
          },
    );
    renderAt(<ImportStudentsDialog open onClose={() => {}} onImported={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Impor Siswa dari CSV' });
    // the Indonesian help names the Indonesian headers first, and every accepted one
    expect(dialog).toHaveTextContent('nama, nis, tingkat, status');
    expect(dialog).toHaveTextContent('Nama: name, full name, student name, nama, nama lengkap');
    await userEvent.upload(
      screen.getByLabelText('Berkas CSV'),
      new File(['name,nis,grade\n,2024 1,13\nSiti,2024100101,10\n'], 'siswa.csv', { type: 'text/csv' }),
    );
    const preview = await screen.findByRole('table', { name: 'Siswa yang akan diimpor' });
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Baris', 'Nama', 'NIS', 'Tingkat', 'Status', 'Kelas', 'Masalah']);
    expect(within(preview).getByText('name: Nama wajib diisi.')).toBeInTheDocument();
    // a NIS typed with a space is taken without it
    expect(within(preview).getByText('20241')).toBeInTheDocument();
    expect(within(preview).getByText('grade: Tingkat harus 10, 11, atau 12.')).toBeInTheDocument();
    // the rows without a problem are checked by a dry run first
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('2 baris dibaca dari siswa.csv. 1 baris bermasalah'),
    );
    expect(importRows).toHaveBeenCalledWith({
      query: {},
      body: { rows: [{ name: 'Siti', nis: '2024100101', grade: 10, status: 'Active' }], dry_run: true },
    });

    await userEvent.upload(
      screen.getByLabelText('Berkas CSV'),
      new File(['nama,nis,tingkat\nSiti,2024100101,10\n'], 'siswa.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText(/Semua baris valid\./)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Impor 1 siswa' }));
    expect(await screen.findByText('1 siswa berhasil diimpor.')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Siswa yang diimpor' })).toHaveTextContent('Kata sandi awal');
  });
});
