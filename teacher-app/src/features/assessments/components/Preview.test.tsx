import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classesApi, examsApi, exercisesApi, materialsApi } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInAsTeacher } from '../../../test/fixtures';
import PreviewExercise from './PreviewExercise';
import PreviewExam from './PreviewExam';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    classesApi: { ...actual.classesApi, mine: jest.fn() },
    materialsApi: { ...actual.materialsApi, detail: jest.fn() },
    exercisesApi: { ...actual.exercisesApi, byMaterial: jest.fn(), remove: jest.fn() },
    examsApi: { ...actual.examsApi, byClass: jest.fn(), byId: jest.fn(), remove: jest.fn() },
  };
});

const mocked = <T,>(fn: T) => fn as unknown as jest.Mock;
const content = {
  '1': 'Ibu kota Indonesia?',
  '1_a': 'Bandung',
  '1_b': 'Jakarta',
  '1_c': 'Medan',
  '1_d': 'Solo',
  '1_answer': 'b',
  '2_essay': 'Jelaskan fotosintesis.',
  '2_essay_answer': 'Cahaya menjadi energi kimia.',
  '2_pict': 'data:image/png;base64,AAAA',
};

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
  mocked(materialsApi.detail).mockResolvedValue({ id: 3, title: 'Sel Hewan' });
  mocked(classesApi.mine).mockResolvedValue({ classes: [{ id: 4, name: 'X IPA 1', grade: 10 }] });
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});

describe('Preview Exercise', () => {
  beforeEach(() => {
    mocked(exercisesApi.byMaterial).mockResolvedValue([
      { id: 5, material_id: 3, title: 'Latihan Sel', content, total_marks: 100, teacher_id: 7 },
    ]);
  });

  it('highlights the correct option of each multiple-choice question', async () => {
    renderAt(<PreviewExercise />, '/PreviewExercise?material_id=3');
    const options = await screen.findByRole('list', { name: 'Options of question 1' });
    const items = within(options).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Jakarta');
    expect(items[1]).toHaveTextContent('Correct answer');
    expect(items.filter((li) => li.textContent?.includes('Correct answer'))).toHaveLength(1);
    const essay = screen.getByRole('region', { name: 'Question 2' });
    expect(within(essay).getByText('Jelaskan fotosintesis.')).toBeInTheDocument();
    expect(within(essay).getByRole('img', { name: 'Image for question 2' })).toHaveAttribute(
      'src',
      'data:image/png;base64,AAAA',
    );
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/EditExercise?material_id=3');
  });

  it('deletes after confirmation, alerts and goes back', async () => {
    const user = userEvent.setup();
    mocked(exercisesApi.remove).mockResolvedValue({ message: 'ok' });
    renderAt(<PreviewExercise />, '/PreviewExercise?material_id=3', { from: '/DetailSubjects?id=3' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('are you sure you want to delete Latihan Sel?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/DetailSubjects?id=3'));
    expect(exercisesApi.remove).toHaveBeenCalledWith(5);
    expect(window.alert).toHaveBeenCalledWith('Successfully deleted exercise');
  });

  it("puts the server's reason on a new line after 'Error deleting exercise'", async () => {
    const user = userEvent.setup();
    const { AxiosError } = jest.requireActual('axios');
    const message = 'This exercise is being answered; try again after it closes.';
    mocked(exercisesApi.remove).mockRejectedValue(
      new AxiosError('409', 'ERR', undefined, undefined, { status: 409, data: { error: message, message } }),
    );
    renderAt(<PreviewExercise />, '/PreviewExercise?material_id=3');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(`Error deleting exercise\n${message}`));
  });

  it("alerts 'Error deleting exercise' when the delete fails", async () => {
    const user = userEvent.setup();
    mocked(exercisesApi.remove).mockRejectedValue(new Error('500'));
    renderAt(<PreviewExercise />, '/PreviewExercise?material_id=3');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Error deleting exercise'));
  });

  it('shows the empty text when the subject has no exercise, and the fetch error text on failure', async () => {
    mocked(exercisesApi.byMaterial).mockResolvedValue([]);
    const { unmount } = renderAt(<PreviewExercise />, '/PreviewExercise?material_id=3');
    expect(
      await screen.findByText("Oops! It seems you haven't created exercise for this subject yet."),
    ).toBeInTheDocument();
    unmount();
    mocked(exercisesApi.byMaterial).mockRejectedValue(new Error('500'));
    renderAt(<PreviewExercise />, '/PreviewExercise?material_id=3');
    expect(await screen.findByText('Failed fetching exercise preview')).toBeInTheDocument();
  });
});

describe('Preview Exam', () => {
  const exam = {
    id: 2,
    class_id: 4,
    teacher_id: 7,
    title: 'UTS Biologi',
    status: 'Scheduled',
    total_marks: 100,
    content,
    start_time: '2030-06-15T08:00:00+07:00',
    end_time: '2030-06-15T09:30:00+07:00',
  };

  it('shows the date and the WIB time range, with the correct option highlighted', async () => {
    mocked(examsApi.byClass).mockResolvedValue([exam]);
    renderAt(<PreviewExam />, '/PreviewAnExam?class_id=4');
    // Written as on every screen of the product (the student's exam page too): Indonesian dots, WIB.
    expect(await screen.findByText('08.00 - 09.30 WIB')).toBeInTheDocument();
    expect(screen.getByText('15 Juni 2030')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Options of question 1' })).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Correct answer');
  });

  it("alerts 'Succesfully deleted exam' after a confirmed delete and goes back", async () => {
    const user = userEvent.setup();
    mocked(examsApi.byClass).mockResolvedValue([exam]);
    mocked(examsApi.remove).mockResolvedValue({ message: 'ok' });
    renderAt(<PreviewExam />, '/PreviewAnExam?class_id=4', { from: '/ManageSubjects10' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('are you sure you want to delete UTS Biologi?');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/ManageSubjects10'));
    expect(examsApi.remove).toHaveBeenCalledWith(2);
    expect(window.alert).toHaveBeenCalledWith('Succesfully deleted exam');
  });

  it("alerts 'error deleting exam' when the delete fails and stays", async () => {
    const user = userEvent.setup();
    mocked(examsApi.byClass).mockResolvedValue([exam]);
    mocked(examsApi.remove).mockRejectedValue(new Error('500'));
    renderAt(<PreviewExam />, '/PreviewAnExam?class_id=4', { from: '/ManageSubjects10' });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('error deleting exam'));
    expect(screen.getByTestId('location')).toHaveTextContent('/PreviewAnExam?class_id=4');
  });

  it('shows the empty and error texts of the exam preview', async () => {
    mocked(examsApi.byClass).mockResolvedValue([]);
    const { unmount } = renderAt(<PreviewExam />, '/PreviewAnExam?class_id=4');
    expect(await screen.findByText("Oops! It seems you haven't created exam for this class yet.")).toBeInTheDocument();
    unmount();
    mocked(examsApi.byClass).mockRejectedValue(new Error('500'));
    renderAt(<PreviewExam />, '/PreviewAnExam?class_id=4');
    expect(await screen.findByText('Failed to fetch exams preview.')).toBeInTheDocument();
  });

  it('previews an exam by its id, a closed one of an earlier term too: questions, key, grades, no Edit', async () => {
    const closed = { ...exam, id: 9, title: 'PTS Ganjil', status: 'Completed', closed_at: '2030-06-20T10:00:00+07:00' };
    mocked(examsApi.byId).mockResolvedValue(closed);
    renderAt(<PreviewExam />, '/PreviewAnExam?exam_id=9');
    expect(await screen.findByRole('heading', { level: 1, name: 'PTS Ganjil' })).toBeInTheDocument();
    expect(await screen.findByText('Exam for class X IPA 1')).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Options of question 1' })).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Correct answer');
    expect(screen.getByRole('link', { name: 'Grades & essay review' })).toHaveAttribute('href', '/Grades?exam_id=9');
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(examsApi.byId).toHaveBeenCalledTimes(1);
    expect(examsApi.byClass).not.toHaveBeenCalled();
  });

  it('previews the current exam by its id with Edit going through its class', async () => {
    mocked(examsApi.byId).mockResolvedValue({ ...exam, closed_at: null });
    renderAt(<PreviewExam />, '/PreviewAnExam?exam_id=2');
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/EditExam?class_id=4');
  });
});
