import {
  buildContent,
  emptyQuestion,
  parseQuestions,
  questionCount,
  findQuestionProblem,
  type Question,
} from './content-map';

const mc: Question = {
  ...emptyQuestion('mc'),
  text: 'Ibu kota Indonesia?',
  options: ['Jakarta', 'Bandung', 'Medan', 'Surabaya'],
  answer: 'a',
};
const essay: Question = {
  ...emptyQuestion('essay'),
  text: 'Jelaskan fotosintesis.',
  essayAnswer: 'cahaya air karbon dioksida',
  image: 'data:image/png;base64,AAAA',
};

describe('content map', () => {
  it('round-trips questions, numbering from 1', () => {
    const content = buildContent([mc, essay]);
    expect(content).toMatchObject({
      '1': 'Ibu kota Indonesia?',
      '1_a': 'Jakarta',
      '1_answer': 'a',
      '2_essay': 'Jelaskan fotosintesis.',
      '2_pict': 'data:image/png;base64,AAAA',
      '2_essay_answer': 'cahaya air karbon dioksida',
    });
    expect(content['2']).toBeUndefined();
    expect(parseQuestions(content)).toEqual([mc, essay]);
  });

  it('reads uppercase answer keys and stops at the first gap', () => {
    const content = { '1': 'Q1', '1_answer': 'C', '2_essay': 'Q2', '4': 'orphan' };
    expect(questionCount(content)).toBe(2);
    expect(parseQuestions(content)[0].answer).toBe('c');
  });

  it('reports the first missing required field', () => {
    expect(findQuestionProblem([])).toEqual({ kind: 'no-questions', question: 0 });
    expect(findQuestionProblem([{ ...mc, options: ['a', '', 'c', 'd'] }])).toEqual({ kind: 'options', question: 1 });
    expect(findQuestionProblem([mc, { ...mc, answer: '' }])).toEqual({ kind: 'answer', question: 2 });
    expect(findQuestionProblem([mc, { ...essay, text: '  ' }])).toEqual({ kind: 'text', question: 2 });
    expect(findQuestionProblem([mc, essay])).toBeNull();
  });
});
