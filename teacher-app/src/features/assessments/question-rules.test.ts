import { emptyQuestion, type Question } from '@kelasku/shared-api';
import { canRemoveQuestion, changeQuestionType, removeQuestion } from './question-rules';

const mc: Question = {
  ...emptyQuestion('mc'),
  text: 'Ibu kota?',
  options: ['Jakarta', 'Bandung', 'Medan', 'Solo'],
  answer: 'a',
  image: 'data:image/png;base64,AA',
};

describe('question editing rules', () => {
  it('removes a question only while more than one remains', () => {
    expect(canRemoveQuestion([mc])).toBe(false);
    expect(removeQuestion([mc], 0)).toEqual([mc]);
    const two = [mc, emptyQuestion('essay')];
    expect(canRemoveQuestion(two)).toBe(true);
    expect(removeQuestion(two, 0)).toEqual([emptyQuestion('essay')]);
  });

  it('switching the type resets options and answers but keeps text and image', () => {
    const essay = changeQuestionType(mc, 'essay');
    expect(essay).toEqual({ ...emptyQuestion('essay'), text: 'Ibu kota?', image: mc.image });
    const back = changeQuestionType({ ...essay, essayAnswer: 'Jakarta' }, 'mc');
    expect(back.options).toEqual(['', '', '', '']);
    expect(back.answer).toBe('');
    expect(back.essayAnswer).toBe('');
  });
});
