import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ExerciseInput } from '@kelasku/shared-api';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { refusal, unreachable } from '../../../../../jest/msw-server';
import { reply } from '../../../../../jest/msw-routes';
import { exercise, material, signInAsTeacher } from '../../../test/fixtures';
import CreateExercise from './CreateExercise';

const question = (n: number) => screen.getByRole('group', { name: `Question ${n}` });
/** The exercise the server created, from what the form sent. */
const created = (body: ExerciseInput) => exercise({ id: 9, ...body });

beforeEach(() => {
  jest.clearAllMocks();
  signInAsTeacher();
  reply('get /materials/detail', () => material({ id: 3, title: 'Sel Hewan' }));
  reply('get /exercises', () => []);
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});

describe('Create Exercise', () => {
  it("shows 'Exercise already exists' with a Go Back button when the material has one", async () => {
    const user = userEvent.setup();
    reply('get /exercises', () => [exercise({ id: 5, title: 'Latihan' })]);
    renderAt(<CreateExercise />, '/CreateExercise?material_id=3', { from: '/DetailSubjects?id=3' });
    expect(await screen.findByText('Exercise already exists')).toBeInTheDocument();
    expect(screen.queryByLabelText('Exercise title')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/DetailSubjects?id=3');
  });

  it('removes a question only while more than one remains, renumbering the rest', async () => {
    const user = userEvent.setup();
    renderAt(<CreateExercise />, '/CreateExercise?material_id=3');
    await screen.findByLabelText('Exercise title');
    expect(screen.getByRole('button', { name: 'Remove question 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    fill(screen.getByLabelText('Question 2 text'), 'Kedua');
    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(screen.queryByRole('group', { name: 'Question 2' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Question 1 text')).toHaveValue('Kedua');
    expect(screen.getByRole('button', { name: 'Remove question 1' })).toBeDisabled();
  });

  it('switching a question to essay and back clears its options and correct answer', async () => {
    const user = userEvent.setup();
    renderAt(<CreateExercise />, '/CreateExercise?material_id=3');
    await screen.findByLabelText('Exercise title');
    fill(screen.getByLabelText('Question 1 text'), 'Ibu kota?');
    fill(screen.getByLabelText('Question 1 option A'), 'Jakarta');
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Question 1 correct answer' })).getByRole('radio', { name: 'A' }),
    );
    await user.click(within(question(1)).getByRole('radio', { name: 'Essay' }));
    expect(screen.queryByLabelText('Question 1 option A')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Question 1 reference answer')).toBeInTheDocument();
    await user.click(within(question(1)).getByRole('radio', { name: 'Multiple choice' }));
    expect(screen.getByLabelText('Question 1 option A')).toHaveValue('');
    expect(
      within(screen.getByRole('radiogroup', { name: 'Question 1 correct answer' })).getByRole('radio', { name: 'A' }),
    ).not.toBeChecked();
    expect(screen.getByLabelText('Question 1 text')).toHaveValue('Ibu kota?');
  });

  it('validates with the shared rules before saving', async () => {
    const user = userEvent.setup();
    renderAt(<CreateExercise />, '/CreateExercise?material_id=3');
    await user.click(await screen.findByRole('button', { name: 'Create Exercise' }));
    expect(screen.getByText('Title is required.')).toBeInTheDocument();
    fill(screen.getByLabelText('Exercise title'), 'Latihan 1');
    fill(screen.getByLabelText('Question 1 text'), 'Ibu kota?');
    const create = reply('post /exercises', ({ body }) => created(body));
    await user.click(screen.getByRole('button', { name: 'Create Exercise' }));
    expect(screen.getByText('Question 1 needs all four options.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates MC + essay with an image, alerts the spec text and goes back', async () => {
    const user = userEvent.setup();
    const create = reply('post /exercises', ({ body }) => created(body));
    renderAt(<CreateExercise />, '/CreateExercise?material_id=3', { from: '/DetailSubjects?id=3' });
    fill(await screen.findByLabelText('Exercise title'), 'Latihan 1');
    fill(screen.getByLabelText('Question 1 text'), 'Ibu kota?');
    ['Jakarta', 'Bandung', 'Medan', 'Solo'].forEach((o, i) =>
      fill(screen.getByLabelText(`Question 1 option ${'ABCD'[i]}`), o),
    );
    await user.click(
      within(screen.getByRole('radiogroup', { name: 'Question 1 correct answer' })).getByRole('radio', { name: 'A' }),
    );
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'peta.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Image for question 1'), { target: { files: [png] } });
    expect(await screen.findByRole('img', { name: 'Image for question 1' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,/),
    );

    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.click(within(question(2)).getByRole('radio', { name: 'Essay' }));
    fill(screen.getByLabelText('Question 2 text'), 'Jelaskan fotosintesis.');
    fill(screen.getByLabelText('Question 2 reference answer'), 'Cahaya menjadi energi kimia.');
    await user.click(screen.getByRole('button', { name: 'Create Exercise' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/DetailSubjects?id=3'));
    expect(alert).toHaveBeenCalledWith('Successfully created exercise');
    const { query, body } = create.mock.calls[0][0];
    expect(query).toEqual({});
    expect(body).toMatchObject({
      title: 'Latihan 1',
      material_id: 3,
      teacher_id: 7,
      content: {
        '1': 'Ibu kota?',
        '1_a': 'Jakarta',
        '1_b': 'Bandung',
        '1_c': 'Medan',
        '1_d': 'Solo',
        '1_answer': 'a',
        '2_essay': 'Jelaskan fotosintesis.',
        '2_essay_answer': 'Cahaya menjadi energi kimia.',
      },
    });
    expect(body.content['1_pict']).toMatch(/^data:image\/png;base64,/);
  });

  it("puts the server's reason on a new line after 'Failed to create exercise'", async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    reply('post /exercises', () =>
      refusal(400, {
        error: 'Title must be at most 200 characters.',
        message: 'Title must be at most 200 characters.',
        field: 'title',
      }),
    );
    renderAt(<CreateExercise />, '/CreateExercise?material_id=3', { from: '/DetailSubjects?id=3' });
    fill(await screen.findByLabelText('Exercise title'), 'Latihan 1');
    await user.click(within(question(1)).getByRole('radio', { name: 'Essay' }));
    fill(screen.getByLabelText('Question 1 text'), 'Jelaskan.');
    await user.click(screen.getByRole('button', { name: 'Create Exercise' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to create exercise\nTitle must be at most 200 characters.'),
    );
  });

  it("alerts 'Failed to create exercise' and stays when the save fails without a reason", async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    reply('post /exercises', unreachable);
    renderAt(<CreateExercise />, '/CreateExercise?material_id=3', { from: '/DetailSubjects?id=3' });
    fill(await screen.findByLabelText('Exercise title'), 'Latihan 1');
    await user.click(within(question(1)).getByRole('radio', { name: 'Essay' }));
    fill(screen.getByLabelText('Question 1 text'), 'Jelaskan.');
    await user.click(screen.getByRole('button', { name: 'Create Exercise' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to create exercise'));
    expect(screen.getByTestId('location')).toHaveTextContent('/CreateExercise?material_id=3');
    expect(screen.getByLabelText('Question 1 text')).toHaveValue('Jelaskan.');
  });
});
