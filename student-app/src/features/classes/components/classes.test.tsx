import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../../../test/fixtures';
import { assignedClass, material, meta as metaOf, quietFailedRequests, reply, serverDown } from '../../../test/network';
import ClassMaterialsPage from './ClassMaterialsPage';
import MaterialDetailPage from './MaterialDetailPage';
import TaskListPage from '../../assessments/components/TaskListPage';
import MyClassesPage from './MyClassesPage';
import { readSeen } from '../../../lib/seen';

/** A first page of 9 rows. */
const meta = (total: number, totalPage = total ? 1 : 0) => metaOf(total, 9, 1, totalPage);
/** Material 9 of class 4, as GET /materials/detail answers it. */
const fotosintesis = material({ id: 9, title: 'Fotosintesis', content: '<p>x</p>' });
/** What a list request asked for. */
const listed = (query: Record<string, string>) => ({ query, body: undefined });

beforeEach(() => {
  localStorage.clear();
  signInStudent(5);
});

test('My Classes: Loading..., then cards with name, description and teacher that open the class', async () => {
  const user = userEvent.setup();
  const assigned = reply('get /classes/assigned', () => ({
    classes: [assignedClass({ id: 4, name: 'X IPA 1', description: 'Kelas sepuluh', teacher_name: 'Bu Ani' })],
    meta: meta(1),
  }));
  renderAt(<MyClassesPage />, '/MyClasses');
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  const card = await screen.findByRole('link', { name: /X IPA 1/ });
  expect(within(card).getByText('Kelas sepuluh')).toBeInTheDocument();
  expect(within(card).getByText('Bu Ani')).toBeInTheDocument();
  expect(assigned).toHaveBeenCalledWith(listed({ id: '5', page: '1', pageSize: '9' }));
  await user.click(card);
  expect(screen.getByTestId('location')).toHaveTextContent('/MyDetailClasses/4');
});

test('My Classes: paginates through the server pages', async () => {
  const user = userEvent.setup();
  const assigned = reply('get /classes/assigned', ({ query }) => ({
    classes: [assignedClass({ id: Number(query.page), name: `Kelas ${query.page}` })],
    meta: meta(2, 2),
  }));
  renderAt(<MyClassesPage />, '/MyClasses');
  expect(await screen.findByText('Kelas 1')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByText('Kelas 2')).toBeInTheDocument();
  expect(assigned).toHaveBeenLastCalledWith(listed({ id: '5', page: '2', pageSize: '9' }));
});

test("My Classes: the spec's error text", async () => {
  quietFailedRequests();
  reply('get /classes/assigned', serverDown);
  renderAt(<MyClassesPage />, '/MyClasses');
  expect(await screen.findByText('Error fetching class data, please try again later.')).toBeInTheDocument();
});

test('class detail opened directly: materials as cards linking to the material with the class id', async () => {
  reply('get /classes/assigned', () => ({ classes: [assignedClass({ id: 4, name: 'X IPA 1' })], meta: meta(1) }));
  const fromClass = reply('get /materials/from-class', () => ({
    materials: [material({ id: 9, title: 'Fotosintesis', description: 'Bab 1', exercise_id: 3 })],
    meta: meta(1),
  }));
  renderAt(<ClassMaterialsPage />, '/MyDetailClasses/4', { pattern: '/MyDetailClasses/:id' });
  const card = await screen.findByRole('link', { name: /Fotosintesis/ });
  expect(card).toHaveAttribute('href', '/MyDetailSubject/9?class_id=4');
  expect(fromClass).toHaveBeenCalledWith(listed({ id: '4', page: '1', pageSize: '9' }));
  expect(await screen.findByRole('heading', { name: 'X IPA 1 Materials' })).toBeInTheDocument();
});

test('class detail: empty and error texts', async () => {
  reply('get /classes/assigned', () => ({ classes: [], meta: meta(0) }));
  const fromClass = reply('get /materials/from-class', () => ({ materials: [], meta: meta(0) }));
  const { unmount } = renderAt(<ClassMaterialsPage />, '/MyDetailClasses/4', { pattern: '/MyDetailClasses/:id' });
  expect(
    await screen.findByText("Oops! It seems your teacher hasn't uploaded the materials or subjects."),
  ).toBeInTheDocument();
  unmount();
  quietFailedRequests();
  fromClass.mockImplementationOnce(serverDown);
  renderAt(<ClassMaterialsPage />, '/MyDetailClasses/4', { pattern: '/MyDetailClasses/:id' });
  expect(await screen.findByText('Error fetching materials')).toBeInTheDocument();
});

test('material: sanitized content, scroll-to-top, and the empty discussion text', async () => {
  reply('get /materials/detail', () => ({
    ...fotosintesis,
    content: '<h2>Cahaya</h2><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>',
  }));
  const discussions = reply('get /discussions-material', () => ({ discussions: [], meta: meta(0) }));
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
  expect(discussions).toHaveBeenCalledWith(listed({ id: '9', page: '1', pageSize: '10' }));
  expect(screen.getByRole('link', { name: 'Back to materials' })).toHaveAttribute('href', '/MyDetailClasses/4');
});

test('material: discussion load failure text', async () => {
  quietFailedRequests();
  reply('get /materials/detail', () => fotosintesis);
  reply('get /discussions-material', serverDown);
  renderAt(<MaterialDetailPage />, '/MyDetailSubject/9', { pattern: '/MyDetailSubject/:id' });
  expect(await screen.findByText('Error fetching material discussions, please try again later.')).toBeInTheDocument();
});

test('material: links to its exercise, and opening it takes it off the new materials', async () => {
  const user = userEvent.setup();
  reply('get /materials/detail', () => ({ ...fotosintesis, exercise_id: 3 }));
  reply('get /discussions-material', () => ({ discussions: [], meta: meta(0) }));
  renderAt(<MaterialDetailPage />, '/MyDetailSubject/9?class_id=4', { pattern: '/MyDetailSubject/:id' });
  const exercise = await screen.findByRole('region', { name: 'Exercise' });
  expect(readSeen(5).materials).toEqual([{ id: 9, class_id: 4 }]);
  await user.click(within(exercise).getByRole('link', { name: 'Open exercise' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/MyTask?material_id=9');
});

test('material without an exercise: no exercise link', async () => {
  reply('get /materials/detail', () => ({ ...fotosintesis, exercise_id: null }));
  reply('get /discussions-material', () => ({ discussions: [], meta: meta(0) }));
  renderAt(<MaterialDetailPage />, '/MyDetailSubject/9', { pattern: '/MyDetailSubject/:id' });
  expect(await screen.findByRole('heading', { name: 'Fotosintesis' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Open exercise' })).not.toBeInTheDocument();
});

test('class detail: showing the list remembers when the class was opened', async () => {
  reply('get /classes/assigned', () => ({ classes: [], meta: meta(0) }));
  reply('get /materials/from-class', () => ({
    materials: [material({ id: 9, title: 'Fotosintesis' })],
    meta: meta(1),
  }));
  const before = Date.now();
  renderAt(<ClassMaterialsPage />, '/MyDetailClasses/4', { pattern: '/MyDetailClasses/:id' });
  await screen.findByRole('link', { name: /Fotosintesis/ });
  const seen = readSeen(5);
  expect(Date.parse(seen.classes['4'])).toBeGreaterThanOrEqual(before);
});

test('class detail: the page of materials is in the URL', async () => {
  const user = userEvent.setup();
  reply('get /classes/assigned', () => ({ classes: [], meta: meta(0) }));
  const fromClass = reply('get /materials/from-class', ({ query }) => ({
    materials: [material({ id: Number(query.page), title: `Bab ${query.page}` })],
    meta: { ...meta(12, 2), page: Number(query.page) },
  }));
  renderAt(<ClassMaterialsPage />, '/MyDetailClasses/4?page=2', { pattern: '/MyDetailClasses/:id' });
  expect(await screen.findByRole('link', { name: /Bab 2/ })).toBeInTheDocument();
  expect(fromClass).toHaveBeenCalledWith(listed({ id: '4', page: '2', pageSize: '9' }));
  await user.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(await screen.findByRole('link', { name: /Bab 1/ })).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/MyDetailClasses\/4$/);
});

test('material: the page of its discussions is in the URL, beside the class id', async () => {
  const user = userEvent.setup();
  reply('get /materials/detail', () => fotosintesis);
  const discussions = reply('get /discussions-material', ({ query }) => {
    const page = Number(query.page);
    return {
      discussions: [
        { id: page, student_id: 6, student_name: 'Budi', topic: `Pertanyaan ${page}`, description: '', replies: null },
      ],
      meta: metaOf(12, 10, page),
    };
  });
  renderAt(<MaterialDetailPage />, '/MyDetailSubject/9?class_id=4', { pattern: '/MyDetailSubject/:id' });
  expect(await screen.findByRole('article', { name: 'Pertanyaan 1' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByRole('article', { name: 'Pertanyaan 2' })).toBeInTheDocument();
  expect(discussions).toHaveBeenLastCalledWith(listed({ id: '9', page: '2', pageSize: '10' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/MyDetailSubject/9?class_id=4&page=2');
});

test('class detail opened directly and then its tasks: the class name is looked up once', async () => {
  const user = userEvent.setup();
  const assigned = reply('get /classes/assigned', () => ({
    classes: [assignedClass({ id: 4, name: 'X IPA 1' })],
    meta: meta(1),
  }));
  reply('get /materials/from-class', () => ({ materials: [], meta: meta(0) }));
  reply('get /exercises/get-all-grade', () => []);
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
