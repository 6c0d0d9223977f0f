import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnswerSheet } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../../../test/fixtures';
import {
  type Replier,
  changesOf,
  unreachable,
  createdSheet,
  exerciseOf,
  material,
  meta,
  quietFailedRequests,
  refusedAs,
  savedChanges,
  reply,
  serveSheets,
  sheetOf,
} from '../../../test/network';
import { answersStorageKey } from '../answer-queue';
import { Link, Route, Routes } from 'react-router-dom';
import TaskListPage from '../../assessments/components/TaskListPage';
import TaskPage from './TaskPage';

const exercise = exerciseOf({
  title: 'Latihan Fotosintesis',
  content: {
    '1': 'Organ fotosintesis?',
    '1_a': 'Daun',
    '1_b': 'Akar',
    '1_c': 'Batang',
    '1_d': 'Bunga',
    '2_essay': 'Jelaskan fotosintesis.',
  },
});
const sheet = (over: Partial<AnswerSheet> = {}): AnswerSheet =>
  sheetOf('exercise', { id: 40, itemId: 11, studentId: 5, ...over });

/** The server's side: the material's exercise, the student's sheets (none yet), grading and the stored grade. */
let byMaterial: Replier<'get /exercises'>;
let sheets: ReturnType<typeof serveSheets>;
let grade: Replier<'get /exercises/get-grade'>;
let calculateGrade: Replier<'post /exercises/calculate-grade'>;

beforeEach(() => {
  localStorage.clear();
  signInStudent(5);
  byMaterial = reply('get /exercises', () => [exercise]);
  sheets = serveSheets('exercise', sheet());
  grade = reply('get /exercises/get-grade', () => []);
  calculateGrade = reply('post /exercises/calculate-grade', () => ({
    id: 1,
    exercise_id: 11,
    student_id: 5,
    score: 50,
    detail: null,
  }));
});

const openTask = () => renderAt(<TaskPage />, '/MyTask?material_id=3');

test('loads the whole exercise in one request, creates the answer sheet when none exists', async () => {
  openTask();
  expect(screen.getByText('Loading questions...')).toBeInTheDocument();
  expect(await screen.findByText('Organ fotosintesis?')).toBeInTheDocument();
  // one request for the whole exercise: GET /exercises/student (question by question) is not answered here
  expect(byMaterial).toHaveBeenCalledTimes(1);
  expect(byMaterial).toHaveBeenCalledWith({ query: { material_id: '3', number: '0' }, body: undefined });
  await waitFor(() =>
    expect(sheets.get).toHaveBeenCalledWith({ query: { exercise_id: '11', student_id: '5' }, body: undefined }),
  );
  await waitFor(() => expect(sheets.create).toHaveBeenCalledWith(createdSheet('exercise', 11, 5)));
  expect(screen.getByRole('heading', { name: 'Latihan Fotosintesis' })).toBeInTheDocument();
});

test('reopening shows the saved answers and does not create a second sheet', async () => {
  sheets.get.mockReturnValue([sheet({ answers: { '1': 'a' } })]);
  openTask();
  expect(await screen.findByRole('radio', { name: 'A. Daun' })).toBeChecked();
  expect(sheets.create).not.toHaveBeenCalled();
  // the number grid comes in a background render after the question
  expect(await screen.findByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();
});

test('a choice is saved at once as the change of its question, and the status says Saved', async () => {
  const user = userEvent.setup();
  const before = Date.now();
  openTask();
  await user.click(await screen.findByRole('radio', { name: 'B. Akar' }));
  await waitFor(() => expect(sheets.save).toHaveBeenCalledWith(savedChanges(40, changesOf({ '1': 'b' }))));
  expect(sheets.save.mock.calls[0][0].body.changes['1'].at).toBeGreaterThanOrEqual(before);
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  // the whole map is never sent (the older save): every PATCH carried only changes
  expect(sheets.save.mock.calls.every(([{ body }]) => Object.keys(body).join() === 'changes')).toBe(true);
});

test("answers given elsewhere show from a save's reply and when the tab comes back into view", async () => {
  const user = userEvent.setup();
  sheets.get.mockReturnValue([sheet({ answers: {} })]);
  sheets.save.mockReturnValueOnce(sheet({ answers: { '1': 'b', '2': 'typed on the phone' } }));
  openTask();
  await user.click(await screen.findByRole('radio', { name: 'B. Akar' }));
  expect(await screen.findByRole('button', { name: 'Question 2, answered' })).toBeInTheDocument();

  // Meanwhile question 1 changed elsewhere; this tab's own unsent change of question 2 must stay over it.
  quietFailedRequests();
  sheets.save.mockImplementation(unreachable);
  await user.click(screen.getByRole('button', { name: 'Question 2, answered' }));
  const essay = await screen.findByRole('textbox', { name: 'Your answer' }); // the essay box's own chunk
  await user.clear(essay);
  await user.type(essay, 'mine');
  sheets.get.mockReturnValue([sheet({ answers: { '1': 'd', '2': 'typed on the phone' } })]);
  act(() => {
    window.dispatchEvent(new Event('focus'));
  });
  await user.click(screen.getByRole('button', { name: /^Question 1/ }));
  expect(await screen.findByRole('radio', { name: 'D. Bunga' })).toBeChecked();
  await user.click(screen.getByRole('button', { name: /^Question 2/ }));
  expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('mine');
});

test('essay typing is saved once after a pause, not per keystroke', async () => {
  const user = userEvent.setup();
  openTask();
  await user.click(await screen.findByRole('button', { name: 'Question 2' }));
  await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Cahaya');
  expect(sheets.save).not.toHaveBeenCalled();
  await waitFor(() => expect(sheets.save).toHaveBeenCalledTimes(1), { timeout: 2000 });
  expect(sheets.save).toHaveBeenCalledWith(savedChanges(40, changesOf({ '2': 'Cahaya' })));
});

test('offline: answers stay on the device with a visible status and are sent when the connection returns', async () => {
  const user = userEvent.setup();
  quietFailedRequests();
  sheets.save.mockImplementationOnce(unreachable);
  openTask();
  await user.click(await screen.findByRole('radio', { name: 'C. Batang' }));
  expect(await screen.findByText('Offline — answers kept on this device')).toBeInTheDocument();
  expect(JSON.parse(localStorage.getItem(answersStorageKey('exercise', 40)) ?? '{}')).toMatchObject({
    answers: { '1': 'c' },
    pending: true,
  });

  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  expect(sheets.save).toHaveBeenLastCalledWith(savedChanges(40, changesOf({ '1': 'c' })));
  expect(localStorage.getItem(answersStorageKey('exercise', 40))).toBeNull();
});

test('after a reload, answers kept on the device are shown over the server copy and sent with the time they were given', async () => {
  // (kept by the previous version of the app: a whole map, counted as changed when it was stored)
  localStorage.setItem(
    answersStorageKey('exercise', 40),
    JSON.stringify({ answers: { '2': 'typed offline' }, updatedAt: 1_700_000_000_000, pending: true }),
  );
  sheets.get.mockReturnValue([sheet({ answers: { '1': 'a' } })]);
  sheets.save.mockReturnValue(sheet({ answers: { '1': 'a', '2': 'typed offline' } }));
  openTask();
  await waitFor(() =>
    expect(sheets.save).toHaveBeenCalledWith(
      savedChanges(40, { '2': { answer: 'typed offline', at: 1_700_000_000_000 } }),
    ),
  );
  expect(await screen.findByRole('radio', { name: 'A. Daun' })).toBeChecked();
  expect(await screen.findByRole('button', { name: 'Question 2, answered' })).toBeInTheDocument();
});

test('a sheet submitted elsewhere (409) stops saving and tells the student', async () => {
  const user = userEvent.setup();
  quietFailedRequests();
  sheets.save.mockImplementation(() => refusedAs(409, 'sheet-already-submitted'));
  openTask();
  await user.click(await screen.findByRole('radio', { name: 'A. Daun' }));
  expect(await screen.findByText('This sheet has already been submitted.')).toBeInTheDocument();
  expect(sheets.save).toHaveBeenCalledTimes(1);
});

test('submit: confirmation, flush, grading, the score, then back one screen', async () => {
  const user = userEvent.setup();
  openTask();
  await user.click(await screen.findByRole('radio', { name: 'A. Daun' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  const confirm = screen.getByRole('dialog', { name: 'Confirmation of Assignment Submission' });
  await user.click(within(confirm).getByRole('button', { name: 'Yes, submit' }));
  const result = await screen.findByRole('dialog', { name: 'Submitted' });
  expect(within(result).getByText('50')).toBeInTheDocument();
  expect(sheets.save).toHaveBeenCalledWith(savedChanges(40, changesOf({ '1': 'a' })));
  expect(calculateGrade).toHaveBeenCalledWith({ query: {}, body: { exercise_id: 11, student_id: 5 } });
  expect(sheets.save.mock.invocationCallOrder[0]).toBeLessThan(calculateGrade.mock.invocationCallOrder[0]);
  await user.click(within(result).getByRole('button', { name: 'OK' }));
  // Opened directly (no earlier screen): back goes to the task classes.
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/MyClassesTask'));
});

test('a submitted exercise shows its grade instead of the questions', async () => {
  sheets.get.mockReturnValue([sheet({ status: 'Inactive', score: 75 })]);
  grade.mockReturnValue([{ id: 1, exercise_id: 11, student_id: 5, score: 75, detail: null }]);
  openTask();
  expect(await screen.findByText('Grade: 75')).toBeInTheDocument();
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
});

test('submitted in another tab: coming back into view shows the submission instead of the questions', async () => {
  openTask();
  expect(await screen.findByRole('radio', { name: 'A. Daun' })).toBeInTheDocument();
  sheets.get.mockReturnValue([sheet({ answers: { '1': 'a' }, status: 'Inactive', score: 75 })]);
  grade.mockReturnValue([{ id: 1, exercise_id: 11, student_id: 5, score: 75, detail: null }]);
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect(await screen.findByText('Grade: 75')).toBeInTheDocument();
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
});

test("after handing in, the class's task list shows the new grade (the grades read before are asked again)", async () => {
  const user = userEvent.setup();
  reply('get /classes/assigned', () => ({ classes: [], meta: meta(0, 100) }));
  reply('get /materials/from-class', () => ({
    materials: [material({ id: 3, title: 'Fotosintesis', teacher_id: 2, exercise_id: 11 })],
    meta: meta(1, 10),
  }));
  const allGrades = reply('get /exercises/get-all-grade', () => [
    { id: 1, exercise_id: 11, student_id: 5, score: 50, detail: null },
  ]);
  allGrades.mockReturnValueOnce([]);
  renderAt(
    <>
      <Link to="/MyDetailClassesTask/4">task list</Link>
      <Routes>
        <Route path="/MyDetailClassesTask/:id" element={<TaskListPage />} />
        <Route path="/MyTask" element={<TaskPage />} />
      </Routes>
    </>,
    '/MyDetailClassesTask/4',
  );
  await user.click(within(await screen.findByRole('link', { name: /Fotosintesis/ })).getByText('Grade: -'));
  await user.click(await screen.findByRole('radio', { name: 'A. Daun' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await user.click(
    within(screen.getByRole('dialog', { name: 'Confirmation of Assignment Submission' })).getByRole('button', {
      name: 'Yes, submit',
    }),
  );
  await screen.findByRole('dialog', { name: 'Submitted' });
  await user.click(screen.getByRole('link', { name: 'task list', hidden: true }));
  expect(
    await within(await screen.findByRole('link', { name: /Fotosintesis/ })).findByText('Grade: 50'),
  ).toBeInTheDocument();
  expect(allGrades).toHaveBeenCalledTimes(2);
});
