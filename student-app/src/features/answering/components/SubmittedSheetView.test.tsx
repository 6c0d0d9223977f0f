import { screen, within } from '@testing-library/react';
import { parseQuestions, type Grade } from '@kelasku/shared-api';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { SubmittedSheetView } from './SubmittedSheetView';

const content = {
  '1': 'Ibu kota Indonesia?',
  '1_a': 'Jakarta',
  '1_b': 'Bandung',
  '1_c': 'Medan',
  '1_d': 'Surabaya',
  '2': '2 + 2 = ?',
  '2_a': '3',
  '2_b': '4',
  '2_c': '5',
  '2_d': '6',
  '3_essay': 'Jelaskan fotosintesis.',
  '4_essay': 'Apa itu sel?',
};
const questions = parseQuestions(content);
const answers = { '1': 'a', '2': 'c', '3': 'Tumbuhan membuat makanan.', '4': '' };
const grade: Grade = {
  id: 1,
  exercise_id: 9,
  student_id: 5,
  score: 40,
  detail: {
    '1': { kind: 'mc', correct: true },
    '2': { kind: 'mc', correct: false },
    '3': { kind: 'essay', score: 15, max: 25, pending: false, source: 'teacher', comment: 'Sebutkan klorofil juga.' },
    '4': { kind: 'essay', score: 0, max: 25, pending: false, source: 'local' },
  },
};
const question = (n: number) => screen.getByRole('region', { name: `Question ${n}` });

test("after grading: each answer, right or wrong, and the teacher's essay score and comment", () => {
  renderAt(<SubmittedSheetView questions={questions} answers={answers} grade={grade} resultsShown />);
  expect(within(question(1)).getByText('A. Jakarta')).toBeInTheDocument();
  expect(within(question(1)).getByText('Correct')).toBeInTheDocument();
  expect(within(question(2)).getByText('C. 5')).toBeInTheDocument();
  expect(within(question(2)).getByText('Incorrect')).toBeInTheDocument();
  expect(within(question(3)).getByText('Tumbuhan membuat makanan.')).toBeInTheDocument();
  expect(within(question(3)).getByText(/^Score:/)).toHaveTextContent('Score: 15 / 25 (given by your teacher)');
  expect(within(question(3)).getByText('Sebutkan klorofil juga.')).toBeInTheDocument();
  expect(within(question(4)).getByText('no answer')).toBeInTheDocument();
  expect(within(question(4)).getByText(/^Score:/)).toHaveTextContent('Score: 0 / 25');
  expect(screen.queryByText(/not graded yet/)).not.toBeInTheDocument();
});

test('a grade with an essay still pending says so', () => {
  const pending: Grade = {
    ...grade,
    detail: { ...grade.detail, '3': { kind: 'essay', score: null, max: 25, pending: true, source: 'local' } },
  };
  renderAt(<SubmittedSheetView questions={questions} answers={answers} grade={pending} resultsShown />);
  expect(within(question(3)).getByText('Essay not graded yet')).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Essay not graded yet: your grade may still change when your teacher scores it.',
  );
});

test('an exam still open for others shows the answers only', () => {
  renderAt(<SubmittedSheetView questions={questions} answers={answers} grade={grade} resultsShown={false} />);
  expect(within(question(1)).getByText('A. Jakarta')).toBeInTheDocument();
  expect(screen.queryByText('Correct')).not.toBeInTheDocument();
  expect(screen.queryByText('Incorrect')).not.toBeInTheDocument();
  expect(screen.queryByText(/^Score:/)).not.toBeInTheDocument();
  expect(screen.queryByText('Sebutkan klorofil juga.')).not.toBeInTheDocument();
  expect(
    screen.getByText('Which answers were right, and your essay scores, are shown once the exam has ended.'),
  ).toBeInTheDocument();
});

test('an automatically scored essay is provisional until the teacher confirms it', () => {
  const auto: Grade = {
    ...grade,
    detail: { ...grade.detail, '3': { kind: 'essay', score: 20, max: 25, pending: false, source: 'local' } },
  };
  const { unmount } = renderAt(
    <SubmittedSheetView questions={questions} answers={answers} grade={auto} resultsShown />,
  );
  expect(within(question(3)).getByText('Provisional score — your teacher will confirm it')).toBeInTheDocument();
  // A blank answer's automatic 0 is not provisional.
  expect(within(question(4)).queryByText(/Provisional/)).not.toBeInTheDocument();
  unmount();
  renderAt(<SubmittedSheetView questions={questions} answers={answers} grade={grade} resultsShown />);
  expect(screen.queryByText(/Provisional/)).not.toBeInTheDocument();
});

test('a grade a key change moved says so, from what to what', () => {
  const moved: Grade = { ...grade, score: 65, key_change: { from: 40, at: '2026-11-28T03:00:00.000Z' } };
  renderAt(<SubmittedSheetView questions={questions} answers={answers} grade={moved} resultsShown />);
  expect(screen.getByTestId('key-change-note')).toHaveTextContent(
    'Your grade was changed from 40 to 65: your teacher corrected the answer key.',
  );
  renderAt(<SubmittedSheetView questions={questions} answers={answers} grade={grade} resultsShown />);
  expect(screen.getAllByTestId('key-change-note')).toHaveLength(1);
});

test("shows each question's picture, and the correct answer only when the exam sends its key", () => {
  const withPicture = parseQuestions({
    ...content,
    '1_pict': '/api/v1/images/peta.png',
    '1_answer': 'a',
    '2_answer': 'b',
  });
  renderAt(<SubmittedSheetView questions={withPicture} answers={answers} grade={grade} resultsShown />);
  expect(within(question(1)).getByRole('img', { name: 'Picture for question 1' })).toHaveAttribute(
    'src',
    '/api/v1/images/peta.png',
  );
  expect(within(question(2)).getByTestId('correct-answer')).toHaveTextContent('Correct answer: B. 4');
  // without a key (the teacher keeps the answers hidden) nothing names the right option
  renderAt(<SubmittedSheetView questions={questions} answers={answers} grade={grade} resultsShown />);
  expect(screen.getAllByTestId('correct-answer')).toHaveLength(2);
});
