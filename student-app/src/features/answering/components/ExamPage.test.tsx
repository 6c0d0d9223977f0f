import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnswerSheet, Exam } from '@kelasku/shared-api';
import { answersStorageKey } from '../answer-queue';
import { arrivedClassExams, prefetchClassExams } from '../../../lib/exam-prefetch';
import { earlyAnswersKey } from '../hooks/useAnswerSheet';
import { deferred, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../../../test/fixtures';
import {
  type Replier,
  changesOf,
  unreachable,
  createdSheet,
  examOf,
  quietFailedRequests,
  refusedAs,
  savedChanges,
  reply,
  serveSheets,
  sheetOf,
  type Answer,
} from '../../../test/network';
import ExamPage from './ExamPage';

/** Exam times around a fixed server clock (08:00 WIB on 5 Jan 2025); the device clock is whatever it is. */
const SERVER_NOW = Date.parse('2025-01-05T08:00:00+07:00');
const wib = (offsetMinutes: number) => {
  const d = new Date(SERVER_NOW + offsetMinutes * 60_000 + 7 * 3600_000);
  return d.toISOString().slice(0, 19) + '+07:00';
};
const content = { '1': 'Hasil 3 x 3?', '1_a': '6', '1_b': '9', '1_c': '12', '1_d': '3' };
const exam = (over: Partial<Exam>): Exam =>
  examOf({
    start_time: wib(-30),
    end_time: wib(60),
    content,
    server_time: new Date(SERVER_NOW).toISOString(),
    ...over,
  });
const activeSheet = (over: Partial<AnswerSheet> = {}): AnswerSheet =>
  sheetOf('exam', { id: 70, itemId: 21, studentId: 5, ...over });

/** The server's side: the class's exam, the student's sheet (none yet), grades, heartbeats and past exams. */
let byClass: Replier<'get /exams'>;
let sheets: ReturnType<typeof serveSheets>;
let grade: Replier<'get /exams/get-grade'>;
let calculateGrade: Replier<'post /exams/calculate-grade'>;
let heartbeat: Replier<'post /exams-answers/heartbeat'>;

beforeEach(() => {
  localStorage.clear();
  signInStudent(5);
  // Every heartbeat fails (its own end unknown: the exam's end holds), and the client logs each.
  quietFailedRequests();
  byClass = reply('get /exams', () => [exam({})]);
  sheets = serveSheets('exam', activeSheet());
  grade = reply('get /exams/get-grade', () => []);
  calculateGrade = reply('post /exams/calculate-grade', () => ({
    id: 3,
    exam_id: 21,
    student_id: 5,
    score: 0,
    detail: null,
  }));
  heartbeat = reply('post /exams-answers/heartbeat', unreachable);
  reply('get /exams/of-class', () => []); // the class's past exams, below the current one
});

const openExam = () => renderAt(<ExamPage />, '/MyExams?class_id=4');
/** What the sheet was created with: exam 21, student 5. */
const created = createdSheet('exam', 21, 5);
/** What grading asked for: exam 21, student 5. */
const graded = { query: {}, body: { exam_id: 21, student_id: 5 } };

test('before the start: the WIB window, "Not open yet" and a countdown, no questions and no sheet', async () => {
  byClass.mockReturnValue([exam({ start_time: wib(90), end_time: wib(150), status: 'Scheduled', content: {} })]);
  openExam();
  expect(await screen.findByText('09.30 - 10.30 WIB')).toBeInTheDocument();
  expect(screen.getByTestId('exam-state')).toHaveTextContent('Not open yet');
  expect(screen.getByText('The exam has not started yet. It opens at 09.30 WIB.')).toBeInTheDocument();
  expect(screen.getByRole('timer', { name: 'Time until the exam opens' })).toHaveTextContent(/^01:(30|29):\d\d$/);
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  expect(sheets.create).not.toHaveBeenCalled();
});

test('the countdown reaching the start loads the questions (hidden by the server before)', async () => {
  const startsAt = new Date(SERVER_NOW + 1500).toISOString();
  byClass
    .mockReturnValueOnce([exam({ start_time: startsAt, status: 'Scheduled', content: {} })])
    .mockReturnValue([
      exam({ start_time: startsAt, status: 'Active', server_time: new Date(SERVER_NOW + 1600).toISOString() }),
    ]);
  openExam();
  expect(await screen.findByText('Not open yet')).toBeInTheDocument();
  expect(await screen.findByRole('radio', { name: 'B. 9' }, { timeout: 8000 })).toBeInTheDocument();
  expect(byClass).toHaveBeenCalledTimes(2);
  await waitFor(() => expect(sheets.create).toHaveBeenCalledWith(created));
});

test('inside the window: questions, time left, and the sheet is opened', async () => {
  openExam();
  expect(await screen.findByRole('radio', { name: 'B. 9' })).toBeInTheDocument();
  expect(screen.getByTestId('exam-state')).toHaveTextContent('Open');
  expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent(/^(01:00:00|00:59:\d\d)$/);
  expect(byClass).toHaveBeenCalledTimes(1);
  expect(byClass).toHaveBeenCalledWith({ query: { class_id: '4', number: '0' }, body: undefined });
  await waitFor(() =>
    expect(sheets.get).toHaveBeenCalledWith({ query: { exam_id: '21', student_id: '5' }, body: undefined }),
  );
  await waitFor(() => expect(sheets.create).toHaveBeenCalledWith(created));
});

test('an exam that arrived before the screen (opened directly) shows question 1 in the first render, asked for once', async () => {
  prefetchClassExams(4); // as App.tsx does while this screen's code loads
  await waitFor(() => expect(arrivedClassExams(4)).toBeDefined()); // the answer arrives
  openExam();
  // No loading state first: the enabled option is there as soon as the screen rendered.
  expect(screen.getByRole('radio', { name: 'B. 9' })).toBeEnabled();
  expect(screen.queryByText('Loading questions...')).not.toBeInTheDocument();
  await waitFor(() => expect(sheets.create).toHaveBeenCalledWith(created));
  expect(byClass).toHaveBeenCalledTimes(1);
});

test('after the end: closed, never answerable, with the score when the sheet was submitted', async () => {
  byClass.mockReturnValue([exam({ start_time: wib(-120), end_time: wib(-60), status: 'Completed' })]);
  sheets.get.mockReturnValue([activeSheet({ answers: { '1': 'b' }, status: 'Inactive', score: 100 })]);
  grade.mockReturnValue([{ id: 3, exam_id: 21, student_id: 5, score: 100, detail: null }]);
  openExam();
  expect(await screen.findByText('Your score: 100')).toBeInTheDocument();
  expect(screen.getByTestId('exam-state')).toHaveTextContent('Submitted');
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  expect(sheets.create).not.toHaveBeenCalled();
});

test('after the end without a sheet: says it is closed and creates nothing', async () => {
  byClass.mockReturnValue([exam({ start_time: wib(-120), end_time: wib(-60), status: 'Completed' })]);
  openExam();
  expect(await screen.findByText('The exam is closed. Answers can no longer be submitted.')).toBeInTheDocument();
  expect(screen.getByTestId('exam-state')).toHaveTextContent('Closed');
  expect(sheets.create).not.toHaveBeenCalled();
});

test('at the end time an open exam is submitted automatically', async () => {
  byClass.mockReturnValue([exam({ end_time: new Date(SERVER_NOW + 3500).toISOString() })]);
  openExam();
  expect(await screen.findByRole('radio', { name: 'B. 9' })).toBeInTheDocument();
  const dialog = await screen.findByRole('dialog', { name: 'Submitted' }, { timeout: 8000 });
  expect(within(dialog).getByText('Time is up — your exam was submitted automatically.')).toBeInTheDocument();
  expect(calculateGrade).toHaveBeenCalledWith(graded);
});

test("extra minutes from the proctor (the heartbeat's own end) keep the exam open past its end: no automatic submit", async () => {
  byClass.mockReturnValue([exam({ end_time: new Date(SERVER_NOW + 3500).toISOString() })]);
  heartbeat.mockReturnValue({ end_time: wib(30), extra_minutes: 30 });
  openExam();
  expect(await screen.findByRole('radio', { name: 'B. 9' })).toBeInTheDocument();
  await waitFor(() => expect(heartbeat).toHaveBeenCalledWith({ query: { id: '70' }, body: undefined }));
  await new Promise((r) => setTimeout(r, 5000));
  expect(calculateGrade).not.toHaveBeenCalled();
  expect(screen.queryByRole('dialog', { name: 'Submitted' })).not.toBeInTheDocument();
  expect(screen.getAllByRole('timer', { name: 'Time left' })[0]).toHaveTextContent(/^00:(29|30):\d\d$/);
}, 15_000);

test('no exam for the class', async () => {
  byClass.mockReturnValue([]);
  openExam();
  expect(await screen.findByText("Your teacher hasn't created an exam for this class yet.")).toBeInTheDocument();
  await waitFor(() => expect(sheets.get).not.toHaveBeenCalled());
});

/** The sheet's lookup, answered by hand (a list of sheets, or a failure), to act while it is still on its way. */
const sheetLookup = () => {
  const lookup = deferred<Answer<'get /exams-answers'>>();
  sheets.get.mockImplementationOnce(() => lookup.promise);
  return lookup;
};

test("two devices merge answers by when they were given: each answer carries its time on the server's clock", async () => {
  const user = userEvent.setup();
  // the exam's read says 08:00 on 5 Jan 2025, whatever this device's clock says
  openExam();
  await user.click(await screen.findByRole('radio', { name: 'B. 9' }));
  await waitFor(() => expect(sheets.save).toHaveBeenCalledWith(savedChanges(70, changesOf({ '1': 'b' }))));
  const at = sheets.save.mock.calls[0][0].body.changes['1'].at;
  expect(Math.abs(at - SERVER_NOW)).toBeLessThan(60_000);
});

test('question 1 is answerable while the sheet is still loading; the answer is kept on the device, then saved to the sheet', async () => {
  const user = userEvent.setup();
  const lookup = sheetLookup();
  openExam();
  const option = await screen.findByRole('radio', { name: 'B. 9' });
  expect(option).toBeEnabled();
  await user.click(option);
  expect(option).toBeChecked();
  expect(JSON.parse(localStorage.getItem(earlyAnswersKey('exam', 21, 5)) ?? '{}')).toMatchObject({
    answers: { '1': 'b' },
    pending: true,
  });
  expect(sheets.save).not.toHaveBeenCalled();

  await act(async () => lookup.resolve([]));
  await waitFor(() => expect(sheets.save).toHaveBeenCalledWith(savedChanges(70, changesOf({ '1': 'b' }))));
  expect(sheets.create).toHaveBeenCalledWith(created);
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  expect(localStorage.getItem(earlyAnswersKey('exam', 21, 5))).toBeNull();
  expect(localStorage.getItem(answersStorageKey('exam', 70))).toBeNull();
});

test('an early answer merges over the answers already on the server', async () => {
  const user = userEvent.setup();
  const lookup = sheetLookup();
  byClass.mockReturnValue([
    exam({
      content: { ...content, '2': 'Ibu kota?', '2_a': 'Bandung', '2_b': 'Jakarta', '2_c': 'Medan', '2_d': 'Solo' },
    }),
  ]);
  openExam();
  await user.click(await screen.findByRole('radio', { name: 'C. 12' }));
  sheets.save.mockReturnValue(activeSheet({ answers: { '1': 'c', '2': 'b' } }));
  await act(async () => lookup.resolve([activeSheet({ answers: { '1': 'a', '2': 'b' } })]));
  await waitFor(() => expect(sheets.save).toHaveBeenCalledWith(savedChanges(70, changesOf({ '1': 'c' }))));
  expect(sheets.create).not.toHaveBeenCalled();
  expect(screen.getByRole('radio', { name: 'C. 12' })).toBeChecked();
});

test('the server refusing an early answer (window closed, 403) is shown as for any save', async () => {
  const user = userEvent.setup();
  const lookup = sheetLookup();
  sheets.save.mockImplementation(() => refusedAs(403, 'exam-ended'));
  openExam();
  await user.click(await screen.findByRole('radio', { name: 'B. 9' }));
  await act(async () => lookup.resolve([activeSheet()]));
  expect(await screen.findByText('The exam is closed: answers can no longer be changed.')).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'A. 6' })).toBeDisabled();
});

test('a sheet already submitted: an early answer is dropped and the page shows the submission', async () => {
  const user = userEvent.setup();
  const lookup = sheetLookup();
  grade.mockReturnValue([{ id: 3, exam_id: 21, student_id: 5, score: 100, detail: null }]);
  openExam();
  await user.click(await screen.findByRole('radio', { name: 'C. 12' }));
  await act(async () => lookup.resolve([activeSheet({ answers: { '1': 'b' }, status: 'Inactive', score: 100 })]));
  expect(await screen.findByText('Your score: 100')).toBeInTheDocument();
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  expect(sheets.save).not.toHaveBeenCalled();
  expect(localStorage.getItem(earlyAnswersKey('exam', 21, 5))).toBeNull();
});

test('the sheet failing to open: the error as before, and early answers are kept and sent on retry', async () => {
  const user = userEvent.setup();
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined); // the failed load is logged
  const lookup = sheetLookup();
  sheets.get.mockReturnValue([activeSheet()]);
  openExam();
  await user.click(await screen.findByRole('radio', { name: 'B. 9' }));
  await act(async () => lookup.resolve(unreachable()));
  expect(await screen.findByText('Could not open your answer sheet, please try again.')).toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem(earlyAnswersKey('exam', 21, 5)) ?? '{}')).toMatchObject({
    answers: { '1': 'b' },
  });

  await user.click(screen.getByRole('button', { name: /try again|retry/i }));
  await waitFor(() => expect(sheets.save).toHaveBeenCalledWith(savedChanges(70, changesOf({ '1': 'b' }))));
  expect(await screen.findByRole('radio', { name: 'B. 9' })).toBeChecked();
  logged.mockRestore();
});

test('submitting before the sheet is open waits for it: the early answers are saved before grading', async () => {
  const user = userEvent.setup();
  const lookup = sheetLookup();
  const order: string[] = [];
  const saves = sheets.save.getMockImplementation()!;
  sheets.save.mockImplementation((sent) => (order.push('save'), saves(sent)));
  calculateGrade.mockImplementation(
    () => (order.push('grade'), { id: 3, exam_id: 21, student_id: 5, score: 100, detail: null }),
  );
  openExam();
  await user.click(await screen.findByRole('radio', { name: 'B. 9' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));
  expect(calculateGrade).not.toHaveBeenCalled();
  await act(async () => lookup.resolve([]));
  await waitFor(() => expect(order).toEqual(['save', 'grade']));
  expect(sheets.save).toHaveBeenCalledWith(savedChanges(70, changesOf({ '1': 'b' })));
  expect(calculateGrade).toHaveBeenCalledWith(graded);
});

test('the time left, the save state and Submit sit together in the pinned bar', async () => {
  openExam();
  expect(await screen.findByRole('radio', { name: 'B. 9' })).toBeInTheDocument();
  const bar = screen.getByRole('region', { name: 'Answer sheet bar' });
  expect(within(bar).getByRole('timer', { name: 'Time left' })).toHaveTextContent(/^(01:00:00|00:59:\d\d)$/);
  expect(within(bar).getByTestId('save-status')).toBeInTheDocument();
  expect(within(bar).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  expect(screen.getByText('The exam is submitted automatically at 09.00 WIB.')).toBeInTheDocument();
});
