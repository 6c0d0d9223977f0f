/**
 * Fair exams: a shuffled exercise is shown in this student's own order (questions and options, letters A–D by place
 * on screen), while the answer saved is the original question number and letter; the review keeps the same order.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OPTION_LETTERS, type AnswerSheet } from '@kelasku/shared-api';
import { publicIdsSeed, sheetOrder } from '@kelasku/shared-rules';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../../../test/fixtures';
import {
  type Replier,
  unreachable,
  examOf,
  exerciseOf,
  quietFailedRequests,
  savedChanges,
  reply,
  serveSheets,
  sheetOf,
} from '../../../test/network';
import TaskPage from './TaskPage';
import ExamPage from './ExamPage';

const STUDENT = 5;
const texts = ['Satu', 'Dua', 'Tiga', 'Empat', 'Lima', 'Enam'];
const content: Record<string, string> = {};
texts.forEach((text, i) => {
  const n = i + 1;
  content[String(n)] = `Soal ${text}?`;
  OPTION_LETTERS.forEach((l) => {
    content[`${n}_${l}`] = `${text}-${l}`;
  });
});
/** This student's seed, as the server sends it with the read (an HMAC under the server's secret). */
const SEED = 'J5bWq1Tz7KpN0cVx4RmY8e';
const exercise = exerciseOf({
  title: 'Latihan Acak',
  total_marks: 60,
  content,
  shuffle_questions: true,
  shuffle_options: true,
  order_seed: SEED,
});
const sheet = (over: Partial<AnswerSheet> = {}): AnswerSheet =>
  sheetOf('exercise', { id: 40, itemId: 11, studentId: STUDENT, ...over });
const order = sheetOrder(SEED, texts.length, { shuffle_questions: true, shuffle_options: true });

/** The material's exercise, the student's sheets (none yet) and the stored grade. */
let byMaterial: Replier<'get /exercises'>;
let sheets: ReturnType<typeof serveSheets>;
let grade: Replier<'get /exercises/get-grade'>;

beforeEach(() => {
  localStorage.clear();
  signInStudent(STUDENT);
  byMaterial = reply('get /exercises', () => [exercise]);
  sheets = serveSheets('exercise', sheet());
  grade = reply('get /exercises/get-grade', () => []);
});

const openTask = () => renderAt(<TaskPage />, '/MyTask?material_id=3');

test('the fixture really is shuffled for this student (else the test below would prove nothing)', () => {
  expect(order.questions[0]).not.toBe(1);
  expect(order.options(order.questions[0])).not.toEqual([0, 1, 2, 3]);
  // and not in the order the public ids would give: the page must use the server's seed
  expect(sheetOrder(publicIdsSeed('exercise', 11, STUDENT), texts.length, exercise).questions[0]).not.toBe(
    order.questions[0],
  );
});

test("questions and options in the student's order; the saved answer is the original number and letter", async () => {
  const user = userEvent.setup();
  openTask();
  const first = order.questions[0];
  const text = texts[first - 1];
  expect(await screen.findByText(`Soal ${text}?`)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Question 1 of 6' })).toBeInTheDocument();
  const shown = order.options(first);
  const labels = screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent);
  expect(labels).toEqual(shown.map((original, place) => `${'ABCD'[place]}. ${text}-${OPTION_LETTERS[original]}`));

  // "A" on screen is the original option shown[0]: that letter is what is saved, under the original number.
  await user.click(screen.getByRole('radio', { name: `A. ${text}-${OPTION_LETTERS[shown[0]]}` }));
  await waitFor(() =>
    expect(sheets.save).toHaveBeenCalledWith(
      savedChanges(40, { [String(first)]: { answer: OPTION_LETTERS[shown[0]], at: expect.any(Number) } }),
    ),
  );
  // The grid counts by place on screen: position 1 is the answered one.
  const grid = screen.getAllByTestId('question-grid')[0];
  expect(within(grid).getByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();

  await user.click(within(grid).getByRole('button', { name: 'Question 2' }));
  expect(screen.getByText(`Soal ${texts[order.questions[1] - 1]}?`)).toBeInTheDocument();
});

test("the review after grading shows the student's own order and letters", async () => {
  const first = order.questions[0];
  const shown = order.options(first);
  const answers = { [String(first)]: OPTION_LETTERS[shown[1]] };
  sheets.get.mockReturnValue([sheet({ answers, status: 'Inactive', score: 10 })]);
  grade.mockReturnValue([
    {
      id: 1,
      student_id: STUDENT,
      exercise_id: 11,
      score: 10,
      detail: { [String(first)]: { kind: 'mc', correct: true } },
    },
  ]);
  openTask();
  const review = await screen.findByRole('region', { name: 'Question 1' });
  expect(within(review).getByText(`Soal ${texts[first - 1]}?`)).toBeInTheDocument();
  expect(within(review).getByText(`B. ${texts[first - 1]}-${OPTION_LETTERS[shown[1]]}`)).toBeInTheDocument();
});

test('not shuffled: the original order and letters', async () => {
  byMaterial.mockReturnValue([{ ...exercise, shuffle_questions: false, shuffle_options: false }]);
  openTask();
  expect(await screen.findByText('Soal Satu?')).toBeInTheDocument();
  expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
    'A. Satu-a',
    'B. Satu-b',
    'C. Satu-c',
    'D. Satu-d',
  ]);
});

test("an open shuffled exam: the student's order, the original letter saved", async () => {
  const now = Date.now();
  const wib = (ms: number) => new Date(ms + 7 * 3600_000).toISOString().slice(0, 19) + '+07:00';
  reply('get /exams', () => [
    examOf({
      id: 23,
      title: 'Ujian Acak',
      total_marks: 60,
      content,
      start_time: wib(now - 1800_000),
      end_time: wib(now + 3600_000),
      server_time: new Date(now).toISOString(),
      shuffle_questions: true,
      shuffle_options: true,
      order_seed: SEED,
    }),
  ]);
  reply('get /exams/get-grade', () => []);
  reply('get /exams/of-class', () => []); // the class's past exams, below the current one
  quietFailedRequests();
  reply('post /exams-answers/heartbeat', unreachable); // its own end unknown: the exam's end holds
  const examSheets = serveSheets('exam', sheetOf('exam', { id: 70, itemId: 23, studentId: STUDENT }));
  const examOrder = sheetOrder(SEED, texts.length, { shuffle_questions: true, shuffle_options: true });
  expect(sheetOrder(publicIdsSeed('exam', 23, STUDENT), texts.length, exercise).questions[0]).not.toBe(
    examOrder.questions[0],
  );
  const first = examOrder.questions[0];
  const shown = examOrder.options(first);
  // A real reordering (question 5 first, original A shown third), else this proves nothing.
  expect(first).not.toBe(1);
  expect(shown[2]).not.toBe(2);
  const user = userEvent.setup();
  renderAt(<ExamPage />, '/MyExams?class_id=4');
  expect(await screen.findByText(`Soal ${texts[first - 1]}?`)).toBeInTheDocument();
  await user.click(screen.getByRole('radio', { name: `C. ${texts[first - 1]}-${OPTION_LETTERS[shown[2]]}` }));
  await waitFor(() =>
    expect(examSheets.save).toHaveBeenCalledWith(
      savedChanges(70, { [String(first)]: { answer: OPTION_LETTERS[shown[2]], at: expect.any(Number) } }),
    ),
  );
});
