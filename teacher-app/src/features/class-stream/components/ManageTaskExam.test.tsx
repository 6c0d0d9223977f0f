import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Student } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { reply, type Replier } from '../../../../../jest/msw-routes';
import { exam, material, meta, signInAsTeacher, summaryOf, X_IPA_1 } from '../../../test/fixtures';
import { answerMyClasses, asked } from '../../../test/network';
import ManageTaskExam from './ManageTaskExam';
import CreateTaskPicker from './CreateTaskPicker';

const ahmad: Student = { id: 3, name: 'Ahmad Fauzi', nis: '2024100001', grade: 10, status: 'Aktif' };
/** What a read of the class's roster page `n` asked. */
const rosterPage = (n: number) => asked({ id: '4', page: String(n) });

let students: Replier<'get /classes/students'>;
beforeEach(() => {
  signInAsTeacher();
  answerMyClasses([X_IPA_1]);
  reply('get /materials/from-class', () => ({
    materials: [
      material({ id: 11, title: 'Sel Hewan', description: 'Struktur sel', exercise_id: 5 }),
      material({ id: 12, title: 'Genetika', description: 'Pewarisan' }),
    ],
    meta: meta(2, 1, 100),
  }));
  const uts = exam({ id: 2, title: 'UTS Biologi' });
  reply('get /exams', () => [uts]);
  // the term's exams: only the current one, no past exam
  reply('get /exams/of-class', () => [summaryOf(uts)]);
  reply('get /discussions-material', ({ query }) => ({
    discussions:
      query.id === '11'
        ? [{ id: 1, student_id: 3, student_name: 'Ahmad', topic: 'Apa itu sel?', description: 'Bingung', replies: [] }]
        : [],
    meta: meta(query.id === '11' ? 1 : 0, 1, 5),
  }));
  students = reply('get /classes/students', () => ({ students: [ahmad], meta: meta(1) }));
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
    expect(students).toHaveBeenCalledWith(rosterPage(1));
  });

  it('routes the Create menu to the task and exam flows', async () => {
    const user = userEvent.setup();
    renderAt(<ManageTaskExam />, '/ManageTaskExam?class_id=4');
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('menuitem', { name: 'Task' })).toHaveAttribute('href', '/create-task?class_id=4');
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
    students.mockImplementation(() => ({ students: [ahmad], meta: meta(20, 2) }));
    renderAt(<ManageTaskExam />, '/ManageTaskExam?class_id=4&tab=people&page=2');
    expect(await screen.findByRole('cell', { name: 'Ahmad Fauzi' })).toBeInTheDocument();
    expect(students).toHaveBeenCalledWith(rosterPage(2));
    expect(students).not.toHaveBeenCalledWith(rosterPage(1));

    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(students).toHaveBeenLastCalledWith(rosterPage(1)));
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageTaskExam?class_id=4&tab=people');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/ManageTaskExam?class_id=4&tab=people&page=2'),
    );

    await user.click(screen.getByRole('tab', { name: 'Stream' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ManageTaskExam?class_id=4&tab=stream');
  });
});
