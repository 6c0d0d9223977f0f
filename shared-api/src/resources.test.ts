import { answer, type Sent } from '../../jest/msw-server';
import { examsApi, exercisesApi } from './resources';

describe('answer sheet saves', () => {
  let sent: ({ method: string } & Sent)[];
  beforeEach(() => {
    sent = [];
    for (const [verb, path] of [
      ['patch', '/exams-answers'],
      ['patch', '/exercises-answers'],
    ] as const) {
      answer(verb, path, (request) => {
        sent.push({ method: `${verb} ${path}`, ...request });
        return { id: 1 };
      });
    }
  });

  it('sends the map numbered with seq when given (order-safe saves)', async () => {
    await examsApi.answers.save(9, 21, 5, { '1': 'a' }, 1_700_000_000_123);
    expect(sent).toEqual([
      {
        method: 'patch /exams-answers',
        query: { id: '9' },
        body: { exam_id: 21, student_id: 5, answers: { '1': 'a' }, seq: 1_700_000_000_123 },
      },
    ]);
  });

  it('sends no seq when none is given (last writer wins)', async () => {
    await exercisesApi.answers.save(3, 11, 5, { '2': 'b' });
    expect(sent[0].body).toEqual({ exercise_id: 11, student_id: 5, answers: { '2': 'b' } });
  });

  it('sends the questions changed on this device with their times (merged per question on the server)', async () => {
    await examsApi.answers.saveChanges(9, {
      '3': { answer: 'c', at: 1_700_000_000_500 },
      '4': { answer: '', at: 1_700_000_000_600 },
    });
    expect(sent).toEqual([
      {
        method: 'patch /exams-answers',
        query: { id: '9' },
        body: { changes: { '3': { answer: 'c', at: 1_700_000_000_500 }, '4': { answer: '', at: 1_700_000_000_600 } } },
      },
    ]);
  });
});
