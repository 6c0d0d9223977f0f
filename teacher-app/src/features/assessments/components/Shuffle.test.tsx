/**
 * Fair exams, the teacher's side: two settings in the form, sent to the API; the preview shows the original order and,
 * on request, the order one student gets (the shared rule the student app uses).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OPTION_LETTERS, type Submission } from '@kelasku/shared-api';
import { publicIdsSeed, sheetOrder } from '@kelasku/shared-rules';
import { fill, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { reply } from '../../../../../jest/msw-routes';
import { exercise as exerciseOf, material, signInAsTeacher, X_IPA_1 } from '../../../test/fixtures';
import { answerMyClasses } from '../../../test/network';
import CreateExercise from './CreateExercise';
import EditExercise from './EditExercise';
import PreviewExercise from './PreviewExercise';

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
const exercise = exerciseOf({ id: 5, title: 'Latihan Acak', content, shuffle_questions: true, shuffle_options: true });
/** The class list as the teacher reads it: each student with their order seed. */
const students: Submission[] = [
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
];

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  signInAsTeacher();
  reply('get /materials/detail', () => material({ id: 3, title: 'Sel Hewan' }));
  answerMyClasses([X_IPA_1]);
  reply('get /exercises/graded-count', () => ({ count: 0 }));
  reply('get /exercises/submissions', () => students);
  jest.spyOn(window, 'alert').mockImplementation(() => {});
});

it('the form sends both settings (off unless ticked)', async () => {
  const user = userEvent.setup();
  reply('get /exercises', () => []);
  const create = reply('post /exercises', ({ body }) => exerciseOf({ id: 9, ...body }));
  renderAt(<CreateExercise />, '/CreateExercise?material_id=3', { from: '/DetailSubjects?id=3' });
  fill(await screen.findByLabelText('Exercise title'), 'Latihan 1');
  await user.click(screen.getByRole('radio', { name: 'Essay' }));
  fill(screen.getByLabelText('Question 1 text'), 'Jelaskan.');
  expect(screen.getByRole('checkbox', { name: 'Shuffle question order' })).not.toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: 'Shuffle question order' }));
  await user.click(screen.getByRole('button', { name: 'Create Exercise' }));
  await waitFor(() => expect(create).toHaveBeenCalled());
  expect(create.mock.calls[0][0].body).toMatchObject({ shuffle_questions: true, shuffle_options: false });
});

it('editing starts from the stored settings', async () => {
  const user = userEvent.setup();
  reply('get /exercises', () => [{ ...exercise, shuffle_questions: false }]);
  const update = reply('put /exercises', ({ body }) => ({ ...exercise, ...body, regraded: 0 }));
  renderAt(<EditExercise />, '/EditExercise?material_id=3', { from: '/PreviewExercise?material_id=3' });
  expect(await screen.findByRole('checkbox', { name: 'Shuffle answer options' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Shuffle question order' })).not.toBeChecked();
  await user.click(screen.getByRole('checkbox', { name: 'Shuffle answer options' }));
  await user.click(screen.getByRole('button', { name: 'Save Exercise' }));
  await waitFor(() => expect(update).toHaveBeenCalled());
  expect(update.mock.calls[0][0]).toMatchObject({
    query: { id: '5' },
    body: { shuffle_questions: false, shuffle_options: false },
  });
});

it("the preview shows the original order, and one student's order on request", async () => {
  const user = userEvent.setup();
  reply('get /exercises', () => [exercise]);
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
