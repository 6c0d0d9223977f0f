// The teacher screens of the dashboard, grades, review and analysis folders (and the sidebar) in Bahasa Indonesia.
// The Jest setup throws on a missing key, so rendering each screen is itself the check that every text has a message;
// the assertions check the main texts, and that scores use a decimal comma.
import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import type { ClassReviewList, ItemAnalysis, Submission, SubmissionDetail, TeacherStats } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { reply } from '../../jest/msw-routes';
import { MC_AND_ESSAY, signInAsTeacher, X_IPA_1 } from './test/fixtures';
import { answerMyClasses } from './test/network';
import { gradeLabel } from './lib/teacher-class';
import App from './App';
import Analysis from './features/analysis/components/Analysis';
import Grades from './features/grades/components/Grades';
import Review from './features/grades/components/Review';

// The dashboard's charts are tested in both languages in DashboardCharts.test.tsx; here their text summaries carry the numbers.
jest.mock('./features/dashboard/components/DashboardCharts', () => ({
  PerformanceChart: () => null,
  SubmissionsChart: () => null,
}));

const STATS: TeacherStats = {
  performance: [
    { grade: 10, average: 78.456 },
    { grade: 11, average: null },
  ],
  submissions: [{ month: '2025-01', count: 9 }],
  upcoming_exams: [
    {
      id: 2,
      class_id: 4,
      class_name: 'X IPA 1',
      title: 'UTS Biologi',
      start_time: '2030-06-15T08:00:00+07:00',
      end_time: '2030-06-15T09:30:00+07:00',
      status: 'Scheduled',
    },
  ],
  active_today: 17,
};
const REVIEW_LIST: ClassReviewList = {
  class_id: 4,
  class_name: 'X IPA 1',
  items: [
    {
      kind: 'exercise',
      id: 12,
      title: 'Latihan Sel',
      material_id: 11,
      material_title: 'Bab 1: Sel',
      to_review: 2,
      pending_sheets: 1,
      auto_scored_sheets: 1,
      oldest_submitted_at: '2030-06-15T01:00:00.000Z',
    },
  ],
};
const ROWS: Submission[] = [
  {
    student_id: 1,
    name: 'Ahmad Fauzi',
    nis: '2024100001',
    sheet_id: 3,
    status: 'Submitted',
    score: 75,
    pending_essays: 1,
    needs_review: true,
  },
  { student_id: 2, name: 'Budi Santoso', nis: '2024100002', sheet_id: 4, status: 'Submitted', score: 60.5 },
  { student_id: 3, name: 'Citra Dewi', nis: '2024100003', sheet_id: null, status: 'Not started', score: null },
];
const SHEET: SubmissionDetail = {
  student: { id: 1, name: 'Ahmad Fauzi', nis: '2024100001' },
  content: { ...MC_AND_ESSAY, '1': 'Ibu kota?' },
  answers: { '1': 'B', '2': 'Tumbuhan membuat makanan dari cahaya.' },
  score: 62.5,
  detail: {
    '1': { kind: 'mc', correct: true },
    '2': { kind: 'essay', score: 12.5, max: 50, pending: false, source: 'local' },
  },
};
const none = { max: null, scored: null, pending: null, average: null, score_bins: null };
const ANALYSIS: ItemAnalysis = {
  kind: 'exam',
  id: 4,
  title: 'UTS Matematika',
  total_marks: 90,
  students: 6,
  submitted: 5,
  in_progress: 0,
  not_started: 1,
  auto_submitted: 1,
  with_pending: 1,
  average: 39.5,
  score_bins: [
    { from: 0, to: 45, count: 3 },
    { from: 45, to: 90, count: 2 },
  ],
  questions: [
    {
      n: 1,
      kind: 'mc',
      text: 'Ibu kota Indonesia?',
      answered: 4,
      key: 'a',
      correct: 3,
      correct_share: 0.6,
      options: { a: 3, b: 1, c: 0, d: 0, none: 1, other: 0 },
      ...none,
    },
    {
      n: 2,
      kind: 'essay',
      text: 'Jelaskan fotosintesis.',
      answered: 3,
      key: null,
      correct: null,
      correct_share: null,
      options: null,
      max: 30,
      scored: 4,
      pending: 1,
      average: 11.25,
      score_bins: [0, 1, 2, 3, 4].map((i) => ({ from: i * 6, to: (i + 1) * 6, count: 1 })),
    },
  ],
};

beforeEach(async () => {
  jest.clearAllMocks();
  signInAsTeacher({ display_name: 'Bu Sari' });
  reply('get /stats/teacher', () => STATS);
  answerMyClasses([X_IPA_1]);
  reply('get /classes/to-review', () => REVIEW_LIST);
  reply('get /discussions-material/unanswered/mine', () => ({ classes: [], total: 0 }));
  reply('get /exercises/submissions', () => ROWS);
  reply('get /exams/submissions', () => ROWS);
  reply('get /exercises/submission', () => SHEET);
  reply('get /exams/analysis', () => ANALYSIS);
  await i18next.changeLanguage('id');
});

describe('the teacher screens in Indonesian', () => {
  it('shows the sidebar and the dashboard, with its panels and the list to review', async () => {
    renderAt(<App />, '/DashboardTeacher');
    const sidebar = await screen.findByRole('link', { name: 'Beranda' });
    expect(sidebar).toHaveAttribute('href', '/DashboardTeacher');
    expect(screen.getAllByText('Kelola Materi').length).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { level: 1, name: 'Beranda' })).toBeInTheDocument();
    expect(
      await screen.findByText('Rata-rata nilai per tingkat: Kelas 10: 78,46, Kelas 11: belum ada nilai'),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Siswa Aktif Hari Ini' })).toHaveTextContent('17');
    const exams = screen.getByRole('region', { name: 'Ujian Mendatang' });
    expect(within(exams).getByText('Terjadwal')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Kutipan Hari Ini' })).toBeInTheDocument();
    const review = await screen.findByRole('list', { name: 'Perlu diperiksa di X IPA 1' });
    expect(review).toHaveTextContent('Tugas · Bab 1: Sel');
    expect(review).toHaveTextContent('2 siswa perlu diperiksa');
    expect(review).toHaveTextContent('1 menunggu penilaian');
  });

  it('shows the grades with translated statuses, filters and a decimal-comma average', async () => {
    renderAt(<Grades />, '/Grades?exercise_id=5');
    const table = await screen.findByRole('table', { name: 'Nilai tugas' });
    expect(screen.getByRole('heading', { name: 'Nilai Tugas' })).toBeInTheDocument();
    expect(
      screen.getByText('2 dari 3 siswa sudah mengumpulkan · rata-rata nilai 67,75 · 1 perlu diperiksa'),
    ).toBeInTheDocument();
    expect(within(table).getByText('Budi Santoso').closest('tr')).toHaveTextContent('Sudah dikumpulkan60,5');
    expect(within(table).getByText('Ahmad Fauzi').closest('tr')).toHaveTextContent('Menunggu penilaian');
    expect(within(table).getByText('Citra Dewi').closest('tr')).toHaveTextContent('Belum dimulai');
    expect(screen.getByRole('button', { name: 'Perlu diperiksa' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Urutkan' })).toHaveTextContent('Yang sudah mengumpulkan dulu');
    expect(screen.getByRole('link', { name: 'Analisis' })).toHaveAttribute('href', '/Analysis?exercise_id=5');
    expect(screen.getByRole('button', { name: 'Ekspor nilai (CSV)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Periksa jawaban Ahmad Fauzi' })).toBeInTheDocument();
  });

  it("shows a student's sheet with the essay score form and the provisional score to confirm", async () => {
    renderAt(<Review />, '/Review?exercise_id=5&student_id=1');
    expect(await screen.findByText('Nilai total: 62,5 / 100')).toBeInTheDocument();
    expect(screen.getByText('NIS 2024100001 · Jawaban tugas')).toBeInTheDocument();
    const q1 = screen.getByRole('region', { name: 'Soal 1' });
    expect(within(q1).getByText('Benar')).toBeInTheDocument();
    expect(q1).toHaveTextContent('Jawaban siswa: B (Jakarta)');
    const q2 = screen.getByRole('region', { name: 'Soal 2' });
    expect(q2).toHaveTextContent('Nilai: 12,5 / 50 (oleh penilai otomatis)');
    expect(within(q2).getByText('Belum dikonfirmasi')).toBeInTheDocument();
    expect(within(q2).getByRole('button', { name: 'Konfirmasi nilai soal 2' })).toBeInTheDocument();
    expect(within(q2).getByLabelText('Nilai soal 2')).toBeInTheDocument();
    expect(within(q2).getByRole('button', { name: 'Simpan nilai soal 2' })).toBeInTheDocument();
    // Ahmad is the only sheet to review: no next student.
    expect(await screen.findByText('Tidak ada lembar jawaban lain yang perlu diperiksa')).toBeInTheDocument();
  });

  it('shows the item analysis with decimal commas, translated tables and charts', async () => {
    renderAt(<Analysis />, '/Analysis?exam_id=4');
    const mc = await screen.findByRole('table', { name: 'Soal pilihan ganda' });
    expect(screen.getByRole('heading', { name: 'Analisis Butir Soal Ujian' })).toBeInTheDocument();
    expect(screen.getByText('Rata-rata nilai').nextSibling).toHaveTextContent('39,5 / 90');
    expect(screen.getByText('Sudah mengumpulkan').nextSibling).toHaveTextContent('5 dari 6');
    expect(within(mc).getByText('No. 1')).toBeInTheDocument();
    const essays = screen.getByRole('table', { name: 'Soal esai' });
    expect(within(essays).getByText('No. 2').closest('tr')).toHaveTextContent('11,25 / 30');
    expect(screen.getByText(/1 lembar jawaban yang dikumpulkan memiliki esai/)).toBeInTheDocument();
    // The CSV keeps its English headers; only the button is translated.
    expect(screen.getByRole('button', { name: 'Ekspor analisis (CSV)' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Grafik: jumlah siswa per rentang nilai' })).toBeInTheDocument();
  });

  it('names grade levels and unnamed classes in Indonesian for the other teacher screens', () => {
    expect(gradeLabel(11)).toBe('Kelas 11');
  });
});
