import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError } from 'axios';
import { exercisesApi, materialsApi, type AnswerSheet } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../../../test/fixtures';
import { answersStorageKey, withChanges } from '../answer-queue';
import { Link, Route, Routes } from 'react-router-dom';
import TaskListPage from '../../assessments/components/TaskListPage';
import TaskPage from './TaskPage';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    materialsApi: { ...actual.materialsApi, fromClass: jest.fn() },
    classesApi: { ...actual.classesApi, assigned: jest.fn(async () => ({ classes: [], meta: {} })) },
    exercisesApi: {
      ...actual.exercisesApi,
      byMaterial: jest.fn(),
      question: jest.fn(),
      calculateGrade: jest.fn(),
      grade: jest.fn(),
      allGrades: jest.fn(),
      answers: { get: jest.fn(), create: jest.fn(), save: jest.fn(), saveChanges: jest.fn(), remove: jest.fn() },
    },
  };
});

const api = exercisesApi as jest.Mocked<typeof exercisesApi> & { answers: jest.Mocked<typeof exercisesApi.answers> };
const exercise = {
  id: 11,
  material_id: 3,
  title: 'Latihan Fotosintesis',
  total_marks: 100,
  teacher_id: 2,
  content: {
    '1': 'Organ fotosintesis?',
    '1_a': 'Daun',
    '1_b': 'Akar',
    '1_c': 'Batang',
    '1_d': 'Bunga',
    '2_essay': 'Jelaskan fotosintesis.',
  },
};
const sheet = (over: Partial<AnswerSheet> = {}): AnswerSheet => ({
  id: 40,
  exercise_id: 11,
  student_id: 5,
  answers: {},
  status: 'Active',
  score: null,
  ...over,
});
/** The changes a save should carry for these answers (each with the time it was given). */
const changesOf = (answers: Record<string, string>) =>
  Object.fromEntries(Object.entries(answers).map(([n, answer]) => [n, { answer, at: expect.any(Number) }]));

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  signInStudent(5);
  api.byMaterial.mockResolvedValue([exercise]);
  api.answers.get.mockResolvedValue([]);
  api.answers.create.mockResolvedValue(sheet());
  api.answers.saveChanges.mockImplementation(async (_id, changes) => sheet({ answers: withChanges({}, changes) }));
});

const openTask = () => renderAt(<TaskPage />, '/MyTask?material_id=3');

test('loads the whole exercise in one request, creates the answer sheet when none exists', async () => {
  openTask();
  expect(screen.getByText('Loading questions...')).toBeInTheDocument();
  expect(await screen.findByText('Organ fotosintesis?')).toBeInTheDocument();
  expect(api.byMaterial).toHaveBeenCalledTimes(1);
  expect(api.byMaterial).toHaveBeenCalledWith(3);
  expect(api.question).not.toHaveBeenCalled();
  expect(api.answers.get).toHaveBeenCalledWith(11, 5);
  expect(api.answers.create).toHaveBeenCalledWith(11, 5);
  expect(screen.getByRole('heading', { name: 'Latihan Fotosintesis' })).toBeInTheDocument();
});

test('reopening shows the saved answers and does not create a second sheet', async () => {
  api.answers.get.mockResolvedValue([sheet({ answers: { '1': 'a' } })]);
  openTask();
  expect(await screen.findByRole('radio', { name: 'A. Daun' })).toBeChecked();
  expect(api.answers.create).not.toHaveBeenCalled();
  // the number grid comes in a background render after the question
  expect(await screen.findByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();
});

test('a choice is saved at once as the change of its question, and the status says Saved', async () => {
  const user = userEvent.setup();
  const before = Date.now();
  openTask();
  await user.click(await screen.findByRole('radio', { name: 'B. Akar' }));
  await waitFor(() => expect(api.answers.saveChanges).toHaveBeenCalledWith(40, changesOf({ '1': 'b' })));
  expect(api.answers.saveChanges.mock.calls[0][1]['1'].at).toBeGreaterThanOrEqual(before);
  expect(await screen.findByText('Saved')).toBeInTheDocument();
  expect(api.answers.save).not.toHaveBeenCalled();
});

test("answers given elsewhere show from a save's reply and when the tab comes back into view", async () => {
  const user = userEvent.setup();
  api.answers.get.mockResolvedValue([sheet({ answers: {} })]);
  api.answers.saveChanges.mockResolvedValueOnce(sheet({ answers: { '1': 'b', '2': 'typed on the phone' } }));
  openTask();
  await user.click(await screen.findByRole('radio', { name: 'B. Akar' }));
  expect(await screen.findByRole('button', { name: 'Question 2, answered' })).toBeInTheDocument();

  // Meanwhile question 1 changed elsewhere; this tab's own unsent change of question 2 must stay over it.
  api.answers.saveChanges.mockRejectedValue(new AxiosError('Network Error', 'ERR_NETWORK'));
  await user.click(screen.getByRole('button', { name: 'Question 2, answered' }));
  const essay = await screen.findByRole('textbox', { name: 'Your answer' }); // the essay box's own chunk
  await user.clear(essay);
  await user.type(essay, 'mine');
  api.answers.get.mockResolvedValue([sheet({ answers: { '1': 'd', '2': 'typed on the phone' } })]);
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
  expect(api.answers.saveChanges).not.toHaveBeenCalled();
  await waitFor(() => expect(api.answers.saveChanges).toHaveBeenCalledTimes(1), { timeout: 2000 });
  expect(api.answers.saveChanges).toHaveBeenCalledWith(40, changesOf({ '2': 'Cahaya' }));
});

test('offline: answers stay on the device with a visible status and are sent when the connection returns', async () => {
  const user = userEvent.setup();
  api.answers.saveChanges.mockRejectedValueOnce(new AxiosError('Network Error', 'ERR_NETWORK'));
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
  expect(api.answers.saveChanges).toHaveBeenLastCalledWith(40, changesOf({ '1': 'c' }));
  expect(localStorage.getItem(answersStorageKey('exercise', 40))).toBeNull();
});

test('after a reload, answers kept on the device are shown over the server copy and sent with the time they were given', async () => {
  // (kept by the previous version of the app: a whole map, counted as changed when it was stored)
  localStorage.setItem(
    answersStorageKey('exercise', 40),
    JSON.stringify({ answers: { '2': 'typed offline' }, updatedAt: 1_700_000_000_000, pending: true }),
  );
  api.answers.get.mockResolvedValue([sheet({ answers: { '1': 'a' } })]);
  api.answers.saveChanges.mockResolvedValue(sheet({ answers: { '1': 'a', '2': 'typed offline' } }));
  openTask();
  await waitFor(() =>
    expect(api.answers.saveChanges).toHaveBeenCalledWith(40, {
      '2': { answer: 'typed offline', at: 1_700_000_000_000 },
    }),
  );
  expect(await screen.findByRole('radio', { name: 'A. Daun' })).toBeChecked();
  expect(await screen.findByRole('button', { name: 'Question 2, answered' })).toBeInTheDocument();
});

test('a sheet submitted elsewhere (409) stops saving and tells the student', async () => {
  const user = userEvent.setup();
  api.answers.saveChanges.mockRejectedValue(
    new AxiosError('conflict', 'ERR_BAD_REQUEST', undefined, undefined, {
      status: 409,
      data: { error: 'Sheet already submitted' },
    } as never),
  );
  openTask();
  await user.click(await screen.findByRole('radio', { name: 'A. Daun' }));
  expect(await screen.findByText('This sheet has already been submitted.')).toBeInTheDocument();
  expect(api.answers.saveChanges).toHaveBeenCalledTimes(1);
});

test('submit: confirmation, flush, grading, the score, then back one screen', async () => {
  const user = userEvent.setup();
  api.calculateGrade.mockResolvedValue({ id: 1, exercise_id: 11, student_id: 5, score: 50, detail: null });
  openTask();
  await user.click(await screen.findByRole('radio', { name: 'A. Daun' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  const confirm = screen.getByRole('dialog', { name: 'Confirmation of Assignment Submission' });
  await user.click(within(confirm).getByRole('button', { name: 'Yes, submit' }));
  const result = await screen.findByRole('dialog', { name: 'Submitted' });
  expect(within(result).getByText('50')).toBeInTheDocument();
  expect(api.answers.saveChanges).toHaveBeenCalledWith(40, changesOf({ '1': 'a' }));
  expect(api.calculateGrade).toHaveBeenCalledWith(11, 5);
  expect(api.answers.saveChanges.mock.invocationCallOrder[0]).toBeLessThan(
    api.calculateGrade.mock.invocationCallOrder[0],
  );
  await user.click(within(result).getByRole('button', { name: 'OK' }));
  // Opened directly (no earlier screen): back goes to the task classes.
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/MyClassesTask'));
});

test('a submitted exercise shows its grade instead of the questions', async () => {
  api.answers.get.mockResolvedValue([sheet({ status: 'Inactive', score: 75 })]);
  api.grade.mockResolvedValue([{ id: 1, exercise_id: 11, student_id: 5, score: 75, detail: null }]);
  openTask();
  expect(await screen.findByText('Grade: 75')).toBeInTheDocument();
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
});

test('submitted in another tab: coming back into view shows the submission instead of the questions', async () => {
  openTask();
  expect(await screen.findByRole('radio', { name: 'A. Daun' })).toBeInTheDocument();
  api.answers.get.mockResolvedValue([sheet({ answers: { '1': 'a' }, status: 'Inactive', score: 75 })]);
  api.grade.mockResolvedValue([{ id: 1, exercise_id: 11, student_id: 5, score: 75, detail: null }]);
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
  expect(await screen.findByText('Grade: 75')).toBeInTheDocument();
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
});

test("after handing in, the class's task list shows the new grade (the grades read before are asked again)", async () => {
  const user = userEvent.setup();
  (materialsApi.fromClass as jest.Mock).mockResolvedValue({
    materials: [
      { id: 3, class_id: 4, title: 'Fotosintesis', description: '', content: '', teacher_id: 2, exercise_id: 11 },
    ],
    meta: { page: 1, pageSize: 10, total: 1, totalPage: 1, totalpages: 1 },
  });
  api.allGrades.mockResolvedValueOnce([]);
  api.calculateGrade.mockResolvedValue({ id: 1, exercise_id: 11, student_id: 5, score: 50, detail: null });
  api.allGrades.mockResolvedValue([{ id: 1, exercise_id: 11, student_id: 5, score: 50, detail: null }]);
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
  expect(api.allGrades).toHaveBeenCalledTimes(2);
});
