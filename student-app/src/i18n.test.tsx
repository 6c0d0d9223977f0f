// Every student screen in Bahasa Indonesia. The Jest setup throws on a key without a message, so rendering a screen
// in Indonesian is itself the missing-key check; each test also looks for the screen's Indonesian words.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { parseQuestions, type Discussion, type Exam, type Grade } from '@kelasku/shared-api';
import { renderAt, setViewportWidth } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from './test/fixtures';
import { renderAppAt } from './test/render-app';
import {
  type Replier,
  assignedClass,
  unreachable,
  examOf,
  exerciseOf,
  material,
  meta as metaOf,
  quietFailedRequests,
  reply,
  serveNothingYet,
  serveSheets,
  sheetOf,
} from './test/network';
import { SubmittedSheetView } from './features/answering/components/SubmittedSheetView';
import { saveStatusText } from './features/answering/components/SaveStatus';
import { flushThenGrade } from './features/answering/submit';
import { DiscussionBoard } from './components/discussions/DiscussionBoard';
import { groupDiscussions } from './features/discussions/api';

const meta = (total: number) => metaOf(total, 10);
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const asked: Discussion = {
  id: 1,
  student_id: 6,
  student_name: 'Budi',
  topic: 'Soal limit',
  description: 'Bagaimana caranya?',
  replies: [
    { id: 'r-1', student_id: 7, role: 'student', name: 'Ani', reply: 'Substitusi.', time: '2025-01-05T15:10:00+07:00' },
  ],
};
const exerciseContent = {
  '1': 'Organ fotosintesis?',
  '1_a': 'Daun',
  '1_b': 'Akar',
  '1_c': 'Batang',
  '1_d': 'Bunga',
  '2_essay': 'Jelaskan fotosintesis.',
};
const exam = (over: Partial<Exam> = {}): Exam =>
  examOf({
    start_time: minutesFromNow(-30),
    end_time: minutesFromNow(60),
    content: { '1': 'Hasil 3 x 3?', '1_a': '6', '1_b': '9', '1_c': '12', '1_d': '3' },
    ...over,
  });

/** The class's exam, the student's exam sheets and grades, and grading of the exercise. */
let byClass: Replier<'get /exams'>;
let examSheets: ReturnType<typeof serveSheets>;
let examGrade: Replier<'get /exams/get-grade'>;
let calculateExerciseGrade: Replier<'post /exercises/calculate-grade'>;

describe('the student screens in Indonesian', () => {
  beforeEach(async () => {
    localStorage.clear();
    signInStudent(5, 'Siti Rahma');
    setViewportWidth(1280);
    serveNothingYet();
    reply('get /stats/student', () => ({
      materials: { done: 3, total: 7 },
      tasks: { completed: 2, total: 5 },
      exams: { completed: 1, total: 2 },
    }));
    reply('get /students/todo', () => ({
      exams: [
        {
          id: 21,
          class_id: 4,
          class_name: 'X IPA 1',
          title: 'Ujian Biologi',
          start_time: '2025-01-05T07:30:00+07:00',
          end_time: '2025-01-05T09:00:00+07:00',
          status: 'Active',
        },
      ],
      exercises: [
        {
          id: 31,
          title: 'Latihan Sel',
          material_id: 41,
          material_title: 'Sel',
          class_id: 4,
          class_name: 'X IPA 1',
          started: true,
        },
      ],
      materials: [
        { id: 42, title: 'Jaringan', class_id: 4, class_name: 'X IPA 1', created_at: '2025-01-04T03:00:00.000Z' },
      ],
    }));
    reply('get /classes/assigned', () => ({
      classes: [assignedClass({ id: 4, name: 'X IPA 1', description: 'Kelas sepuluh', teacher_name: 'Bu Ani' })],
      meta: meta(1),
    }));
    reply('get /materials/from-class', () => ({
      materials: [
        material({ id: 9, title: 'Fotosintesis', description: 'Bab 1', exercise_id: 11 }),
        material({ id: 10, title: 'Sel', description: 'Bab 2', exercise_id: null }),
      ],
      meta: meta(2),
    }));
    reply('get /materials/detail', () =>
      material({ id: 9, title: 'Fotosintesis', content: '<p>Isi</p>', exercise_id: 11 }),
    );
    reply('get /discussions-material', () => ({ discussions: [asked], meta: meta(1) }));
    reply('get /exercises/get-all-grade', () => [
      { id: 1, student_id: 5, exercise_id: 11, score: 66.666666, detail: null },
    ]);
    reply('get /exercises', () => [
      exerciseOf({ id: 11, material_id: 9, title: 'Latihan Fotosintesis', content: exerciseContent }),
    ]);
    serveSheets('exercise', sheetOf('exercise', { id: 40, itemId: 11, studentId: 5 }));
    reply('get /exercises/get-grade', () => []);
    calculateExerciseGrade = reply('post /exercises/calculate-grade', () => ({
      id: 1,
      exercise_id: 11,
      student_id: 5,
      score: 85.5,
      detail: null,
    }));
    byClass = reply('get /exams', () => [exam()]);
    examGrade = reply('get /exams/get-grade', () => []);
    examSheets = serveSheets('exam', sheetOf('exam', { id: 70, itemId: 21, studentId: 5 }));
    // An open exam's heartbeat fails (its own end unknown: the exam's end holds); the client logs it.
    quietFailedRequests();
    reply('post /exams-answers/heartbeat', unreachable);
    await i18next.changeLanguage('id');
  });
  // Unmounted before the setup switches back to English (this block's afterEach runs before the setup's).
  afterEach(cleanup);

  test.each([
    ['/DashboardStudent', 'Beranda', 'materi selesai'],
    ['/MyClasses', 'Kelas Saya', 'X IPA 1'],
    ['/MyDetailClasses/4', 'Materi X IPA 1', 'Bab 1'],
    ['/MyDetailSubject/9', 'Fotosintesis', 'Materi ini memiliki tugas.'],
    [
      '/GroupDiscussions',
      'Diskusi Kelompok',
      'Belum ada diskusi. Jadilah yang pertama memulai diskusi dengan menekan tombol "Ajukan Pertanyaan".',
    ],
    ['/CreateDiscussions', 'Buat Diskusi', 'Buka Diskusi Kelompok'],
    ['/MyClassesTask', 'Tugas Saya', 'Lihat tugas'],
    ['/MyDetailClassesTask/4', 'Tugas X IPA 1', 'Nilai: 66,67'],
    ['/MyClassesExam', 'Ujian Saya', 'Lihat ujian'],
    ['/MyTask?material_id=9', 'Latihan Fotosintesis', 'Soal 1 dari 2'],
    ['/MyExams?class_id=4', 'Ujian Matematika', 'Berlangsung'],
  ])('%s in Indonesian: its heading, its texts and the Indonesian menu', async (path, heading, text) => {
    renderAppAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByText(text)).toBeInTheDocument();
    const menu = screen.getAllByRole('link').map((link) => link.textContent);
    expect(menu).toEqual(expect.arrayContaining(['Beranda', 'Kelas Saya', 'Diskusi Kelompok']));
    expect(screen.getByRole('button', { name: 'Tugas & Ujian' })).toBeInTheDocument();
  });

  test('dashboard: progress tiles and the to-do list in Indonesian', async () => {
    renderAppAt('/DashboardStudent');
    const progress = await screen.findByRole('region', { name: 'Status Kemajuan' });
    await waitFor(() =>
      expect(
        within(progress)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['3 dari 7materi selesai', '2 dari 5tugas selesai', '1 dari 2ujian selesai']),
    );
    const todo = await screen.findByRole('region', { name: 'Yang perlu dikerjakan' });
    expect(await within(todo).findByRole('link', { name: /Ujian Biologi/ })).toHaveTextContent(
      'X IPA 1 · Berlangsung, sampai 09.00 WIB',
    );
    expect(
      within(within(todo).getByRole('list', { name: 'Tugas yang perlu dikumpulkan' })).getByRole('link'),
    ).toHaveTextContent('X IPA 1 · Sel · sudah dimulai');
    expect(within(within(todo).getByRole('list', { name: 'Materi baru' })).getByRole('link')).toHaveTextContent(
      'X IPA 1 · ditambahkan 4 Januari 2025',
    );
  });

  test('material discussions: replies, report and the question dialog in Indonesian', async () => {
    const user = userEvent.setup();
    renderAppAt('/MyDetailSubject/9');
    expect(await screen.findByRole('heading', { name: 'Diskusi Materi' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Soal limit' });
    await user.click(within(card).getByRole('button', { name: 'Tampilkan Balasan (1)' }));
    expect(within(card).getByRole('list', { name: 'Balasan untuk Soal limit' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sembunyikan Balasan' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Laporkan pertanyaan "Soal limit"' }));
    const report = screen.getByRole('dialog', { name: 'Laporkan pertanyaan ini ke admin?' });
    expect(within(report).getByRole('textbox', { name: 'Alasan (opsional)' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Ajukan Pertanyaan' }));
    const ask = await screen.findByRole('dialog', { name: 'Ajukan Pertanyaan' });
    expect(within(ask).getByRole('textbox', { name: 'Topik' })).toBeInTheDocument();
    expect(within(ask).getByRole('textbox', { name: 'Deskripsi' })).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Kirim Pertanyaan' }));
    expect(within(ask).getByText('Topik wajib diisi.')).toBeInTheDocument();
  });

  test('own question: Ubah, Hapus and the delete confirmation in Indonesian', async () => {
    const user = userEvent.setup();
    reply('get /discussions', () => ({ discussions: [{ ...asked, student_id: 5 }], meta: meta(1) }));
    renderAt(<DiscussionBoard source={groupDiscussions} heading="Diskusi" errorText="x" emptyText="x" />);
    const card = await screen.findByRole('article', { name: 'Soal limit' });
    await user.click(within(card).getByRole('button', { name: 'Ubah' }));
    expect(screen.getByRole('dialog', { name: 'Ubah Pertanyaan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Simpan Perubahan' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(card).getByRole('button', { name: 'Hapus' }));
    const confirm = screen.getByRole('dialog', { name: 'Hapus Pertanyaan' });
    expect(within(confirm).getByText('Apakah Anda yakin ingin menghapus Soal limit?')).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Hapus' })).toBeInTheDocument();
  });

  test('a task: answer, "Kumpulkan", the confirmation naming the unanswered question, then the score with a decimal comma', async () => {
    const user = userEvent.setup();
    renderAppAt('/MyTask?material_id=9');
    expect(await screen.findByRole('heading', { name: 'Soal 1 dari 2' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Nomor soal' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Berikutnya' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'A. Daun' }));
    expect(await screen.findByText('Soal (1 dari 2 terjawab)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kumpulkan' }));
    const confirm = screen.getByRole('dialog', { name: 'Konfirmasi Pengumpulan Tugas' });
    expect(within(confirm).getByText('Apakah Anda yakin ingin mengumpulkan tugas Anda?')).toBeInTheDocument();
    expect(within(confirm).getByText('1 dari 2 soal belum dijawab: 2')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Ya, kumpulkan' }));
    const result = await screen.findByRole('dialog', { name: 'Sudah dikumpulkan' });
    expect(result).toHaveTextContent('Nilai Anda: 85,5');
    expect(calculateExerciseGrade).toHaveBeenCalledTimes(1);
  });

  test('an exam before its start and after its end, in Indonesian', async () => {
    byClass.mockReturnValue([
      exam({ start_time: minutesFromNow(90), end_time: minutesFromNow(150), status: 'Scheduled', content: {} }),
    ]);
    const { unmount } = renderAppAt('/MyExams?class_id=4');
    expect(await screen.findByText('Belum dimulai')).toBeInTheDocument();
    expect(screen.getByText(/^Ujian belum dimulai\. Ujian dibuka pukul \d\d\.\d\d WIB\.$/)).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Waktu sampai ujian dibuka' })).toBeInTheDocument();
    unmount();

    byClass.mockReturnValue([
      exam({ start_time: minutesFromNow(-120), end_time: minutesFromNow(-60), status: 'Completed' }),
    ]);
    examSheets.get.mockReturnValue([
      sheetOf('exam', { id: 70, itemId: 21, studentId: 5, answers: { '1': 'b' }, status: 'Inactive', score: 87.5 }),
    ]);
    examGrade.mockReturnValue([
      { id: 3, exam_id: 21, student_id: 5, score: 87.5, detail: { '1': { kind: 'mc', correct: true } } },
    ]);
    renderAppAt('/MyExams?class_id=4');
    expect(await screen.findByText('Nilai Anda: 87,5')).toBeInTheDocument();
    expect(screen.getByTestId('exam-state')).toHaveTextContent('Sudah dikumpulkan');
    expect(await screen.findByText('Benar')).toBeInTheDocument();
  });

  test('an open exam: time left and the automatic submission time in Indonesian', async () => {
    renderAppAt('/MyExams?class_id=4');
    expect(await screen.findByRole('radio', { name: 'B. 9' })).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Sisa waktu' })).toBeInTheDocument();
    expect(screen.getByText(/^Ujian dikumpulkan otomatis pukul \d\d\.\d\d WIB\.$/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Bilah lembar jawaban' })).toHaveTextContent('Kumpulkan');
  });

  test('a submitted sheet: right, wrong, essay scores and pending essays in Indonesian', () => {
    const questions = parseQuestions({
      '1': 'Ibu kota?',
      '1_a': 'Jakarta',
      '1_b': 'Bandung',
      '1_c': 'Medan',
      '1_d': 'Surabaya',
      '2': '2 + 2?',
      '2_a': '3',
      '2_b': '4',
      '2_c': '5',
      '2_d': '6',
      '3_essay': 'Jelaskan.',
      '4_essay': 'Apa itu sel?',
    });
    const grade = {
      id: 1,
      exercise_id: 9,
      student_id: 5,
      score: 40.25,
      detail: {
        '1': { kind: 'mc', correct: true },
        '2': { kind: 'mc', correct: false },
        '3': { kind: 'essay', score: 15.5, max: 25, pending: false, source: 'teacher', comment: 'Bagus.' },
        '4': { kind: 'essay', score: null, max: 25, pending: true, source: 'local' },
      },
    } as unknown as Grade;
    renderAt(
      <SubmittedSheetView
        questions={questions}
        answers={{ '1': 'a', '2': 'c', '3': 'Tumbuhan.', '4': '' }}
        grade={grade}
        resultsShown
      />,
    );
    const question = (n: number) => screen.getByRole('region', { name: `Soal ${n}` });
    expect(screen.getByRole('heading', { name: 'Jawaban Anda' })).toBeInTheDocument();
    expect(within(question(1)).getByText('Benar')).toBeInTheDocument();
    expect(within(question(2)).getByText('Salah')).toBeInTheDocument();
    expect(within(question(3)).getByText(/^Nilai:/)).toHaveTextContent('Nilai: 15,5 / 25 (diberikan oleh guru Anda)');
    expect(within(question(3)).getByText('Komentar guru:')).toBeInTheDocument();
    expect(within(question(4)).getByText('tidak dijawab')).toBeInTheDocument();
    expect(within(question(4)).getByText('Esai menunggu penilaian')).toBeInTheDocument();
    expect(screen.getByText(/^Esai menunggu penilaian: nilai Anda masih dapat berubah/)).toBeInTheDocument();
  });

  test('the save state and a submit failure are in the language active when they happen', async () => {
    expect(saveStatusText({ kind: 'offline' })).toBe('Tidak ada koneksi — jawaban disimpan di perangkat ini');
    expect(saveStatusText({ kind: 'saved' })).toBe('Tersimpan');
    expect(saveStatusText({ kind: 'locked', reason: 'submitted' })).toBe('Lembar jawaban ini sudah dikumpulkan.');
    const grade = jest.fn();
    await expect(flushThenGrade(async () => ({ kind: 'offline' }), grade, grade)).rejects.toThrow(
      /^Tidak ada koneksi — jawaban Anda tetap tersimpan/,
    );
    expect(grade).not.toHaveBeenCalled();
  });
});
