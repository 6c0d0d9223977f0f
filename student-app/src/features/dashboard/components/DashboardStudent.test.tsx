import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import type { StudentStats, StudentTodo } from '@kelasku/shared-api';
import { renderAt, withUserTiming } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../../../test/fixtures';
import { type Replier, held, quietFailedRequests, reply, serverDown } from '../../../test/network';
import { USABLE_MARK } from '@kelasku/shared-rules/src/usable-mark';
import DashboardStudent from './DashboardStudent';

const NOTHING: StudentTodo = { exams: [], exercises: [], materials: [] };
const NO_PROGRESS: StudentStats = {
  materials: { done: 0, total: 0 },
  tasks: { completed: 0, total: 0 },
  exams: { completed: 0, total: 0 },
};
/** GET /stats/student and GET /students/todo. */
let student: Replier<'get /stats/student'>;
let todo: Replier<'get /students/todo'>;

withUserTiming();
beforeEach(() => {
  localStorage.clear();
  student = reply('get /stats/student', () => NO_PROGRESS);
  todo = reply('get /students/todo', () => NOTHING);
});

test('welcomes the student by name and shows progress from the server', async () => {
  signInStudent(5, 'Siti Rahma');
  student.mockReturnValue({
    materials: { done: 3, total: 7 },
    tasks: { completed: 2, total: 5 },
    exams: { completed: 1, total: 2 },
  });
  renderAt(<DashboardStudent />);
  expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  expect(screen.getByText('Welcome again, Siti Rahma!')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Progress Status' })).toBeInTheDocument();
  expect(await screen.findByText('subjects completed')).toBeInTheDocument();
  const progress = screen.getByRole('region', { name: 'Progress Status' });
  const tiles = within(progress)
    .getAllByRole('listitem')
    .map((li) => li.textContent);
  expect(tiles).toEqual(['3 of 7subjects completed', '2 of 5tasks completed', '1 of 2exams completed']);
});

test('the dashboard is usable (its mark set) once the progress numbers are on screen, not while they load', async () => {
  signInStudent(5);
  const stats = held<StudentStats>({
    materials: { done: 1, total: 2 },
    tasks: { completed: 0, total: 1 },
    exams: { completed: 0, total: 0 },
  });
  student.mockImplementation(stats.reply);
  renderAt(<DashboardStudent />);
  await waitFor(() => expect(student).toHaveBeenCalled());
  expect(performance.getEntriesByName(USABLE_MARK)).toHaveLength(0);
  stats.release();
  expect(await screen.findByText('subjects completed')).toBeInTheDocument();
  await waitFor(() => expect(performance.getEntriesByName(USABLE_MARK)).toHaveLength(1));
});

test('falls back to Guest and shows an error when progress cannot load', async () => {
  localStorage.setItem('token', 't.t.t');
  localStorage.setItem('userData', JSON.stringify({ role: 'student', display_name: '', exp: Date.now() / 1000 + 60 }));
  quietFailedRequests();
  student.mockImplementation(serverDown);
  renderAt(<DashboardStudent />);
  expect(screen.getByText('Welcome again, Guest!')).toBeInTheDocument();
  expect(await screen.findByText('Could not load your progress, please try again later.')).toBeInTheDocument();
});

const TODO: StudentTodo = {
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
    {
      id: 22,
      class_id: 6,
      class_name: 'X IPS 2',
      title: 'Ujian Sejarah',
      start_time: '2025-01-08T10:00:00+07:00',
      end_time: '2025-01-08T11:30:00+07:00',
      status: 'Scheduled',
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
    { id: 43, title: 'Organ', class_id: 4, class_name: 'X IPA 1', created_at: '2025-01-02T03:00:00.000Z' },
    { id: 44, title: 'Kerajaan Majapahit', class_id: 6, class_name: 'X IPS 2', created_at: '2025-01-02T03:00:00.000Z' },
  ],
};

test('after the numbers, a to-do list: exams with their WIB time, exercises to hand in, materials new since the class was opened', async () => {
  const user = userEvent.setup();
  signInStudent(5);
  // This device opened X IPA 1 on 3 January and the material Kerajaan Majapahit since.
  localStorage.setItem(
    'kelasku.seen.5',
    JSON.stringify({ classes: { '4': '2025-01-03T00:00:00.000Z' }, materials: [{ id: 44, class_id: 6 }] }),
  );
  todo.mockReturnValue(TODO);
  renderAt(<DashboardStudent />, '/DashboardStudent');
  const list = await screen.findByRole('region', { name: 'To do' });
  expect(student).toHaveBeenCalled();

  const exams = await within(list).findByRole('list', { name: 'Exams' });
  expect(within(exams).getByRole('link', { name: /Ujian Biologi/ })).toHaveTextContent(
    'X IPA 1 · Open now, until 09.00 WIB',
  );
  expect(within(exams).getByRole('link', { name: /Ujian Sejarah/ })).toHaveTextContent(
    /X IPS 2 · Rabu, 8 Januari 2025, 10\.00 - 11\.30 WIB/,
  );
  const exercises = within(list).getByRole('list', { name: 'Exercises to hand in' });
  expect(within(exercises).getByRole('link', { name: /Latihan Sel/ })).toHaveTextContent('X IPA 1 · Sel · started');
  const materials = within(list).getByRole('list', { name: 'New materials' });
  expect(
    within(materials)
      .getAllByRole('link')
      .map((a) => a.textContent),
  ).toEqual([expect.stringMatching(/^Jaringan/)]);

  await user.click(within(exercises).getByRole('link', { name: /Latihan Sel/ }));
  expect(screen.getByTestId('location')).toHaveTextContent('/MyTask?material_id=41');
});

test('each to-do entry opens its page in one tap', async () => {
  const user = userEvent.setup();
  signInStudent(5);
  todo.mockReturnValue(TODO);
  const { unmount } = renderAt(<DashboardStudent />, '/DashboardStudent');
  await user.click(await screen.findByRole('link', { name: /Ujian Sejarah/ }));
  expect(screen.getByTestId('location')).toHaveTextContent('/MyExams?class_id=6');
  unmount();
  renderAt(<DashboardStudent />, '/DashboardStudent');
  await user.click(await screen.findByRole('link', { name: /Kerajaan Majapahit/ }));
  expect(screen.getByTestId('location')).toHaveTextContent('/MyDetailSubject/44?class_id=6');
});

test('nothing to do, and the to-do list waits for the numbers', async () => {
  signInStudent(5);
  const stats = held(NO_PROGRESS);
  student.mockImplementation(stats.reply);
  renderAt(<DashboardStudent />);
  await waitFor(() => expect(student).toHaveBeenCalled());
  expect(screen.queryByRole('region', { name: 'To do' })).not.toBeInTheDocument();
  expect(todo).not.toHaveBeenCalled();
  stats.release();
  expect(await screen.findByText('Nothing to do right now.')).toBeInTheDocument();
  expect(todo).toHaveBeenCalledTimes(1);
});

test('coming back to the dashboard shows the numbers and the to-do list at once; only the to-do list is asked again', async () => {
  const user = userEvent.setup();
  signInStudent(5);
  student.mockReturnValue({ ...NO_PROGRESS, materials: { done: 3, total: 7 } });
  todo.mockReturnValue(TODO);
  renderAt(
    <>
      <Link to="/DashboardStudent">dashboard</Link>
      <Link to="/MyClasses">away</Link>
      <Routes>
        <Route path="/DashboardStudent" element={<DashboardStudent />} />
        <Route path="*" element={null} />
      </Routes>
    </>,
    '/DashboardStudent',
  );
  await screen.findByRole('link', { name: /Ujian Biologi/ });
  await user.click(screen.getByRole('link', { name: 'away' }));
  expect(screen.queryByRole('region', { name: 'To do' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'dashboard' }));
  // In the first render: no loading state, the cached numbers and list.
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: /subjects completed/ })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Ujian Biologi/ })).toBeInTheDocument();
  // Exams open and close with the clock: the list is asked again; the numbers are fresh enough.
  await waitFor(() => expect(todo).toHaveBeenCalledTimes(2));
  expect(student).toHaveBeenCalledTimes(1);
});
