import { windowPhase } from './exam-clock';

const exam = { start_time: '2025-01-05T08:00:00+07:00', end_time: '2025-01-05T10:00:00+07:00' };
const at = (text: string) => Date.parse(text);

test('the exam is still open at the exact end instant, as the server still accepts saves then', () => {
  expect(windowPhase(exam, at(exam.end_time))).toBe('Active');
  expect(windowPhase(exam, at(exam.end_time) + 1)).toBe('Completed');
});

test('the phases carry the server status names: Scheduled before the start, Active from the start instant', () => {
  expect(windowPhase(exam, at(exam.start_time) - 1)).toBe('Scheduled');
  expect(windowPhase(exam, at(exam.start_time))).toBe('Active');
});
