import { examStatus, formatWib, parseInstant, parseWindow, toMillis, WindowError } from './exam-window';

describe('parseInstant', () => {
  it.each([
    ['2025-06-29T08:00:00+07:00', '2025-06-29T01:00:00.000Z'],
    ['2025-06-29T08:00+07:00', '2025-06-29T01:00:00.000Z'],
    ['2025-06-29T01:00:00Z', '2025-06-29T01:00:00.000Z'],
    ['2025-06-29T01:00:00.5Z', '2025-06-29T01:00:00.500Z'],
    ['2025-06-28T20:00:00-05:00', '2025-06-29T01:00:00.000Z'],
    ['2025-06-29 08:00:00+07:00', '2025-06-29T01:00:00.000Z'],
  ])('%s is %s', (text, iso) => {
    expect(parseInstant(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '',
    '2025-06-29',
    '2025-06-29T08:00:00',
    '2025-02-30T08:00:00Z',
    '2025-13-01T08:00:00Z',
    '2025-06-29T24:00:00Z',
    'tomorrow',
  ])('rejects %j', (text) => expect(parseInstant(text)).toBeNull());
});

describe('formatWib', () => {
  it('serializes with the +07:00 offset, wall clock in WIB', () => {
    expect(formatWib(new Date('2025-06-29T01:00:00Z'))).toBe('2025-06-29T08:00:00+07:00');
    expect(formatWib('2025-06-29T20:30:15.000Z')).toBe('2025-06-30T03:30:15+07:00');
    expect(formatWib(parseInstant('2025-06-29T08:00:00+07:00')!)).toBe('2025-06-29T08:00:00+07:00');
  });

  it('gives each of many instants its own text, also past the bound of the texts it keeps', () => {
    const start = Date.UTC(2025, 0, 1);
    for (const round of [0, 1]) {
      for (let i = 0; i < 25_000; i += round + 1) {
        const ms = start + i * 61_001;
        expect(formatWib(ms)).toBe(`${new Date(ms + 7 * 3600_000).toISOString().slice(0, 19)}+07:00`);
      }
    }
  });
});

describe('toMillis', () => {
  // SQLite's stored form takes a shortcut past the RFC 3339 parser: the same instants, the same refusals.
  it.each([
    '2025-06-29T01:00:00.000Z',
    '2024-02-29T23:59:59.999Z',
    '1999-12-31T17:00:00.500Z',
    '2025-06-29T08:00:00+07:00',
    '2025-06-29T01:00:00Z',
  ])('reads %s as parseInstant does', (text) => expect(toMillis(text)).toBe(parseInstant(text)!.getTime()));

  it.each(['2025-06-29T01:00:60.000Z', '2025-0x-29T01:00:00.000Z', 'not an instant at all!!Z'])(
    'refuses %j',
    (text) => {
      expect(() => toMillis(text)).toThrow(RangeError);
    },
  );
});

describe('examStatus', () => {
  const start = '2025-06-29T08:00:00+07:00';
  const end = '2025-06-29T10:00:00+07:00';
  it('is Scheduled before, Active inside, Completed after', () => {
    expect(examStatus(start, end, new Date('2025-06-29T00:59:59Z'))).toBe('Scheduled');
    expect(examStatus(start, end, new Date('2025-06-29T01:00:00Z'))).toBe('Active');
    expect(examStatus(start, end, new Date('2025-06-29T03:00:00Z'))).toBe('Active');
    expect(examStatus(start, end, new Date('2025-06-29T03:00:01Z'))).toBe('Completed');
  });
  it('accepts Date values read from PostgreSQL', () => {
    expect(
      examStatus(new Date('2025-06-29T01:00:00Z'), new Date('2025-06-29T03:00:00Z'), new Date('2025-06-29T02:00:00Z')),
    ).toBe('Active');
  });
});

describe('parseWindow', () => {
  it('returns both instants', () => {
    const w = parseWindow('2025-06-29T08:00:00+07:00', '2025-06-29T10:00:00+07:00');
    expect(w.end.getTime() - w.start.getTime()).toBe(2 * 3600_000);
  });
  it.each([
    ['', '2025-06-29T10:00:00+07:00', 'start_time'],
    ['2025-06-29T08:00:00+07:00', 'x', 'end_time'],
    ['2025-06-29T10:00:00+07:00', '2025-06-29T10:00:00+07:00', 'end_time must be after start_time'],
    ['2025-06-29T10:00:00+07:00', '2025-06-29T09:00:00+07:00', 'end_time must be after start_time'],
    [undefined, undefined, 'required'],
  ])('rejects %j–%j', (s, e, message) => {
    expect(() => parseWindow(s, e)).toThrow(WindowError);
    expect(() => parseWindow(s, e)).toThrow(message);
  });
});

describe('parseWindow keeps exam times within the years 2000–2100', () => {
  it.each([
    ['2025-06-29T08:00:00+07:00', '9999-12-31T23:59:59-23:59', 'end_time'], // past year 9999 in UTC
    ['2025-06-29T08:00:00+07:00', '2101-01-01T07:00:00+07:00', 'end_time'],
    ['1999-12-31T23:59:59Z', '2025-06-29T10:00:00+07:00', 'start_time'],
    ['0001-01-01T00:00:00+23:59', '2025-06-29T10:00:00+07:00', 'start_time'], // before year 1 in UTC
  ])('rejects %s – %s with a plain message', (s, e, field) => {
    expect(() => parseWindow(s, e)).toThrow(WindowError);
    expect(() => parseWindow(s, e)).toThrow(new RegExp(`${field} .*between the years 2000 and 2100`));
  });
  it('accepts the first and the last instant of the range', () => {
    expect(() => parseWindow('2000-01-01T00:00:00Z', '2100-12-31T23:59:59Z')).not.toThrow();
  });
});
