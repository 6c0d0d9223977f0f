import i18next from 'i18next';
import { emptyQuestion } from '@kelasku/shared-api';
import { assessmentProblem } from './AssessmentForm';

const withEmptyEssay = { title: 'Latihan 1', questions: [{ ...emptyQuestion('essay'), text: '' }] };
/** 5,001 emoji: 5,001 characters, 20,004 bytes as sent (past the server's 20,000-byte cap on one text). */
const big = '😀'.repeat(5_001);
const mc = (options: [string, string, string, string], text = 'Soal') => ({
  ...emptyQuestion('mc'),
  text,
  options,
  answer: 'a' as const,
});
const withBigOption = { title: 'Latihan 1', questions: [mc(['a', 'b', 'c', 'd']), mc(['a', big, 'c', 'd'])] };

describe('the question problems of the exercise and exam forms', () => {
  it('are the English sentences in English', () => {
    expect(assessmentProblem('exercise', withEmptyEssay)).toBe('Question 1 needs its text.');
    expect(assessmentProblem('exercise', { title: 'x', questions: [] })).toBe('Add at least one question.');
  });

  it('refuse a text past the byte cap, counted as the server counts it (bytes, not characters)', () => {
    expect(assessmentProblem('exercise', withBigOption)).toBe(
      'Question 2: a text (the question, an option or the reference answer) is longer than 20000 bytes.',
    );
    expect(
      assessmentProblem('exercise', {
        title: 'x',
        questions: [{ ...emptyQuestion('essay'), text: 'Jelaskan', essayAnswer: big }],
      }),
    ).toMatch(/^Question 1: /);
    expect(assessmentProblem('exercise', { title: 'x', questions: [mc(['a', 'b', 'c', 'd'], big)] })).toMatch(
      /^Question 1: /,
    );
    // 20,000 bytes exactly pass (5,000 emoji), and so do 19,999 ASCII characters with no emoji.
    expect(
      assessmentProblem('exercise', {
        title: 'x',
        questions: [mc(['a', '😀'.repeat(5_000), 'x'.repeat(19_999), 'd'])],
      }),
    ).toBeNull();
  });

  it('are Indonesian in Indonesian', async () => {
    await i18next.changeLanguage('id');
    expect(assessmentProblem('exercise', withEmptyEssay)).toBe('Soal 1 belum ada teks soalnya.');
    expect(assessmentProblem('exercise', { title: 'x', questions: [] })).toBe('Tambahkan minimal satu soal.');
    expect(assessmentProblem('exercise', withBigOption)).toBe(
      'Soal 2: ada teks (soal, pilihan, atau kunci jawaban esai) yang lebih dari 20000 byte.',
    );
  });
});
