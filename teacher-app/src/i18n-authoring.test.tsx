// The authoring screens (subjects, class stream, exercises and exams) in Bahasa Indonesia: each shows its Indonesian
// title or main text. The Jest setup throws on a key without a message, so rendering a screen is itself the check
// that none of its texts is missing in Indonesian.
import type { ReactElement } from 'react';
import i18next from 'i18next';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyQuestion, type Student } from '@kelasku/shared-api';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { reply } from '../../jest/msw-routes';
import {
  exam as examOf,
  exercise as exerciseOf,
  MC_AND_ESSAY,
  meta,
  signInAsTeacher,
  SUBJECTS,
  summaryOf,
  X_IPA_1,
} from './test/fixtures';
import { answerMyClasses } from './test/network';
import { mockCanvas, restoreCanvas } from './test/mock-canvas';
import ManageSubjects from './features/materials/components/ManageSubjects';
import CreateSubject from './features/materials/components/CreateSubject';
import EditSubject from './features/materials/components/EditSubject';
import DetailSubject from './features/materials/components/DetailSubject';
import ManageTaskExam from './features/class-stream/components/ManageTaskExam';
import CreateTaskPicker from './features/class-stream/components/CreateTaskPicker';
import CreateExamRedirect from './features/class-stream/components/CreateExamRedirect';
import CreateExercise from './features/assessments/components/CreateExercise';
import CreateExam from './features/assessments/components/CreateExam';
import EditExercise from './features/assessments/components/EditExercise';
import EditExam from './features/assessments/components/EditExam';
import PreviewExercise from './features/assessments/components/PreviewExercise';
import PreviewExam from './features/assessments/components/PreviewExam';
import { QuestionCard } from './features/assessments/components/QuestionCard';

// Quill needs a real browser; a textarea stands in for the lazily loaded editor (as in CreateSubject.test).
jest.mock('./features/materials/components/RichEditor', () => ({
  __esModule: true,
  default: ({
    label,
    initialValue,
    onChange,
  }: {
    label: string;
    initialValue: string;
    onChange: (v: string) => void;
  }) => <textarea aria-label={label} defaultValue={initialValue} onChange={(e) => onChange(e.target.value)} />,
}));

const subjects = SUBJECTS;
const exercise = exerciseOf({ id: 5, material_id: 11, title: 'Latihan Sel', content: MC_AND_ESSAY });
const exam = examOf({ id: 2, title: 'UTS Biologi', content: MC_AND_ESSAY });
const ahmad: Student = { id: 3, name: 'Ahmad Fauzi', nis: '2024100001', grade: 10, status: 'Aktif' };

beforeEach(async () => {
  signInAsTeacher();
  answerMyClasses([X_IPA_1]);
  reply('get /classes/students', () => ({ students: [ahmad], meta: meta(1) }));
  reply('get /materials/from-class', () => ({ materials: subjects, meta: meta(2) }));
  reply('get /materials/detail', () => subjects[0]);
  reply('get /discussions-material/unanswered', () => ({ materials: [], total: 0 }));
  reply('get /discussions-material', ({ query }) => ({
    discussions:
      query.id === '11'
        ? [{ id: 1, student_id: 3, student_name: 'Ahmad', topic: 'Apa itu sel?', description: 'Bingung', replies: [] }]
        : [],
    meta: meta(query.id === '11' ? 1 : 0),
  }));
  reply('get /exercises', () => [exercise]);
  reply('get /exercises/graded-count', () => ({ count: 3 }));
  reply('get /exercises/submissions', () => []);
  reply('get /exams', () => [exam]);
  reply('get /exams/of-class', () => [summaryOf(exam)]);
  reply('get /exams/graded-count', () => ({ count: 1 }));
  reply('get /exams/submissions', () => []);
  await i18next.changeLanguage('id');
});

const inIndonesian = (ui: ReactElement, path: string) => renderAt(ui, path, { from: '/DashboardTeacher' });

describe('subjects in Indonesian', () => {
  it('Kelola Materi lists the subjects with their actions', async () => {
    const user = userEvent.setup();
    inIndonesian(<ManageSubjects grade={10} />, '/ManageSubjects10');
    expect(await screen.findByRole('heading', { name: 'Kelola Materi' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Lihat materi ini: Sel Hewan' })).toBeInTheDocument();
    expect(screen.getByText('Ada tugas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buat Materi' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pilihan untuk Genetika' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hapus Materi' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Apakah Anda yakin ingin menghapus Genetika?');
  });

  it('Buat Materi says, in Indonesian, the first rule the form breaks', async () => {
    const user = userEvent.setup();
    inIndonesian(<CreateSubject grade={10} />, '/CreateSubjects10');
    expect(await screen.findByRole('heading', { name: /^Buat Materi - / })).toBeInTheDocument();
    expect(screen.getByLabelText('Judul Materi')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Judul wajib diisi.')).toBeInTheDocument();
  });

  it('Ubah Materi fills the form with the subject', async () => {
    inIndonesian(<EditSubject />, '/EditSubjects?id=11');
    expect(await screen.findByRole('heading', { name: 'Ubah Materi' })).toBeInTheDocument();
    expect(screen.getByLabelText('Deskripsi Singkat')).toHaveValue('Struktur sel');
  });

  it("the subject's page shows its exercise actions and the students' questions", async () => {
    inIndonesian(<DetailSubject />, '/DetailSubjects?id=11');
    expect(await screen.findByRole('link', { name: 'Buat tugas untuk materi ini' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Diskusi Materi' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Hapus pertanyaan' })).toBeInTheDocument();
    expect(screen.getByText('Belum ada balasan.')).toBeInTheDocument();
  });
});

describe('class stream in Indonesian', () => {
  it('shows the forum, then the classwork and the members', async () => {
    const user = userEvent.setup();
    inIndonesian(<ManageTaskExam />, '/ManageTaskExam?class_id=4');
    expect(await screen.findByRole('heading', { name: 'Kelas X IPA 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Materi terbaru' })).toBeInTheDocument();
    const upcoming = screen.getByRole('complementary', { name: 'Tugas & Ujian Mendatang' });
    expect(within(upcoming).getByRole('link', { name: 'Ujian: UTS Biologi' })).toBeInTheDocument();
    expect(within(upcoming).getByText(/\(Terjadwal\)$/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Tugas Kelas' }));
    expect(await screen.findByRole('heading', { name: 'Ujian' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buat tugas untuk Genetika' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Anggota' }));
    expect(await screen.findByText('1 siswa')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Nama' })).toBeInTheDocument();
  });

  it('Buat Tugas offers the subjects that have no exercise yet', async () => {
    inIndonesian(<CreateTaskPicker />, '/create-task?class_id=4');
    expect(await screen.findByRole('heading', { name: 'Buat Tugas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buat tugas untuk Genetika' })).toBeInTheDocument();
  });

  it('Create → Ujian without a class says so', () => {
    inIndonesian(<CreateExamRedirect />, '/create-exam');
    expect(screen.getByRole('heading', { name: 'Belum ada kelas yang dipilih.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kembali ke Beranda' })).toBeInTheDocument();
  });
});

describe('exercises and exams in Indonesian', () => {
  it('Buat Tugas: the question editor and its shuffle switches', async () => {
    reply('get /exercises', () => []);
    inIndonesian(<CreateExercise />, '/CreateExercise?material_id=11');
    expect(await screen.findByRole('heading', { name: 'Buat Tugas' })).toBeInTheDocument();
    expect(screen.getByText('Materi: Sel Hewan')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Soal 1' })).toBeInTheDocument();
    expect(screen.getByLabelText('Acak urutan soal')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tambah soal' })).toBeInTheDocument();
  });

  it('Buat Ujian: the WIB schedule, and its rule in Indonesian', async () => {
    const user = userEvent.setup();
    reply('get /exams', () => []);
    inIndonesian(<CreateExam />, '/CreateExam?class_id=4');
    expect(await screen.findByRole('heading', { name: 'Buat Ujian' })).toBeInTheDocument();
    expect(screen.getByLabelText('Tanggal ujian')).toBeInTheDocument();
    fill(screen.getByLabelText('Judul ujian'), 'UTS Biologi');
    await user.click(screen.getByRole('button', { name: 'Buat Ujian' }));
    expect(await screen.findByText('Waktu mulai dan waktu selesai wajib diisi.')).toBeInTheDocument();
    fill(screen.getByLabelText('Waktu mulai (WIB)'), '09:00');
    fill(screen.getByLabelText('Waktu selesai (WIB)'), '08:00');
    expect(screen.getByText('Waktu selesai harus setelah waktu mulai.')).toBeInTheDocument();
  });

  it('Ubah Tugas warns how many answer sheets are re-graded', async () => {
    inIndonesian(<EditExercise />, '/EditExercise?material_id=11');
    expect(await screen.findByRole('heading', { name: 'Ubah Tugas' })).toBeInTheDocument();
    expect(await screen.findByText(/^3 lembar jawaban akan dinilai ulang saat Anda menyimpan/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Simpan Tugas' })).toBeInTheDocument();
  });

  it('Ubah Ujian, for an exam that has started', async () => {
    reply('get /exams', () => [{ ...exam, status: 'Active' }]);
    inIndonesian(<EditExam />, '/EditExam?class_id=4');
    expect(await screen.findByRole('heading', { name: 'Ubah Ujian' })).toBeInTheDocument();
    expect(screen.getByText('Ujian ini sudah dimulai. Perubahan langsung berlaku bagi siswa.')).toBeInTheDocument();
    expect(await screen.findByText(/^1 lembar jawaban akan dinilai ulang/)).toBeInTheDocument();
  });

  it("the exercise's preview marks the answer key", async () => {
    inIndonesian(<PreviewExercise />, '/PreviewExercise?material_id=11');
    expect(await screen.findByText('Tugas untuk Sel Hewan')).toBeInTheDocument();
    const options = screen.getByRole('list', { name: 'Pilihan soal 1' });
    expect(within(options).getAllByRole('listitem')[1]).toHaveTextContent('Kunci jawaban');
    expect(screen.getByRole('region', { name: 'Soal 2' })).toHaveTextContent(
      'Jawaban acuan: Cahaya menjadi energi kimia.',
    );
    expect(screen.getByRole('link', { name: 'Nilai & pemeriksaan esai' })).toBeInTheDocument();
  });

  it("the exam's preview shows its class, WIB window and status", async () => {
    inIndonesian(<PreviewExam />, '/PreviewAnExam?class_id=4');
    expect(await screen.findByText('Ujian untuk kelas X IPA 1')).toBeInTheDocument();
    expect(screen.getByText('Terjadwal')).toBeInTheDocument();
    expect(screen.getByText('15 Juni 2030')).toBeInTheDocument();
  });
});

describe('picture messages in Indonesian', () => {
  afterEach(restoreCanvas);
  const renderCard = () =>
    render(
      <QuestionCard
        number={1}
        question={emptyQuestion('essay')}
        canRemove={false}
        onChange={jest.fn()}
        onRemove={jest.fn()}
      />,
    );

  it('names the limit with a decimal comma when a picture is still too large', async () => {
    mockCanvas({ width: 1500, height: 1000 }, 1_800_000);
    renderCard();
    const photo = new File([new Uint8Array(1_800_000)], 'IMG_0001.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByLabelText('Gambar untuk soal 1'), { target: { files: [photo] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Gambar ini terlalu besar; ukuran gambar paling besar 1,5 MB.',
    );
  });

  it('asks for a picture file when the file is not one', async () => {
    renderCard();
    fireEvent.change(screen.getByLabelText('Gambar untuk soal 1'), {
      target: { files: [new File(['x'], 'catatan.txt', { type: 'text/plain' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Pilih file gambar (JPEG, PNG, WebP, atau GIF).');
  });
});
