/**
 * Fair exams, the teacher's side: two settings in the form, sent to the API; the preview shows the original order and,
 * on request, the order one student gets (the shared rule the student app uses).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { classesApi, exercisesApi, materialsApi, OPTION_LETTERS } from '@kelasku/shared-api';
import { publicIdsSeed, sheetOrder } from '@kelasku/shared-rules';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { signInAsTeacher } from '../../../test/fixtures';
import CreateExercise from './CreateExercise';
import EditExercise from './EditExercise';
import PreviewExercise from './PreviewExercise';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    classesApi: { ...actual.classesApi, mine: jest.fn() },
    exercisesApi: {
      ...actual.exercisesApi,
      byMaterial: jest.fn(),
      create: jest.fn(),
      update: jest.fn(),
      submissions: jest.fn(),
      gradedCount: jest.fn(),
    },
    materialsApi: { ...actual.materialsApi, detail: jest.fn() },
  };
});

const mocked = <T,>(fn: T) => fn as unknown as jest.Mock;
const texts = ['Satu', 'Dua', 'Tiga', 'Empat', 'Lima'];
const content: Record<string, string> = {};
texts.forEach((text, i) => {
  content[String(i + 1)] = `Soal ${text}?`;
  OPTION_LETTERS.forEach((l) => {
    content[`${i + 1}_${l}`] = `${text}-${l}`;
  });
  content[`${i + 1}_answer`] = 'a';
});
/** Budi's seed as the class list gives it to the teacher (an HMAC under the server's secret). */
const BUDI_SEED = 'J5bWq1Tz7KpN0cVx4RmY8e';
const exercise = {
  id: 5,
  material_id: 3,
  title: 'Latihan Acak',
  content,
  total_marks: 100,
  teacher_id: 7,
  shuffle_questions: true,
  shuffle_options: true,
};

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  signInAsTeacher();
  mocked(materialsApi.detail).mockResolvedValue({ id: 3, title: 'Sel Hewan', class_id: 4 });
  mocked(classesApi.mine).mockResolvedValue({ classes: [{ id: 4, name: 'X IPA 1', grade: 10 }] });
  mocked(exercisesApi.gradedCount).mockResolvedValue({ count: 0 });
  mocked(exercisesApi.submissions).mockResolvedValue([
    {
      student_id: 21,
      name: 'Ani',
      nis: '1001',
      sheet_id: null,
      status: 'Not started',
      score: null,
      order_seed: 'Vn2kQy0pXc7TzL4aB9eR1w',
    },
    {
      student_id: 22,
      name: 'Budi',
      nis: '1002',
      sheet_id: null,
      status: 'Not started',
      score: null,
      order_seed: BUDI_SEED,
    },
  ]);
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});

it('the form sends both settings (off unless ticked)', async () => {
  const user = userEvent.setup();
  mocked(exercisesApi.byMaterial).mockResolvedValue([]);
  mocked(exercisesApi.create).mockResolvedValue({ id: 9 });
  renderAt(<CreateExercise />, '/CreateExercise?material_id=3', { from: '/DetailSubjects?id=3' });
  fill(await screen.findByLabelText('Exercise title'), 'Latihan 1');
  await user.click(screen.getByRole('radio', { name: 'Essay' }));
  fill(screen.getByLabelText('Question 1 text'), 'Jelaskan.');
  expect(screen.getByRole('checkbox', { name: 'Shuffle question order' })).not.toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: 'Shuffle question order' }));
  await user.click(screen.getByRole('button', { name: 'Create Exercise' }));
  await waitFor(() => expect(exercisesApi.create).toHaveBeenCalled());
  expect(mocked(exercisesApi.create).mock.calls[0][0]).toMatchObject({
    shuffle_questions: true,
    shuffle_options: false,
  });
});

it('editing starts from the stored settings', async () => {
  const user = userEvent.setup();
  mocked(exercisesApi.byMaterial).mockResolvedValue([{ ...exercise, shuffle_questions: false }]);
  mocked(exercisesApi.update).mockResolvedValue({ ...exercise, regraded: 0 });
  renderAt(<EditExercise />, '/EditExercise?material_id=3', { from: '/PreviewExercise?material_id=3' });
  expect(await screen.findByRole('checkbox', { name: 'Shuffle answer options' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Shuffle question order' })).not.toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: 'Shuffle answer options' }));
  await user.click(screen.getByRole('button', { name: 'Save Exercise' }));
  await waitFor(() => expect(exercisesApi.update).toHaveBeenCalled());
  expect(mocked(exercisesApi.update).mock.calls[0][1]).toMatchObject({
    shuffle_questions: false,
    shuffle_options: false,
  });
});

it("the preview shows the original order, and one student's order on request", async () => {
  const user = userEvent.setup();
  mocked(exercisesApi.byMaterial).mockResolvedValue([exercise]);
  renderAt(<PreviewExercise />, '/PreviewExercise?material_id=3');
  const firstRegion = async () => within(await screen.findByRole('region', { name: 'Question 1' }));
  expect((await firstRegion()).getByText('Soal Satu?')).toBeInTheDocument();

  await user.click(await screen.findByRole('combobox', { name: 'Show the order of' }));
  await user.click(await screen.findByRole('option', { name: 'Budi (1002)' }));
  const order = sheetOrder(BUDI_SEED, texts.length, exercise);
  const first = order.questions[0];
  expect(first).not.toBe(1); // else this test shows nothing
  expect(sheetOrder(publicIdsSeed('exercise', 5, 22), texts.length, exercise).questions[0]).not.toBe(first); // nor this
  const region = await firstRegion();
  expect(region.getByText(`Soal ${texts[first - 1]}?`)).toBeInTheDocument();
  expect(region.getByText(`(your question ${first})`)).toBeInTheDocument();
  const items = within(region.getByRole('list', { name: 'Options of question 1' })).getAllByRole('listitem');
  const shown = order.options(first);
  expect(items.map((li) => li.textContent?.replace('Correct answer', ''))).toEqual(
    shown.map((o, place) => `${'ABCD'[place]}.${texts[first - 1]}-${OPTION_LETTERS[o]}`),
  );
  // The correct answer (original A) is marked wherever it landed.
  expect(items[shown.indexOf(0)]).toHaveTextContent('Correct answer');
});
