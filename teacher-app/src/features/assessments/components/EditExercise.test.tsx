import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ExerciseInput } from '@kelasku/shared-api';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { refusal, unreachable } from '../../../../../jest/msw-server';
import { reply, type Replier } from '../../../../../jest/msw-routes';
import { exercise as exerciseOf, material, signInAsTeacher } from '../../../test/fixtures';
import { asked } from '../../../test/network';
import EditExercise from './EditExercise';
import PreviewExercise from './PreviewExercise';

const exercise = exerciseOf({ id: 5, title: 'Latihan Sel', content: { '1_essay': 'Jelaskan sel.' } });
/** The exercise the server saved, from what the form sent. */
const saved = (body: ExerciseInput) => ({ ...exercise, ...body });

let byMaterial: Replier<'get /exercises'>;
let gradedCount: Replier<'get /exercises/graded-count'>;
beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
  reply('get /materials/detail', () => material({ id: 3, title: 'Sel Hewan' }));
  byMaterial = reply('get /exercises', () => [exercise]);
  gradedCount = reply('get /exercises/graded-count', () => ({ count: 0 }));
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});

describe('Edit Exercise', () => {
  it('pre-fills the exercise, saves it with the update texts and goes back', async () => {
    const user = userEvent.setup();
    const update = reply('put /exercises', ({ body }) => saved(body));
    renderAt(<EditExercise />, '/EditExercise?material_id=3', { from: '/PreviewExercise?material_id=3' });
    expect(await screen.findByLabelText('Exercise title')).toHaveValue('Latihan Sel');
    expect(screen.getByText('Subject: Sel Hewan')).toBeInTheDocument();
    expect(screen.getByLabelText('Question 1 text')).toHaveValue('Jelaskan sel.');
    fill(screen.getByLabelText('Exercise title'), '  Latihan Sel 2 ');
    await user.click(screen.getByRole('button', { name: 'Save Exercise' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/PreviewExercise?material_id=3'));
    expect(alert).toHaveBeenCalledWith('Successfully updated exercise');
    // the client adds the total marks (100) to what the form saves
    expect(update).toHaveBeenCalledWith({
      query: { id: '5' },
      body: {
        total_marks: 100,
        title: 'Latihan Sel 2',
        material_id: 3,
        content: { '1_essay': 'Jelaskan sel.' },
        teacher_id: 7,
        shuffle_questions: false,
        shuffle_options: false,
      },
    });
  });

  it('warns that saving re-grades the submissions already made, and only then', async () => {
    gradedCount.mockImplementation(() => ({ count: 3 }));
    const { unmount } = renderAt(<EditExercise />, '/EditExercise?material_id=3');
    expect(await screen.findByText(/^3 submissions will be re-graded when you save/)).toBeInTheDocument();
    expect(screen.getByText(/Essay scores you set are kept/)).toBeInTheDocument();
    expect(gradedCount).toHaveBeenCalledWith(asked({ exercise_id: '5' }));
    unmount();
    gradedCount.mockImplementation(() => ({ count: 1 }));
    const second = renderAt(<EditExercise />, '/EditExercise?material_id=3');
    expect(await screen.findByText(/^1 submission will be re-graded/)).toBeInTheDocument();
    second.unmount();
    gradedCount.mockImplementation(() => ({ count: 0 }));
    renderAt(<EditExercise />, '/EditExercise?material_id=3');
    expect(await screen.findByLabelText('Exercise title')).toHaveValue('Latihan Sel');
    await waitFor(() => expect(gradedCount).toHaveBeenCalledTimes(3));
    expect(screen.queryByText(/will be re-graded/)).not.toBeInTheDocument();
  });

  it("puts the server's reason on a new line after 'Failed to update exercise'", async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    reply('put /exercises', () =>
      refusal(400, { error: 'Content has no question 1.', message: 'Content has no question 1.', field: 'content' }),
    );
    renderAt(<EditExercise />, '/EditExercise?material_id=3', { from: '/PreviewExercise?material_id=3' });
    await user.click(await screen.findByRole('button', { name: 'Save Exercise' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to update exercise\nContent has no question 1.'));
  });

  it("alerts 'Failed to update exercise' and stays when saving fails", async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    reply('put /exercises', unreachable);
    renderAt(<EditExercise />, '/EditExercise?material_id=3', { from: '/PreviewExercise?material_id=3' });
    await user.click(await screen.findByRole('button', { name: 'Save Exercise' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to update exercise'));
    expect(screen.getByTestId('location')).toHaveTextContent('/EditExercise?material_id=3');
  });

  it('offers to create one when the subject has none, and shows the fetch error text on failure', async () => {
    byMaterial.mockImplementation(() => []);
    const { unmount } = renderAt(<EditExercise />, '/EditExercise?material_id=3');
    expect(
      await screen.findByText("Oops! It seems you haven't created exercise for this subject yet."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an exercise for this subject' })).toHaveAttribute(
      'href',
      '/CreateExercise?material_id=3',
    );
    unmount();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    byMaterial.mockImplementation(() => refusal(500, { message: 'Internal Server Error' }));
    renderAt(<EditExercise />, '/EditExercise?material_id=3');
    expect(await screen.findByText('Failed fetching exercise preview')).toBeInTheDocument();
  });

  it('asks to go back when no subject is in the URL', async () => {
    renderAt(<EditExercise />, '/EditExercise');
    expect(await screen.findByText('No subject was chosen.')).toBeInTheDocument();
    expect(byMaterial).not.toHaveBeenCalled();
  });
});

describe('Edit Exercise and the data layer', () => {
  it('a saved edit makes the preview read the exercise again (it does not show the cached one)', async () => {
    const user = userEvent.setup();
    reply('put /exercises', ({ body }) => saved(body));
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
    expect(byMaterial).toHaveBeenCalledTimes(1);

    byMaterial.mockImplementation(() => [{ ...exercise, title: 'Latihan Sel 2' }]);
    fill(screen.getByLabelText('Exercise title'), 'Latihan Sel 2');
    await user.click(screen.getByRole('button', { name: 'Save Exercise' }));
    expect(await screen.findByRole('heading', { name: 'Latihan Sel 2' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/PreviewExercise?material_id=3');
    expect(byMaterial).toHaveBeenCalledTimes(2);
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
    byMaterial.mockImplementation(() => [{ ...exercise, title: 'Changed elsewhere' }]);
    await act(() => queryClient!.invalidateQueries());
    expect(byMaterial).toHaveBeenCalledTimes(2);
    expect(screen.getByLabelText('Exercise title')).toHaveValue('Latihan Sel (typing)');
  });
});
