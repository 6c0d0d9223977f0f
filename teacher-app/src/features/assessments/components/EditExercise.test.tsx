import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { exercisesApi, materialsApi } from '@kelasku/shared-api';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInAsTeacher } from '../../../test/fixtures';
import EditExercise from './EditExercise';
import PreviewExercise from './PreviewExercise';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    exercisesApi: { ...actual.exercisesApi, byMaterial: jest.fn(), update: jest.fn(), gradedCount: jest.fn() },
    materialsApi: { ...actual.materialsApi, detail: jest.fn() },
  };
});

const mocked = <T,>(fn: T) => fn as unknown as jest.Mock;
const exercise = {
  id: 5,
  material_id: 3,
  title: 'Latihan Sel',
  content: { '1_essay': 'Jelaskan sel.' },
  total_marks: 100,
  teacher_id: 7,
};

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
  mocked(materialsApi.detail).mockResolvedValue({ id: 3, title: 'Sel Hewan', class_id: 4 });
  mocked(exercisesApi.byMaterial).mockResolvedValue([exercise]);
  mocked(exercisesApi.gradedCount).mockResolvedValue({ count: 0 });
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});

describe('Edit Exercise', () => {
  it('pre-fills the exercise, saves it with the update texts and goes back', async () => {
    const user = userEvent.setup();
    mocked(exercisesApi.update).mockResolvedValue({});
    renderAt(<EditExercise />, '/EditExercise?material_id=3', { from: '/PreviewExercise?material_id=3' });
    expect(await screen.findByLabelText('Exercise title')).toHaveValue('Latihan Sel');
    expect(screen.getByText('Subject: Sel Hewan')).toBeInTheDocument();
    expect(screen.getByLabelText('Question 1 text')).toHaveValue('Jelaskan sel.');
    fill(screen.getByLabelText('Exercise title'), '  Latihan Sel 2 ');
    await user.click(screen.getByRole('button', { name: 'Save Exercise' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/PreviewExercise?material_id=3'));
    expect(window.alert).toHaveBeenCalledWith('Successfully updated exercise');
    expect(exercisesApi.update).toHaveBeenCalledWith(5, {
      title: 'Latihan Sel 2',
      material_id: 3,
      content: { '1_essay': 'Jelaskan sel.' },
      teacher_id: 7,
      shuffle_questions: false,
      shuffle_options: false,
    });
  });

  it('warns that saving re-grades the submissions already made, and only then', async () => {
    mocked(exercisesApi.gradedCount).mockResolvedValue({ count: 3 });
    const { unmount } = renderAt(<EditExercise />, '/EditExercise?material_id=3');
    expect(await screen.findByText(/^3 submissions will be re-graded when you save/)).toBeInTheDocument();
    expect(screen.getByText(/Essay scores you set are kept/)).toBeInTheDocument();
    expect(exercisesApi.gradedCount).toHaveBeenCalledWith(5);
    unmount();
    mocked(exercisesApi.gradedCount).mockResolvedValue({ count: 1 });
    const second = renderAt(<EditExercise />, '/EditExercise?material_id=3');
    expect(await screen.findByText(/^1 submission will be re-graded/)).toBeInTheDocument();
    second.unmount();
    mocked(exercisesApi.gradedCount).mockResolvedValue({ count: 0 });
    renderAt(<EditExercise />, '/EditExercise?material_id=3');
    expect(await screen.findByLabelText('Exercise title')).toHaveValue('Latihan Sel');
    await waitFor(() => expect(exercisesApi.gradedCount).toHaveBeenCalledTimes(3));
    expect(screen.queryByText(/will be re-graded/)).not.toBeInTheDocument();
  });

  it("puts the server's reason on a new line after 'Failed to update exercise'", async () => {
    const user = userEvent.setup();
    const { AxiosError } = jest.requireActual('axios');
    const refusal = new AxiosError('400', 'ERR', undefined, undefined, {
      status: 400,
      data: { error: 'Content has no question 1.', message: 'Content has no question 1.', field: 'content' },
    });
    mocked(exercisesApi.update).mockRejectedValue(refusal);
    renderAt(<EditExercise />, '/EditExercise?material_id=3', { from: '/PreviewExercise?material_id=3' });
    await user.click(await screen.findByRole('button', { name: 'Save Exercise' }));
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith('Failed to update exercise\nContent has no question 1.'),
    );
  });

  it("alerts 'Failed to update exercise' and stays when saving fails", async () => {
    const user = userEvent.setup();
    mocked(exercisesApi.update).mockRejectedValue(new Error('500'));
    renderAt(<EditExercise />, '/EditExercise?material_id=3', { from: '/PreviewExercise?material_id=3' });
    await user.click(await screen.findByRole('button', { name: 'Save Exercise' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Failed to update exercise'));
    expect(screen.getByTestId('location')).toHaveTextContent('/EditExercise?material_id=3');
  });

  it('offers to create one when the subject has none, and shows the fetch error text on failure', async () => {
    mocked(exercisesApi.byMaterial).mockResolvedValue([]);
    const { unmount } = renderAt(<EditExercise />, '/EditExercise?material_id=3');
    expect(
      await screen.findByText("Oops! It seems you haven't created exercise for this subject yet."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an exercise for this subject' })).toHaveAttribute(
      'href',
      '/CreateExercise?material_id=3',
    );
    unmount();
    mocked(exercisesApi.byMaterial).mockRejectedValue(new Error('500'));
    renderAt(<EditExercise />, '/EditExercise?material_id=3');
    expect(await screen.findByText('Failed fetching exercise preview')).toBeInTheDocument();
  });

  it('asks to go back when no subject is in the URL', async () => {
    renderAt(<EditExercise />, '/EditExercise');
    expect(await screen.findByText('No subject was chosen.')).toBeInTheDocument();
    expect(exercisesApi.byMaterial).not.toHaveBeenCalled();
  });
});

describe('Edit Exercise and the data layer', () => {
  it('a saved edit makes the preview read the exercise again (it does not show the cached one)', async () => {
    const user = userEvent.setup();
    mocked(exercisesApi.update).mockResolvedValue({});
    renderAt(
      <Routes>
        <Route path="/PreviewExercise" element={<PreviewExercise />} />
        <Route path="/EditExercise" element={<EditExercise />} />
      </Routes>,
      '/PreviewExercise?material_id=3',
      { from: '/DetailSubjects?id=3' },
    );
    await user.click(await screen.findByRole('link', { name: 'Edit' }));
    // The edit form starts from the preview's cached exercise: no second read.
    expect(await screen.findByLabelText('Exercise title')).toHaveValue('Latihan Sel');
    expect(exercisesApi.byMaterial).toHaveBeenCalledTimes(1);

    mocked(exercisesApi.byMaterial).mockResolvedValue([{ ...exercise, title: 'Latihan Sel 2' }]);
    fill(screen.getByLabelText('Exercise title'), 'Latihan Sel 2');
    await user.click(screen.getByRole('button', { name: 'Save Exercise' }));
    expect(await screen.findByRole('heading', { name: 'Latihan Sel 2' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/PreviewExercise?material_id=3');
    expect(exercisesApi.byMaterial).toHaveBeenCalledTimes(2);
  });

  it('a refetch while the teacher types does not reset the form', async () => {
    let queryClient: QueryClient | undefined;
    function CacheHandle() {
      queryClient = useQueryClient();
      return null;
    }
    renderAt(
      <>
        <EditExercise />
        <CacheHandle />
      </>,
      '/EditExercise?material_id=3',
    );
    const title = await screen.findByLabelText('Exercise title');
    fill(title, 'Latihan Sel (typing)');
    mocked(exercisesApi.byMaterial).mockResolvedValue([{ ...exercise, title: 'Changed elsewhere' }]);
    await act(() => queryClient!.invalidateQueries());
    expect(exercisesApi.byMaterial).toHaveBeenCalledTimes(2);
    expect(screen.getByLabelText('Exercise title')).toHaveValue('Latihan Sel (typing)');
  });
});
