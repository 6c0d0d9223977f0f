import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { classesApi, exercisesApi, materialDiscussionsApi, materialsApi } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../../../test/fixtures';
import ClassMaterialsPage from './ClassMaterialsPage';
import MaterialDetailPage from './MaterialDetailPage';
import TaskListPage from '../../assessments/components/TaskListPage';
import MyClassesPage from './MyClassesPage';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    classesApi: { ...actual.classesApi, assigned: jest.fn() },
    materialsApi: { ...actual.materialsApi, fromClass: jest.fn(), detail: jest.fn() },
    materialDiscussionsApi: { ...actual.materialDiscussionsApi, list: jest.fn() },
    exercisesApi: { ...actual.exercisesApi, allGrades: jest.fn() },
  };
});
const assigned = classesApi.assigned as jest.Mock;
const fromClass = materialsApi.fromClass as jest.Mock;
const detail = materialsApi.detail as jest.Mock;
const discussions = materialDiscussionsApi.list as jest.Mock;
const meta = (total: number, totalPage = total ? 1 : 0) => ({
  page: 1,
  pageSize: 9,
  total,
  totalPage,
  totalpages: totalPage,
});

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  signInStudent(5);
});

test('My Classes: Loading..., then cards with name, description and teacher that open the class', async () => {
  const user = userEvent.setup();
  assigned.mockResolvedValue({
    classes: [
      { id: 4, name: 'X IPA 1', description: 'Kelas sepuluh', teacher_id: 1, teacher_name: 'Bu Ani', grade: 10 },
    ],
    meta: meta(1),
  });
  renderAt(<MyClassesPage />, '/MyClasses');
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  const card = await screen.findByRole('link', { name: /X IPA 1/ });
  expect(within(card).getByText('Kelas sepuluh')).toBeInTheDocument();
  expect(within(card).getByText('Bu Ani')).toBeInTheDocument();
  expect(assigned).toHaveBeenCalledWith(5, 1, 9);
  await user.click(card);
  expect(screen.getByTestId('location')).toHaveTextContent('/MyDetailClasses/4');
});

test('My Classes: paginates through the server pages', async () => {
  const user = userEvent.setup();
  assigned.mockImplementation(async (_s: number, page: number) => ({
    classes: [{ id: page, name: `Kelas ${page}`, description: '', teacher_id: 1, teacher_name: 'T', grade: 10 }],
    meta: meta(2, 2),
  }));
  renderAt(<MyClassesPage />, '/MyClasses');
  expect(await screen.findByText('Kelas 1')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByText('Kelas 2')).toBeInTheDocument();
  expect(assigned).toHaveBeenLastCalledWith(5, 2, 9);
});

test("My Classes: the spec's error text", async () => {
  assigned.mockRejectedValue(new Error('down'));
  renderAt(<MyClassesPage />, '/MyClasses');
  expect(await screen.findByText('Error fetching class data, please try again later.')).toBeInTheDocument();
});

test('class detail opened directly: materials as cards linking to the material with the class id', async () => {
  assigned.mockResolvedValue({
    classes: [{ id: 4, name: 'X IPA 1', description: '', teacher_id: 1, teacher_name: 'T', grade: 10 }],
    meta: meta(1),
  });
  fromClass.mockResolvedValue({
    materials: [
      { id: 9, class_id: 4, title: 'Fotosintesis', description: 'Bab 1', content: '', teacher_id: 1, exercise_id: 3 },
    ],
    meta: meta(1),
  });
  renderAt(<ClassMaterialsPage />, '/MyDetailClasses/4', { pattern: '/MyDetailClasses/:id' });
  const card = await screen.findByRole('link', { name: /Fotosintesis/ });
  expect(card).toHaveAttribute('href', '/MyDetailSubject/9?class_id=4');
  expect(fromClass).toHaveBeenCalledWith(4, 1, 9);
  expect(await screen.findByRole('heading', { name: 'X IPA 1 Materials' })).toBeInTheDocument();
});

test('class detail: empty and error texts', async () => {
  assigned.mockResolvedValue({ classes: [], meta: meta(0) });
  fromClass.mockResolvedValueOnce({ materials: [], meta: meta(0) });
  const { unmount } = renderAt(<ClassMaterialsPage />, '/MyDetailClasses/4', { pattern: '/MyDetailClasses/:id' });
  expect(
    await screen.findByText("Oops! It seems your teacher hasn't uploaded the materials or subjects."),
  ).toBeInTheDocument();
  unmount();
  fromClass.mockRejectedValueOnce(new Error('down'));
  renderAt(<ClassMaterialsPage />, '/MyDetailClasses/4', { pattern: '/MyDetailClasses/:id' });
  expect(await screen.findByText('Error fetching materials')).toBeInTheDocument();
});

test('material: sanitized content, scroll-to-top, and the empty discussion text', async () => {
  detail.mockResolvedValue({
    id: 9,
    class_id: 4,
    title: 'Fotosintesis',
    description: '',
    teacher_id: 1,
    content: '<h2>Cahaya</h2><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>',
  });
  discussions.mockResolvedValue({ discussions: [], meta: meta(0) });
  renderAt(<MaterialDetailPage />, '/MyDetailSubject/9?class_id=4', { pattern: '/MyDetailSubject/:id' });
  expect(await screen.findByRole('heading', { name: 'Fotosintesis' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Cahaya' })).toBeInTheDocument(); // after the sanitizer loaded
  expect(document.querySelector('script')).toBeNull();
  expect(document.querySelector('[onerror]')).toBeNull();
  expect(screen.getByRole('heading', { name: 'Material Discussions' })).toBeInTheDocument();
  expect(
    await screen.findByText(
      'There are no discussion for this material yet, be the first one to start the discussion by click "Ask a Question" button.',
    ),
  ).toBeInTheDocument();
  expect(discussions).toHaveBeenCalledWith(9, 1, 10);
  expect(screen.getByRole('link', { name: 'Back to materials' })).toHaveAttribute('href', '/MyDetailClasses/4');
});

test('material: discussion load failure text', async () => {
  detail.mockResolvedValue({
    id: 9,
    class_id: 4,
    title: 'Fotosintesis',
    description: '',
    teacher_id: 1,
    content: '<p>x</p>',
  });
  discussions.mockRejectedValue(new Error('down'));
  renderAt(<MaterialDetailPage />, '/MyDetailSubject/9', { pattern: '/MyDetailSubject/:id' });
  expect(await screen.findByText('Error fetching material discussions, please try again later.')).toBeInTheDocument();
});

test('material: links to its exercise, and opening it takes it off the new materials', async () => {
  const user = userEvent.setup();
  detail.mockResolvedValue({
    id: 9,
    class_id: 4,
    title: 'Fotosintesis',
    description: '',
    teacher_id: 1,
    content: '<p>x</p>',
    exercise_id: 3,
  });
  discussions.mockResolvedValue({ discussions: [], meta: meta(0) });
  renderAt(<MaterialDetailPage />, '/MyDetailSubject/9?class_id=4', { pattern: '/MyDetailSubject/:id' });
  const exercise = await screen.findByRole('region', { name: 'Exercise' });
  expect(JSON.parse(localStorage.getItem('kelasku.seen.5') ?? '{}').materials).toEqual([{ id: 9, class_id: 4 }]);
  await user.click(within(exercise).getByRole('link', { name: 'Open exercise' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/MyTask?material_id=9');
});

test('material without an exercise: no exercise link', async () => {
  detail.mockResolvedValue({
    id: 9,
    class_id: 4,
    title: 'Fotosintesis',
    description: '',
    teacher_id: 1,
    content: '<p>x</p>',
    exercise_id: null,
  });
  discussions.mockResolvedValue({ discussions: [], meta: meta(0) });
  renderAt(<MaterialDetailPage />, '/MyDetailSubject/9', { pattern: '/MyDetailSubject/:id' });
  expect(await screen.findByRole('heading', { name: 'Fotosintesis' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Open exercise' })).not.toBeInTheDocument();
});

test('class detail: showing the list remembers when the class was opened', async () => {
  assigned.mockResolvedValue({ classes: [], meta: meta(0) });
  fromClass.mockResolvedValue({
    materials: [{ id: 9, class_id: 4, title: 'Fotosintesis', description: '', content: '', teacher_id: 1 }],
    meta: meta(1),
  });
  const before = Date.now();
  renderAt(<ClassMaterialsPage />, '/MyDetailClasses/4', { pattern: '/MyDetailClasses/:id' });
  await screen.findByRole('link', { name: /Fotosintesis/ });
  const seen = JSON.parse(localStorage.getItem('kelasku.seen.5') ?? '{}');
  expect(Date.parse(seen.classes['4'])).toBeGreaterThanOrEqual(before);
});

test('class detail: the page of materials is in the URL', async () => {
  const user = userEvent.setup();
  assigned.mockResolvedValue({ classes: [], meta: meta(0) });
  fromClass.mockImplementation(async (_c: number, page: number) => ({
    materials: [{ id: page, class_id: 4, title: `Bab ${page}`, description: '', content: '', teacher_id: 1 }],
    meta: { ...meta(12, 2), page },
  }));
  renderAt(<ClassMaterialsPage />, '/MyDetailClasses/4?page=2', { pattern: '/MyDetailClasses/:id' });
  expect(await screen.findByRole('link', { name: /Bab 2/ })).toBeInTheDocument();
  expect(fromClass).toHaveBeenCalledWith(4, 2, 9);
  await user.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(await screen.findByRole('link', { name: /Bab 1/ })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/MyDetailClasses\/4$/);
});

test('material: the page of its discussions is in the URL, beside the class id', async () => {
  const user = userEvent.setup();
  detail.mockResolvedValue({
    id: 9,
    class_id: 4,
    title: 'Fotosintesis',
    description: '',
    teacher_id: 1,
    content: '<p>x</p>',
  });
  discussions.mockImplementation(async (_m: number, page: number) => ({
    discussions: [
      { id: page, student_id: 6, student_name: 'Budi', topic: `Pertanyaan ${page}`, description: '', replies: null },
    ],
    meta: { page, pageSize: 10, total: 12, totalPage: 2, totalpages: 2 },
  }));
  renderAt(<MaterialDetailPage />, '/MyDetailSubject/9?class_id=4', { pattern: '/MyDetailSubject/:id' });
  expect(await screen.findByRole('article', { name: 'Pertanyaan 1' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByRole('article', { name: 'Pertanyaan 2' })).toBeInTheDocument();
  expect(discussions).toHaveBeenLastCalledWith(9, 2, 10);
  expect(screen.getByTestId('location')).toHaveTextContent('/MyDetailSubject/9?class_id=4&page=2');
});

test('class detail opened directly and then its tasks: the class name is looked up once', async () => {
  const user = userEvent.setup();
  assigned.mockResolvedValue({
    classes: [{ id: 4, name: 'X IPA 1', description: '', teacher_id: 1, teacher_name: 'T', grade: 10 }],
    meta: meta(1),
  });
  fromClass.mockResolvedValue({ materials: [], meta: meta(0) });
  (exercisesApi.allGrades as jest.Mock).mockResolvedValue([]);
  renderAt(
    <>
      <Link to="/MyDetailClassesTask/4">tasks</Link>
      <Routes>
        <Route path="/MyDetailClasses/:id" element={<ClassMaterialsPage />} />
        <Route path="/MyDetailClassesTask/:id" element={<TaskListPage />} />
      </Routes>
    </>,
    '/MyDetailClasses/4',
  );
  expect(await screen.findByRole('heading', { name: 'X IPA 1 Materials' })).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'tasks' }));
  expect(screen.getByRole('heading', { name: 'X IPA 1 Tasks' })).toBeInTheDocument();
  expect(assigned).toHaveBeenCalledTimes(1);
});
