import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classesApi, exercisesApi, materialsApi } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInStudent } from '../../../test/fixtures';
import TaskListPage from './TaskListPage';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    classesApi: { ...actual.classesApi, assigned: jest.fn(async () => ({ classes: [], meta: {} })) },
    materialsApi: { ...actual.materialsApi, fromClass: jest.fn() },
    exercisesApi: { ...actual.exercisesApi, allGrades: jest.fn() },
  };
});

beforeEach(() => {
  jest.clearAllMocks();
  signInStudent(5);
  (classesApi.assigned as jest.Mock).mockResolvedValue({ classes: [], meta: {} });
});

test('each material shows "Grade: " with the score or "-", and opens its exercise', async () => {
  (materialsApi.fromClass as jest.Mock).mockResolvedValue({
    materials: [
      { id: 1, class_id: 4, title: 'Fotosintesis', description: 'Bab 1', content: '', teacher_id: 1, exercise_id: 10 },
      { id: 2, class_id: 4, title: 'Respirasi', description: 'Bab 2', content: '', teacher_id: 1, exercise_id: 11 },
      { id: 3, class_id: 4, title: 'Sel', description: 'Bab 3', content: '', teacher_id: 1, exercise_id: null },
    ],
    meta: { page: 1, pageSize: 10, total: 3, totalPage: 1, totalpages: 1 },
  });
  (exercisesApi.allGrades as jest.Mock).mockResolvedValue([
    { id: 1, student_id: 5, exercise_id: 10, score: 66.666666, detail: null },
  ]);
  renderAt(<TaskListPage />, '/MyDetailClassesTask/4', { pattern: '/MyDetailClassesTask/:id' });
  const graded = await screen.findByRole('link', { name: /Fotosintesis/ });
  expect(within(graded).getByText('Grade: 66.67')).toBeInTheDocument();
  expect(graded).toHaveAttribute('href', '/MyTask?material_id=1');
  expect(within(screen.getByRole('link', { name: /Respirasi/ })).getByText('Grade: -')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Sel/ })).not.toBeInTheDocument();
  expect(exercisesApi.allGrades).toHaveBeenCalledWith(5);
});

test("pages are in the URL; turning a page asks for that page's materials only, the grades once", async () => {
  const user = userEvent.setup();
  (materialsApi.fromClass as jest.Mock).mockImplementation(async (_c: number, page: number) => ({
    materials: [
      {
        id: page,
        class_id: 4,
        title: `Bab ${page}`,
        description: '',
        content: '',
        teacher_id: 1,
        exercise_id: 10 + page,
      },
    ],
    meta: { page, pageSize: 10, total: 12, totalPage: 2, totalpages: 2 },
  }));
  (exercisesApi.allGrades as jest.Mock).mockResolvedValue([
    { id: 1, student_id: 5, exercise_id: 12, score: 80, detail: null },
  ]);
  renderAt(<TaskListPage />, '/MyDetailClassesTask/4?page=2', { pattern: '/MyDetailClassesTask/:id' });
  expect(within(await screen.findByRole('link', { name: /Bab 2/ })).getByText('Grade: 80')).toBeInTheDocument();
  expect(materialsApi.fromClass).toHaveBeenLastCalledWith(4, 2, 10);
  await user.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(within(await screen.findByRole('link', { name: /Bab 1/ })).getByText('Grade: -')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/MyDetailClassesTask\/4$/);
  expect(materialsApi.fromClass).toHaveBeenCalledTimes(2);
  expect(exercisesApi.allGrades).toHaveBeenCalledTimes(1);
});
