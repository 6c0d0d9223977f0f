import i18next from 'i18next';
import { emptyQuestion } from '@kelasku/shared-api';
import { assessmentProblem } from './AssessmentForm';

const withEmptyEssay = { title: 'Latihan 1', questions: [{ ...emptyQuestion('essay'), text: '' }] };

describe('the question problems of the exercise and exam forms', () => {
  it('are the English sentences in English', () => {
    expect(assessmentProblem('exercise', withEmptyEssay)).toBe('Question 1 needs its text.');
    expect(assessmentProblem('exercise', { title: 'x', questions: [] })).toBe('Add at least one question.');
  });

  it('are Indonesian in Indonesian', async () => {
    await i18next.changeLanguage('id');
    expect(assessmentProblem('exercise', withEmptyEssay)).toBe('Soal 1 belum ada teks soalnya.');
    expect(assessmentProblem('exercise', { title: 'x', questions: [] })).toBe('Tambahkan minimal satu soal.');
  });
});
