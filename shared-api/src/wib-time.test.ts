import { fromWibIso, toWibIso, wibDate, wibTime } from './wib-time';

describe('WIB time', () => {
  it('uses the WIB calendar day, not the browser or UTC day', () => {
    // 18:30 UTC on 1 March is already 01:30 on 2 March in Jakarta.
    const at = new Date('2026-03-01T18:30:00Z');
    expect(wibDate(at)).toBe('2026-03-02');
    expect(wibTime(at)).toBe('01:30');
  });

  it('builds and reads the API form with the +07:00 offset', () => {
    expect(toWibIso('2026-11-22', '08:00')).toBe('2026-11-22T08:00:00+07:00');
    expect(fromWibIso('2026-11-22T08:00:00+07:00')).toEqual({ date: '2026-11-22', time: '08:00' });
    expect(fromWibIso('2026-11-22T01:00:00Z')).toEqual({ date: '2026-11-22', time: '08:00' });
    expect(fromWibIso('garbage')).toEqual({ date: '', time: '' });
  });
});
