import { addWibMonths, lastWibMonths, parseWibMonth, wibDayStart, wibMonthOf, wibMonthStart } from './wib';

const utc = (text: string) => Date.parse(text);

describe('WIB days and months', () => {
  it('a WIB day starts at 17:00 UTC the day before, and its last millisecond is still that day', () => {
    expect(new Date(wibDayStart(utc('2025-06-10T03:00:00Z'))).toISOString()).toBe('2025-06-09T17:00:00.000Z');
    expect(new Date(wibDayStart(utc('2025-06-09T17:00:00Z'))).toISOString()).toBe('2025-06-09T17:00:00.000Z');
    expect(new Date(wibDayStart(utc('2025-06-09T16:59:59.999Z'))).toISOString()).toBe('2025-06-08T17:00:00.000Z');
  });

  it('an instant belongs to its WIB month, not its UTC one, at midnight WIB', () => {
    expect(wibMonthOf(utc('2025-12-31T16:59:59.999Z'))).toBe('2025-12'); // 23:59:59.999 WIB on 31 December
    expect(wibMonthOf(utc('2025-12-31T17:00:00Z'))).toBe('2026-01'); // 00:00 WIB on 1 January, still 2025 in UTC
    expect(wibMonthOf(utc('2025-02-28T17:00:00Z'))).toBe('2025-03');
  });

  it('a month starts at 00:00 WIB on its first day, and the instant before belongs to the month before', () => {
    const start = wibMonthStart('2026-01');
    expect(new Date(start).toISOString()).toBe('2025-12-31T17:00:00.000Z');
    expect(wibMonthOf(start)).toBe('2026-01');
    expect(wibMonthOf(start - 1)).toBe('2025-12');
  });

  it('adds and subtracts months over year boundaries', () => {
    expect(addWibMonths('2025-12', 1)).toBe('2026-01');
    expect(addWibMonths('2026-01', -1)).toBe('2025-12');
    expect(addWibMonths('2026-03', -5)).toBe('2025-10');
    expect(addWibMonths('2024-02', 24)).toBe('2026-02');
    expect(() => addWibMonths('2025-13', 1)).toThrow(RangeError);
  });

  it('lists the last n months oldest first, ending with the WIB month of the instant', () => {
    expect(lastWibMonths(utc('2026-02-10T00:00:00Z'), 6)).toEqual([
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    // 1 January 00:30 WIB: January already, though UTC still says December
    expect(lastWibMonths(utc('2025-12-31T17:30:00Z'), 3)).toEqual(['2025-11', '2025-12', '2026-01']);
  });

  it('reads a YYYY-MM month with its month counted 0–11, and nothing else', () => {
    expect(parseWibMonth('2025-01')).toEqual({ year: 2025, month: 0 });
    expect(parseWibMonth('2025-12')).toEqual({ year: 2025, month: 11 });
    for (const bad of ['2025-00', '2025-13', '2025-1', '2025-01-01', '']) expect(parseWibMonth(bad)).toBeNull();
  });
});
