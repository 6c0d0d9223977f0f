import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../../../test/fixtures';
import { material, meta, reply } from '../../../test/network';
import TaskListPage from './TaskListPage';

beforeEach(() => {
  signInStudent(5);
  reply('get /classes/assigned', () => ({ classes: [], meta: meta(0, 100) }));
});

test('each material shows "Grade: " with the score or "-", and opens its exercise', async () => {
  reply('get /materials/from-class', () => ({
    materials: [
      material({ id: 1, title: 'Fotosintesis', description: 'Bab 1', exercise_id: 10 }),
      material({ id: 2, title: 'Respirasi', description: 'Bab 2', exercise_id: 11 }),
      material({ id: 3, title: 'Sel', description: 'Bab 3', exercise_id: null }),
    ],
    meta: meta(3, 10),
  }));
  const allGrades = reply('get /exercises/get-all-grade', () => [
    { id: 1, student_id: 5, exercise_id: 10, score: 66.666666, detail: null },
  ]);
  renderAt(<TaskListPage />, '/MyDetailClassesTask/4', { pattern: '/MyDetailClassesTask/:id' });
  const graded = await screen.findByRole('link', { name: /Fotosintesis/ });
  expect(within(graded).getByText('Grade: 66.67')).toBeInTheDocument();
  expect(graded).toHaveAttribute('href', '/MyTask?material_id=1');
  expect(within(screen.getByRole('link', { name: /Respirasi/ })).getByText('Grade: -')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Sel/ })).not.toBeInTheDocument();
  expect(allGrades).toHaveBeenCalledWith({ query: { student_id: '5' }, body: undefined });
});

test("pages are in the URL; turning a page asks for that page's materials only, the grades once", async () => {
  const user = userEvent.setup();
  const fromClass = reply('get /materials/from-class', ({ query }) => {
    const page = Number(query.page);
    return {
      materials: [material({ id: page, title: `Bab ${page}`, exercise_id: 10 + page })],
      meta: meta(12, 10, page),
    };
  });
  const allGrades = reply('get /exercises/get-all-grade', () => [
    { id: 1, student_id: 5, exercise_id: 12, score: 80, detail: null },
  ]);
  renderAt(<TaskListPage />, '/MyDetailClassesTask/4?page=2', { pattern: '/MyDetailClassesTask/:id' });
  expect(within(await screen.findByRole('link', { name: /Bab 2/ })).getByText('Grade: 80')).toBeInTheDocument();
  expect(fromClass).toHaveBeenLastCalledWith({ query: { id: '4', page: '2', pageSize: '10' }, body: undefined });
  await user.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(within(await screen.findByRole('link', { name: /Bab 1/ })).getByText('Grade: -')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/MyDetailClassesTask\/4$/);
  expect(fromClass).toHaveBeenCalledTimes(2);
  expect(allGrades).toHaveBeenCalledTimes(1);
});
