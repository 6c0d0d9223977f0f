import { cleanup, fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { Question } from '@kelasku/shared-api';
import { MAX_ANSWER_BYTES } from '@kelasku/shared-rules';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';
import { QuestionPanel } from './QuestionPanel';

const essay: Question = {
  type: 'essay',
  text: 'Jelaskan fotosintesis.',
  options: ['', '', '', ''],
  answer: '',
  image: '',
  essayAnswer: '',
};

test.each([
  ['en', 'Your answer', `Your answer is too long: at most ${MAX_ANSWER_BYTES} bytes (a letter takes 1, an emoji 4).`],
  [
    'id',
    'Jawaban Anda',
    `Jawaban Anda terlalu panjang: maksimal ${MAX_ANSWER_BYTES} byte (satu huruf 1 byte, satu emoji 4 byte).`,
  ],
])("%s: an essay past the server's cap in bytes is not taken, and says why", async (language, label, message) => {
  await i18next.changeLanguage(language);
  const onEssayChange = jest.fn();
  renderAt(
    <QuestionPanel number={2} total={3} question={essay} value="" onChoose={jest.fn()} onEssayChange={onEssayChange} />,
  );
  const box = await screen.findByRole('textbox', { name: label });
  // Within the cap in characters, past it in bytes: an emoji takes 4.
  fireEvent.change(box, { target: { value: '😀'.repeat(MAX_ANSWER_BYTES / 4) + 'x' } });
  expect(onEssayChange).not.toHaveBeenCalled();
  expect(await screen.findByText(message)).toBeInTheDocument();
  fireEvent.change(box, { target: { value: '😀'.repeat(MAX_ANSWER_BYTES / 4) } });
  expect(onEssayChange).toHaveBeenCalledWith('😀'.repeat(MAX_ANSWER_BYTES / 4));
  expect(screen.queryByText(message)).not.toBeInTheDocument();
  cleanup();
});
