import { screen, within } from '@testing-library/react';
import type { Exam } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../../../test/fixtures';
import { type Replier, examOf, reply, serveSheets, sheetOf } from '../../../test/network';
import ExamPage from './ExamPage';

// A submitted exam shows the student's answers; right/wrong and essay scores only once the window has ended.

const MIN = 60_000;
const at = (ms: number) => new Date(ms).toISOString();
const content = {
  '1': 'Hasil 3 x 3?',
  '1_a': '6',
  '1_b': '9',
  '1_c': '12',
  '1_d': '3',
  '2_essay': 'Jelaskan perkalian.',
};
const exam = (startOffset: number, endOffset: number, status: Exam['status']): Exam =>
  examOf({
    title: 'Ujian',
    content,
    status,
    start_time: at(Date.now() + startOffset),
    end_time: at(Date.now() + endOffset),
    server_time: at(Date.now()),
  });

/** The class's exam and the student's stored grade of it. */
let byClass: Replier<'get /exams'>;
let grade: Replier<'get /exams/get-grade'>;

beforeEach(() => {
  signInStudent(5);
  byClass = reply('get /exams', () => []);
  grade = reply('get /exams/get-grade', () => []);
  reply('get /exams/of-class', () => []); // the class's past exams, below the current one
  // The student's sheet, handed in.
  const submitted = sheetOf('exam', {
    id: 70,
    itemId: 21,
    studentId: 5,
    answers: { '1': 'b', '2': 'Penjumlahan berulang.' },
    status: 'Inactive',
    score: 90,
  });
  serveSheets('exam', submitted).get.mockReturnValue([submitted]);
});

test('submitted while classmates still answer: the answers, no results yet', async () => {
  byClass.mockReturnValue([exam(-30 * MIN, 30 * MIN, 'Active')]);
  grade.mockReturnValue([
    {
      id: 3,
      exam_id: 21,
      student_id: 5,
      score: 90,
      detail: { '2': { kind: 'essay', score: 40, max: 50, pending: false, source: 'teacher' } },
    },
  ]);
  renderAt(<ExamPage />, '/MyExams?class_id=4');
  const q1 = await screen.findByRole('region', { name: 'Question 1' });
  expect(within(q1).getByText('B. 9')).toBeInTheDocument();
  expect(
    screen.getByText('Which answers were right, and your essay scores, are shown once the exam has ended.'),
  ).toBeInTheDocument();
  expect(screen.queryByText(/^Score:/)).not.toBeInTheDocument();
});

test('after the window: right or wrong per question and the essay score', async () => {
  byClass.mockReturnValue([exam(-90 * MIN, -30 * MIN, 'Completed')]);
  grade.mockReturnValue([
    {
      id: 3,
      exam_id: 21,
      student_id: 5,
      score: 90,
      detail: {
        '1': { kind: 'mc', correct: true },
        '2': { kind: 'essay', score: 40, max: 50, pending: false, source: 'teacher' },
      },
    },
  ]);
  renderAt(<ExamPage />, '/MyExams?class_id=4');
  const q1 = await screen.findByRole('region', { name: 'Question 1' });
  expect(await within(q1).findByText('Correct')).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Question 2' })).getByText(/^Score:/)).toHaveTextContent(
    'Score: 40 / 50 (given by your teacher)',
  );
  expect(screen.queryByText(/are shown once the exam has ended/)).not.toBeInTheDocument();
});

test('submitted earlier, on screen as the window ends: the grade is read again and the results show', async () => {
  byClass.mockReturnValue([exam(-30 * MIN, 1500, 'Active')]);
  const essay = { kind: 'essay', score: 40, max: 50, pending: false, source: 'teacher' } as const;
  grade.mockReturnValueOnce([{ id: 3, exam_id: 21, student_id: 5, score: 90, detail: { '2': essay } }]);
  grade.mockReturnValue([
    { id: 3, exam_id: 21, student_id: 5, score: 90, detail: { '1': { kind: 'mc', correct: true }, '2': essay } },
  ]);
  renderAt(<ExamPage />, '/MyExams?class_id=4');
  expect(
    await screen.findByText('Which answers were right, and your essay scores, are shown once the exam has ended.'),
  ).toBeInTheDocument();
  const q1 = screen.getByRole('region', { name: 'Question 1' });
  expect(await within(q1).findByText('Correct')).toBeInTheDocument();
  expect(grade).toHaveBeenCalledTimes(2);
});
