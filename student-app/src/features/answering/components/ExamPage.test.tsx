import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { examsApi, type AnswerSheet, type Exam } from '@kelasku/shared-api';
import { answersStorageKey, withChanges } from '../answer-queue';
import { prefetchClassExams } from '../../../lib/exam-prefetch';
import { earlyAnswersKey } from '../hooks/useAnswerSheet';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../../../test/fixtures';
import ExamPage from './ExamPage';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    examsApi: {
      ...actual.examsApi,
      byClass: jest.fn(),
      calculateGrade: jest.fn(),
      grade: jest.fn(),
      heartbeat: jest.fn(),
      answers: { get: jest.fn(), create: jest.fn(), save: jest.fn(), saveChanges: jest.fn(), remove: jest.fn() },
    },
  };
});
const api = examsApi as jest.Mocked<typeof examsApi> & { answers: jest.Mocked<typeof examsApi.answers> };

/** Exam times around a fixed server clock (08:00 WIB on 5 Jan 2025); the device clock is whatever it is. */
const SERVER_NOW = Date.parse('2025-01-05T08:00:00+07:00');
const wib = (offsetMinutes: number) => {
  const d = new Date(SERVER_NOW + offsetMinutes * 60_000 + 7 * 3600_000);
  return d.toISOString().slice(0, 19) + '+07:00';
};
const content = { '1': 'Hasil 3 x 3?', '1_a': '6', '1_b': '9', '1_c': '12', '1_d': '3' };
const exam = (over: Partial<Exam>): Exam => ({
  id: 21,
  class_id: 4,
  title: 'Ujian Matematika',
  total_marks: 100,
  teacher_id: 1,
  start_time: wib(-30),
  end_time: wib(60),
  status: 'Active',
  content,
  server_time: new Date(SERVER_NOW).toISOString(),
  ...over,
});

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  signInStudent(5);
  api.answers.get.mockResolvedValue([]);
  api.answers.create.mockResolvedValue({
    id: 70,
    exam_id: 21,
    student_id: 5,
    answers: {},
    status: 'Active',
    score: null,
  });
  api.answers.saveChanges.mockImplementation(async (id, changes) => ({
    id,
    exam_id: 21,
    student_id: 5,
    answers: withChanges({}, changes),
    status: 'Active',
  }));
  api.grade.mockResolvedValue([]);
  api.heartbeat.mockRejectedValue(new Error('Network Error')); // unknown own end: the exam's end holds
});

const openExam = () => renderAt(<ExamPage />, '/MyExams?class_id=4');
/** The changes a save should carry for these answers (each with the time it was given). */
const changesOf = (answers: Record<string, string>) =>
  Object.fromEntries(Object.entries(answers).map(([n, answer]) => [n, { answer, at: expect.any(Number) }]));

test('before the start: the WIB window, "Not open yet" and a countdown, no questions and no sheet', async () => {
  api.byClass.mockResolvedValue([exam({ start_time: wib(90), end_time: wib(150), status: 'Scheduled', content: {} })]);
  openExam();
  expect(await screen.findByText('09.30 - 10.30 WIB')).toBeInTheDocument();
  expect(screen.getByTestId('exam-state')).toHaveTextContent('Not open yet');
  expect(screen.getByText('The exam has not started yet. It opens at 09.30 WIB.')).toBeInTheDocument();
  expect(screen.getByRole('timer', { name: 'Time until the exam opens' })).toHaveTextContent(/^01:(30|29):\d\d$/);
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  expect(api.answers.create).not.toHaveBeenCalled();
});

test('the countdown reaching the start loads the questions (hidden by the server before)', async () => {
  const startsAt = new Date(SERVER_NOW + 1500).toISOString();
  api.byClass
    .mockResolvedValueOnce([exam({ start_time: startsAt, status: 'Scheduled', content: {} })])
    .mockResolvedValue([
      exam({ start_time: startsAt, status: 'Active', server_time: new Date(SERVER_NOW + 1600).toISOString() }),
    ]);
  openExam();
  expect(await screen.findByText('Not open yet')).toBeInTheDocument();
  expect(await screen.findByRole('radio', { name: 'B. 9' }, { timeout: 8000 })).toBeInTheDocument();
  expect(api.byClass).toHaveBeenCalledTimes(2);
  expect(api.answers.create).toHaveBeenCalledWith(21, 5);
});

test('inside the window: questions, time left, and the sheet is opened', async () => {
  api.byClass.mockResolvedValue([exam({})]);
  openExam();
  expect(await screen.findByRole('radio', { name: 'B. 9' })).toBeInTheDocument();
  expect(screen.getByTestId('exam-state')).toHaveTextContent('Open');
  expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent(/^(01:00:00|00:59:\d\d)$/);
  expect(api.byClass).toHaveBeenCalledTimes(1);
  expect(api.answers.create).toHaveBeenCalledWith(21, 5);
});

test('an exam that arrived before the screen (opened directly) shows question 1 in the first render, asked for once', async () => {
  api.byClass.mockResolvedValue([exam({})]);
  prefetchClassExams(4); // as App.tsx does while this screen's code loads
  await act(async () => undefined); // the answer arrives
  openExam();
  // No loading state first: the enabled option is there as soon as the screen rendered.
  expect(screen.getByRole('radio', { name: 'B. 9' })).toBeEnabled();
  expect(screen.queryByText('Loading questions...')).not.toBeInTheDocument();
  await waitFor(() => expect(api.answers.create).toHaveBeenCalledWith(21, 5));
  expect(api.byClass).toHaveBeenCalledTimes(1);
});

test('after the end: closed, never answerable, with the score when the sheet was submitted', async () => {
  api.byClass.mockResolvedValue([exam({ start_time: wib(-120), end_time: wib(-60), status: 'Completed' })]);
  api.answers.get.mockResolvedValue([
    { id: 70, exam_id: 21, student_id: 5, answers: { '1': 'b' }, status: 'Inactive', score: 100 },
  ]);
  api.grade.mockResolvedValue([{ id: 3, exam_id: 21, student_id: 5, score: 100, detail: null }]);
  openExam();
  expect(await screen.findByText('Your score: 100')).toBeInTheDocument();
  expect(screen.getByTestId('exam-state')).toHaveTextContent('Submitted');
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  expect(api.answers.create).not.toHaveBeenCalled();
});

test('after the end without a sheet: says it is closed and creates nothing', async () => {
  api.byClass.mockResolvedValue([exam({ start_time: wib(-120), end_time: wib(-60), status: 'Completed' })]);
  openExam();
  expect(await screen.findByText('The exam is closed. Answers can no longer be submitted.')).toBeInTheDocument();
  expect(screen.getByTestId('exam-state')).toHaveTextContent('Closed');
  expect(api.answers.create).not.toHaveBeenCalled();
});

test('at the end time an open exam is submitted automatically', async () => {
  api.byClass.mockResolvedValue([exam({ end_time: new Date(SERVER_NOW + 3500).toISOString() })]);
  api.calculateGrade.mockResolvedValue({ id: 3, exam_id: 21, student_id: 5, score: 0, detail: null });
  openExam();
  expect(await screen.findByRole('radio', { name: 'B. 9' })).toBeInTheDocument();
  const dialog = await screen.findByRole('dialog', { name: 'Submitted' }, { timeout: 8000 });
  expect(within(dialog).getByText('Time is up — your exam was submitted automatically.')).toBeInTheDocument();
  expect(api.calculateGrade).toHaveBeenCalledWith(21, 5);
});

test("extra minutes from the proctor (the heartbeat's own end) keep the exam open past its end: no automatic submit", async () => {
  api.byClass.mockResolvedValue([exam({ end_time: new Date(SERVER_NOW + 3500).toISOString() })]);
  api.heartbeat.mockResolvedValue({ end_time: wib(30), extra_minutes: 30 });
  openExam();
  expect(await screen.findByRole('radio', { name: 'B. 9' })).toBeInTheDocument();
  await waitFor(() => expect(api.heartbeat).toHaveBeenCalledWith(70));
  await new Promise((r) => setTimeout(r, 5000));
  expect(api.calculateGrade).not.toHaveBeenCalled();
  expect(screen.queryByRole('dialog', { name: 'Submitted' })).not.toBeInTheDocument();
  expect(screen.getAllByRole('timer', { name: 'Time left' })[0]).toHaveTextContent(/^00:(29|30):\d\d$/);
}, 15_000);

test('no exam for the class', async () => {
  api.byClass.mockResolvedValue([]);
  openExam();
  expect(await screen.findByText("Your teacher hasn't created an exam for this class yet.")).toBeInTheDocument();
  await waitFor(() => expect(api.answers.get).not.toHaveBeenCalled());
});

/** A request the test answers by hand, to act while it is still on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}
const activeSheet = (over: Partial<AnswerSheet> = {}): AnswerSheet => ({
  id: 70,
  exam_id: 21,
  student_id: 5,
  answers: {},
  status: 'Active',
  score: null,
  ...over,
});

test("two devices merge answers by when they were given: each answer carries its time on the server's clock", async () => {
  const user = userEvent.setup();
  api.byClass.mockResolvedValue([exam({})]); // the server says 08:00 on 5 Jan 2025, whatever this device's clock says
  openExam();
  await user.click(await screen.findByRole('radio', { name: 'B. 9' }));
  await waitFor(() => expect(api.answers.saveChanges).toHaveBeenCalledWith(70, changesOf({ '1': 'b' })));
  const at = api.answers.saveChanges.mock.calls[0][1]['1'].at;
  expect(Math.abs(at - SERVER_NOW)).toBeLessThan(60_000);
});

test('question 1 is answerable while the sheet is still loading; the answer is kept on the device, then saved to the sheet', async () => {
  const user = userEvent.setup();
  const lookup = deferred<AnswerSheet[]>();
  api.byClass.mockResolvedValue([exam({})]);
  api.answers.get.mockReturnValue(lookup.promise);
  openExam();
  const option = await screen.findByRole('radio', { name: 'B. 9' });
  expect(option).toBeEnabled();
  await user.click(option);
  expect(option).toBeChecked();
  expect(JSON.parse(localStorage.getItem(earlyAnswersKey('exam', 21, 5)) ?? '{}')).toMatchObject({
    answers: { '1': 'b' },
    pending: true,
  });
  expect(api.answers.saveChanges).not.toHaveBeenCalled();

  await act(async () => lookup.resolve([]));
  await waitFor(() => expect(api.answers.saveChanges).toHaveBeenCalledWith(70, changesOf({ '1': 'b' })));
  expect(api.answers.create).toHaveBeenCalledWith(21, 5);
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  expect(localStorage.getItem(earlyAnswersKey('exam', 21, 5))).toBeNull();
  expect(localStorage.getItem(answersStorageKey('exam', 70))).toBeNull();
});

test('an early answer merges over the answers already on the server', async () => {
  const user = userEvent.setup();
  const lookup = deferred<AnswerSheet[]>();
  api.byClass.mockResolvedValue([
    exam({
      content: { ...content, '2': 'Ibu kota?', '2_a': 'Bandung', '2_b': 'Jakarta', '2_c': 'Medan', '2_d': 'Solo' },
    }),
  ]);
  api.answers.get.mockReturnValue(lookup.promise);
  openExam();
  await user.click(await screen.findByRole('radio', { name: 'C. 12' }));
  api.answers.saveChanges.mockResolvedValue(activeSheet({ answers: { '1': 'c', '2': 'b' } }));
  await act(async () => lookup.resolve([activeSheet({ answers: { '1': 'a', '2': 'b' } })]));
  await waitFor(() => expect(api.answers.saveChanges).toHaveBeenCalledWith(70, changesOf({ '1': 'c' })));
  expect(api.answers.create).not.toHaveBeenCalled();
  expect(screen.getByRole('radio', { name: 'C. 12' })).toBeChecked();
});

test('the server refusing an early answer (window closed, 403) is shown as for any save', async () => {
  const user = userEvent.setup();
  const lookup = deferred<AnswerSheet[]>();
  api.byClass.mockResolvedValue([exam({})]);
  api.answers.get.mockReturnValue(lookup.promise);
  api.answers.saveChanges.mockRejectedValue(
    new AxiosError('forbidden', 'ERR_BAD_REQUEST', undefined, undefined, {
      status: 403,
      data: { error: 'Exam is closed' },
    } as never),
  );
  openExam();
  await user.click(await screen.findByRole('radio', { name: 'B. 9' }));
  await act(async () => lookup.resolve([activeSheet()]));
  expect(await screen.findByText('The exam is closed: answers can no longer be changed.')).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'A. 6' })).toBeDisabled();
});

test('a sheet already submitted: an early answer is dropped and the page shows the submission', async () => {
  const user = userEvent.setup();
  const lookup = deferred<AnswerSheet[]>();
  api.byClass.mockResolvedValue([exam({})]);
  api.answers.get.mockReturnValue(lookup.promise);
  api.grade.mockResolvedValue([{ id: 3, exam_id: 21, student_id: 5, score: 100, detail: null }]);
  openExam();
  await user.click(await screen.findByRole('radio', { name: 'C. 12' }));
  await act(async () => lookup.resolve([activeSheet({ answers: { '1': 'b' }, status: 'Inactive', score: 100 })]));
  expect(await screen.findByText('Your score: 100')).toBeInTheDocument();
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  expect(api.answers.saveChanges).not.toHaveBeenCalled();
  expect(localStorage.getItem(earlyAnswersKey('exam', 21, 5))).toBeNull();
});

test('the sheet failing to open: the error as before, and early answers are kept and sent on retry', async () => {
  const user = userEvent.setup();
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined); // the failed load is logged
  const lookup = deferred<AnswerSheet[]>();
  api.byClass.mockResolvedValue([exam({})]);
  api.answers.get.mockReturnValueOnce(lookup.promise).mockResolvedValue([activeSheet()]);
  openExam();
  await user.click(await screen.findByRole('radio', { name: 'B. 9' }));
  await act(async () => lookup.reject(new AxiosError('Network Error', 'ERR_NETWORK')));
  expect(await screen.findByText('Could not open your answer sheet, please try again.')).toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem(earlyAnswersKey('exam', 21, 5)) ?? '{}')).toMatchObject({
    answers: { '1': 'b' },
  });

  await user.click(screen.getByRole('button', { name: /try again|retry/i }));
  await waitFor(() => expect(api.answers.saveChanges).toHaveBeenCalledWith(70, changesOf({ '1': 'b' })));
  expect(await screen.findByRole('radio', { name: 'B. 9' })).toBeChecked();
  logged.mockRestore();
});

test('submitting before the sheet is open waits for it: the early answers are saved before grading', async () => {
  const user = userEvent.setup();
  const lookup = deferred<AnswerSheet[]>();
  const order: string[] = [];
  api.byClass.mockResolvedValue([exam({})]);
  api.answers.get.mockReturnValue(lookup.promise);
  api.answers.saveChanges.mockImplementation(
    async (id, changes) => (order.push('save'), activeSheet({ id, answers: withChanges({}, changes) })),
  );
  api.calculateGrade.mockImplementation(
    async () => (order.push('grade'), { id: 3, exam_id: 21, student_id: 5, score: 100, detail: null }),
  );
  openExam();
  await user.click(await screen.findByRole('radio', { name: 'B. 9' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));
  expect(api.calculateGrade).not.toHaveBeenCalled();
  await act(async () => lookup.resolve([]));
  await waitFor(() => expect(order).toEqual(['save', 'grade']));
  expect(api.answers.saveChanges).toHaveBeenCalledWith(70, changesOf({ '1': 'b' }));
});

test('the time left, the save state and Submit sit together in the pinned bar', async () => {
  api.byClass.mockResolvedValue([exam({})]);
  openExam();
  expect(await screen.findByRole('radio', { name: 'B. 9' })).toBeInTheDocument();
  const bar = screen.getByRole('region', { name: 'Answer sheet bar' });
  expect(within(bar).getByRole('timer', { name: 'Time left' })).toHaveTextContent(/^(01:00:00|00:59:\d\d)$/);
  expect(within(bar).getByTestId('save-status')).toBeInTheDocument();
  expect(within(bar).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  expect(screen.getByText('The exam is submitted automatically at 09.00 WIB.')).toBeInTheDocument();
});
