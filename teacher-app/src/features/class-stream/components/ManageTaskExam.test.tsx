import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classesApi, examsApi, materialDiscussionsApi, materialsApi } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInAsTeacher } from '../../../test/fixtures';
import ManageTaskExam from './ManageTaskExam';
import CreateTaskPicker from './CreateTaskPicker';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    classesApi: { ...actual.classesApi, mine: jest.fn(), students: jest.fn() },
    materialsApi: { ...actual.materialsApi, fromClass: jest.fn() },
    examsApi: { ...actual.examsApi, byClass: jest.fn() },
    materialDiscussionsApi: { ...actual.materialDiscussionsApi, list: jest.fn() },
  };
});

const mocked = <T,>(fn: T) => fn as unknown as jest.Mock;
const meta = { page: 1, pageSize: 15, total: 1, totalPage: 1, totalpages: 1 };

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
  mocked(classesApi.mine).mockResolvedValue({ classes: [{ id: 4, name: 'X IPA 1', grade: 10 }] });
  mocked(materialsApi.fromClass).mockResolvedValue({
    materials: [
      { id: 11, title: 'Sel Hewan', description: 'Struktur sel', exercise_id: 5 },
      { id: 12, title: 'Genetika', description: 'Pewarisan', exercise_id: null },
    ],
    meta,
  });
  mocked(examsApi.byClass).mockResolvedValue([
    {
      id: 2,
      class_id: 4,
      title: 'UTS Biologi',
      status: 'Scheduled',
      start_time: '2030-06-15T08:00:00+07:00',
      end_time: '2030-06-15T09:30:00+07:00',
      content: {},
    },
  ]);
  mocked(materialDiscussionsApi.list).mockImplementation(async (id: number) => ({
    discussions:
      id === 11
        ? [{ id: 1, student_id: 3, student_name: 'Ahmad', topic: 'Apa itu sel?', description: 'Bingung', replies: [] }]
        : [],
    meta,
  }));
  mocked(classesApi.students).mockResolvedValue({
    students: [{ id: 3, name: 'Ahmad Fauzi', nis: '2024100001', grade: 10, status: 'Aktif' }],
    meta,
  });
});

describe('Class stream', () => {
  it('shows the stream, then classwork and people when their tabs are chosen', async () => {
    const user = userEvent.setup();
    renderAt(<ManageTaskExam />, '/ManageTaskExam?class_id=4');
    expect(await screen.findByRole('heading', { name: 'Class X IPA 1' })).toBeInTheDocument();
    expect(await screen.findByText('Apa itu sel?')).toBeInTheDocument();
    const upcoming = screen.getByRole('complementary', { name: 'Upcoming Task & Exams' });
    expect(within(upcoming).getByRole('link', { name: 'Exam: UTS Biologi' })).toBeInTheDocument();
    expect(within(upcoming).getByRole('link', { name: 'Task: Sel Hewan' })).toHaveAttribute(
      'href',
      '/PreviewExercise?material_id=11',
    );

    await user.click(screen.getByRole('tab', { name: 'Classwork' }));
    expect(screen.getByTestId('location')).toHaveTextContent('tab=classwork');
    expect(screen.getByRole('link', { name: 'Grades of Sel Hewan' })).toHaveAttribute('href', '/Grades?exercise_id=5');
    expect(screen.getByRole('link', { name: 'Create exercise for Genetika' })).toHaveAttribute(
      'href',
      '/CreateExercise?material_id=12',
    );
    expect(screen.getByRole('link', { name: 'Exam grades' })).toHaveAttribute('href', '/Grades?exam_id=2');

    await user.click(screen.getByRole('tab', { name: 'People' }));
    expect(await screen.findByRole('cell', { name: 'Ahmad Fauzi' })).toBeInTheDocument();
    expect(classesApi.students).toHaveBeenCalledWith(4, { page: 1, search: undefined });
  });

  it('routes the Create menu to the task and exam flows', async () => {
    const user = userEvent.setup();
    renderAt(<ManageTaskExam />, '/ManageTaskExam?class_id=4');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(screen.getByRole('menuitem', { name: 'Task' })).toHaveAttribute('href', '/create-task?class_id=4');
    expect(screen.getByRole('menuitem', { name: 'Exam' })).toHaveAttribute('href', '/create-exam?class_id=4');
  });

  it('lets the teacher pick a material without an exercise for a new task', async () => {
    renderAt(<CreateTaskPicker />, '/create-task?class_id=4');
    expect(await screen.findByRole('link', { name: 'Create exercise for Genetika' })).toHaveAttribute(
      'href',
      '/CreateExercise?material_id=12',
    );
    expect(screen.queryByRole('link', { name: 'Create exercise for Sel Hewan' })).not.toBeInTheDocument();
  });

  it('opens a given tab directly from the URL', async () => {
    renderAt(<ManageTaskExam />, '/ManageTaskExam?class_id=4&tab=people');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true'));
  });
});

describe('Class stream roster pages', () => {
  it('keeps the roster page in the URL; another tab starts again at page 1', async () => {
    const user = userEvent.setup();
    mocked(classesApi.students).mockResolvedValue({
      students: [{ id: 3, name: 'Ahmad Fauzi', nis: '2024100001', grade: 10, status: 'Aktif' }],
      meta: { ...meta, total: 20, totalPage: 2, totalpages: 2 },
    });
    renderAt(<ManageTaskExam />, '/ManageTaskExam?class_id=4&tab=people&page=2');
    expect(await screen.findByRole('cell', { name: 'Ahmad Fauzi' })).toBeInTheDocument();
    expect(classesApi.students).toHaveBeenCalledWith(4, { page: 2, search: undefined });
    expect(classesApi.students).not.toHaveBeenCalledWith(4, { page: 1, search: undefined });

    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(classesApi.students).toHaveBeenLastCalledWith(4, { page: 1, search: undefined }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageTaskExam?class_id=4&tab=people');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/ManageTaskExam?class_id=4&tab=people&page=2'),
    );

    await user.click(screen.getByRole('tab', { name: 'Stream' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageTaskExam?class_id=4&tab=stream');
  });
});
