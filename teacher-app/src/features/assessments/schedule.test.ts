import { defaultSchedule, endTimeProblem, scheduleFromExam, scheduleProblem, scheduleToTimes } from './schedule';

describe('exam schedule in WIB', () => {
  it('defaults the date to today in WIB, even when the UTC date is still yesterday', () => {
    // 20:30 UTC on 5 January is 03:30 WIB on 6 January.
    expect(defaultSchedule(new Date('2025-01-05T20:30:00Z'))).toEqual({ date: '2025-01-06', start: '', end: '' });
    expect(defaultSchedule(new Date('2025-01-05T10:00:00Z')).date).toBe('2025-01-05');
  });

  it('sends the chosen date and times with the fixed +07:00 offset', () => {
    expect(scheduleToTimes({ date: '2025-07-01', start: '08:00', end: '09:30' })).toEqual({
      start_time: '2025-07-01T08:00:00+07:00',
      end_time: '2025-07-01T09:30:00+07:00',
    });
  });

  it('requires both times and an end after the start', () => {
    expect(scheduleProblem({ date: '2025-07-01', start: '', end: '09:00' })).toBe('Start and end time are required.');
    expect(endTimeProblem({ date: '2025-07-01', start: '09:00', end: '09:00' })).toBe(
      'End time must be after start time.',
    );
    expect(endTimeProblem({ date: '2025-07-01', start: '09:00', end: '08:59' })).toBe(
      'End time must be after start time.',
    );
    expect(scheduleProblem({ date: '2025-07-01', start: '08:00', end: '09:00' })).toBeNull();
  });

  it('reads times back as WIB wall clock whatever offset the server used', () => {
    const exam = { start_time: '2025-07-01T01:00:00Z', end_time: '2025-07-01T09:30:00+07:00' };
    expect(scheduleFromExam(exam)).toEqual({ date: '2025-07-01', start: '08:00', end: '09:30' });
  });
});
