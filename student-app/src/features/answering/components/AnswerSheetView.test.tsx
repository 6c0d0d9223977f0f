import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { parseQuestions, type Answers } from '@kelasku/shared-api';
import { deferred, renderAt } from '@kelasku/shared-ui/src/test-utils';
import { AnswerSheetView } from './AnswerSheetView';
import type { WorkKind } from '../texts';

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
  '4': 'Warna langit?',
  '4_a': 'Biru',
  '4_b': 'Merah',
  '4_c': 'Hijau',
  '4_d': 'Kuning',
  '5': 'Lima?',
  '5_a': 'a',
  '5_b': 'b',
  '5_c': 'c',
  '5_d': 'd',
  '5_pict': 'data:image/png;base64,iVBORw0KGgo=',
};

function Harness({
  kind = 'task',
  onSubmit = jest.fn(async () => undefined),
  onAnswer = jest.fn(),
}: {
  kind?: WorkKind;
  onSubmit?: () => Promise<void>;
  onAnswer?: jest.Mock;
}) {
  const [answers, setAnswers] = useState<Answers>({});
  return (
    <AnswerSheetView
      kind={kind}
      questions={parseQuestions(content)}
      answers={answers}
      queueState={{ kind: 'saved' }}
      onAnswer={(n, value, opts) => {
        onAnswer(n, value, opts);
        setAnswers((a) => ({ ...a, [String(n)]: value }));
      }}
      submission={useMutation<void, Error>({ mutationFn: onSubmit })}
    />
  );
}

const grid = () => screen.getByRole('navigation', { name: 'Question numbers' });

test('the number grid has four columns, one button per question, and marks the current one', () => {
  renderAt(<Harness />);
  // The columns are static CSS (question.css), which the tests' style mock does not apply: read the rule itself.
  expect(grid()).toHaveClass('kq-grid');
  expect(readFileSync(path.join(__dirname, 'question.css'), 'utf8')).toMatch(
    /\.kq-grid \{[^}]*grid-template-columns: repeat\(4, minmax\(0, 1fr\)\)/,
  );
  const buttons = within(grid()).getAllByRole('button');
  expect(buttons.map((b) => b.textContent)).toEqual(['1', '2', '3', '4', '5']);
  expect(within(grid()).getByRole('button', { name: 'Question 1' })).toHaveAttribute('aria-current', 'step');
  expect(within(grid()).getByRole('button', { name: 'Question 2' })).not.toHaveAttribute('aria-current');
});

test('shows one question at a time and moves with Next, Previous and the grid', async () => {
  const user = userEvent.setup();
  renderAt(<Harness />);
  expect(screen.getByText('Ibu kota Indonesia?')).toBeInTheDocument();
  expect(screen.queryByText('2 + 2 = ?')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByText('2 + 2 = ?')).toBeInTheDocument();
  expect(within(grid()).getByRole('button', { name: 'Question 2' })).toHaveAttribute('aria-current', 'step');

  await user.click(within(grid()).getByRole('button', { name: 'Question 5' }));
  expect(screen.getByText('Question 5 of 5')).toBeInTheDocument();
  const picture = screen.getByRole('img', { name: 'Picture for question 5' });
  expect(picture).toHaveAttribute('src', content['5_pict']);
  // never holds up the question: fetched and decoded off the critical path
  expect(picture).toHaveAttribute('loading', 'lazy');
  expect(picture).toHaveAttribute('decoding', 'async');
  expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByText('Warna langit?')).toBeInTheDocument();
});

test('options A–D for multiple choice; a choice is reported in lowercase and marks the question answered', async () => {
  const user = userEvent.setup();
  const onAnswer = jest.fn();
  renderAt(<Harness onAnswer={onAnswer} />);
  const options = screen.getAllByRole('radio');
  expect(options).toHaveLength(4);
  expect(screen.getByRole('radio', { name: 'A. Jakarta' })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: 'D. Surabaya' })).toBeInTheDocument();

  await user.click(screen.getByRole('radio', { name: 'A. Jakarta' }));
  expect(onAnswer).toHaveBeenCalledWith(1, 'a', { essay: false });
  expect(screen.getByRole('radio', { name: 'A. Jakarta' })).toBeChecked();
  expect(within(grid()).getByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();
  expect(within(grid()).getByRole('button', { name: 'Question 2' })).toBeInTheDocument();
  expect(screen.getByText('Questions (1 of 5 answered)')).toBeInTheDocument();
});

test('an essay question shows a text box and keeps what was typed when coming back', async () => {
  const user = userEvent.setup();
  const onAnswer = jest.fn();
  renderAt(<Harness onAnswer={onAnswer} />);
  await user.click(within(grid()).getByRole('button', { name: 'Question 3' }));
  expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  // The essay box is its own chunk (MUI's form components): it arrives after the question.
  await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'Cahaya');
  expect(onAnswer).toHaveBeenLastCalledWith(3, 'Cahaya', { essay: true });
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(screen.getByRole('button', { name: 'Previous' }));
  expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('Cahaya');
  expect(within(grid()).getByRole('button', { name: 'Question 3, answered' })).toBeInTheDocument();
});

test('task submit asks for confirmation with the assignment texts', async () => {
  const user = userEvent.setup();
  const onSubmit = jest.fn(async () => undefined);
  renderAt(<Harness kind="task" onSubmit={onSubmit} />);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  const dialog = screen.getByRole('dialog', { name: 'Confirmation of Assignment Submission' });
  expect(within(dialog).getByText('Are you sure you want to hand over your exercise?')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(onSubmit).not.toHaveBeenCalled();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));
  expect(onSubmit).toHaveBeenCalledTimes(1);
});

test('exam submit asks for confirmation with the exam texts, and shows why a submit failed', async () => {
  const user = userEvent.setup();
  const onSubmit = jest.fn(async () => {
    throw new Error(
      'You are offline — your answers are kept on this device. Submit again when the connection is back.',
    );
  });
  renderAt(<Harness kind="exam" onSubmit={onSubmit} />);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  const dialog = screen.getByRole('dialog', { name: 'Confirmation of Exam Submission' });
  expect(within(dialog).getByText('Are you sure you want to submit your exam?')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Yes, submit' }));
  expect(await screen.findByText(/You are offline — your answers are kept on this device/)).toBeInTheDocument();
});

test('while the sheet is handed in, Submit and the dialog are busy; once it failed the dialog closes on the reason', async () => {
  const user = userEvent.setup();
  const handIn = deferred<void>();
  renderAt(<Harness kind="exam" onSubmit={() => handIn.promise} />);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, submit' }));
  const dialog = screen.getByRole('dialog', { name: 'Confirmation of Exam Submission' });
  expect(within(dialog).getByRole('button', { name: 'Submitting…' })).toBeDisabled();
  // (the page behind the open dialog is hidden from roles)
  expect(
    within(screen.getByRole('region', { name: 'Answer sheet bar', hidden: true })).getByRole('button', {
      name: 'Submit',
      hidden: true,
    }),
  ).toBeDisabled();
  await user.keyboard('{Escape}'); // not closed while handing in
  expect(screen.getByRole('dialog')).toBeInTheDocument();
  handIn.reject(new Error('Your exam could not be submitted.'));
  expect(await screen.findByText('Your exam could not be submitted.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
});

test('the submit confirmation lists the unanswered questions by number', async () => {
  const user = userEvent.setup();
  renderAt(<Harness kind="exam" />);
  await user.click(screen.getByRole('radio', { name: 'A. Jakarta' }));
  await user.click(within(grid()).getByRole('button', { name: 'Question 3' }));
  // The essay box is its own chunk (MUI's form components): it arrives after the question.
  await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'Cahaya');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  const dialog = screen.getByRole('dialog', { name: 'Confirmation of Exam Submission' });
  expect(within(dialog).getByText('Are you sure you want to submit your exam?')).toBeInTheDocument();
  expect(within(dialog).getByText('3 of 5 questions unanswered: 2, 4, 5')).toBeInTheDocument();
});

test('the confirmation says nothing more when every question is answered', async () => {
  const user = userEvent.setup();
  renderAt(<Harness kind="task" />);
  for (const [n, option] of [
    [1, 'A. Jakarta'],
    [2, 'B. 4'],
    [4, 'A. Biru'],
    [5, 'A. a'],
  ] as const) {
    await user.click(within(grid()).getByRole('button', { name: `Question ${n}` }));
    await user.click(screen.getByRole('radio', { name: option }));
  }
  await user.click(within(grid()).getByRole('button', { name: 'Question 3' }));
  // The essay box is its own chunk (MUI's form components): it arrives after the question.
  await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'Cahaya');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  const dialog = screen.getByRole('dialog', { name: 'Confirmation of Assignment Submission' });
  expect(within(dialog).queryByText(/unanswered/)).not.toBeInTheDocument();
});

test('one pinned bar holds the timer, the save state, the question list and Submit', async () => {
  const user = userEvent.setup();
  renderAt(
    <AnswerSheetView
      kind="exam"
      questions={parseQuestions(content)}
      answers={{ '2': 'b' }}
      queueState={{ kind: 'offline' }}
      onAnswer={jest.fn()}
      submission={{ mutate: jest.fn(), isPending: false, error: null }}
      timer={
        <span role="timer" aria-label="Time left">
          00:10:00
        </span>
      }
    />,
  );
  const bar = screen.getByRole('region', { name: 'Answer sheet bar' });
  expect(bar).toHaveStyle({ position: 'sticky', bottom: '0px' });
  expect(within(bar).getByRole('timer', { name: 'Time left' })).toHaveTextContent('00:10:00');
  expect(within(bar).getByRole('status')).toHaveTextContent('Offline — answers kept on this device');
  expect(within(bar).getByRole('button', { name: 'Submit' })).toBeInTheDocument();

  // The list opens over the page; choosing a number goes there and closes it.
  await user.click(within(bar).getByRole('button', { name: 'Questions' }));
  const list = await screen.findByRole('dialog', { name: 'Question list' });
  expect(within(list).getByText('Questions (1 of 5 answered)')).toBeInTheDocument();
  expect(within(list).getByRole('button', { name: 'Question 2, answered' })).toBeInTheDocument();
  await user.click(within(list).getByRole('button', { name: 'Question 4' }));
  expect(screen.getByText('Warna langit?')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Question list' })).not.toBeInTheDocument());
});
