import { formatDateId, formatReplyTime, formatWibRange, formatWibTime } from './dates';

describe('date helpers', () => {
  it('formats reply times with Indonesian month names in WIB', () => {
    expect(formatReplyTime('2025-01-05T15:20:00+07:00')).toBe('3PM. Januari 5, 2025');
    expect(formatReplyTime('2025-08-17T02:00:00Z')).toBe('9AM. Agustus 17, 2025');
    expect(formatReplyTime('not a date')).toBe('-');
  });

  it('formats dates in the Indonesian locale and times in WIB', () => {
    expect(formatDateId('2025-01-05T23:30:00Z')).toBe('6 Januari 2025');
    expect(formatDateId('2025-01-05T23:30:00Z', { weekday: true })).toBe('Senin, 6 Januari 2025');
    expect(formatWibTime('2025-01-05T01:05:00Z')).toBe('08.05 WIB');
    expect(formatWibRange('2025-01-05T08:00:00+07:00', '2025-01-05T09:30:00+07:00')).toBe('08.00 - 09.30 WIB');
  });
});

// The browser's own formatter with the Asia/Jakarta zone is the reference; the helpers must write exactly what it
// writes (in English, the hour with AM/PM as Intl gives it), for instants across years, months, days and hours.
const intl = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Jakarta', ...options });
const instants = Array.from({ length: 400 }, (_, i) =>
  Date.UTC(1999 + (i % 40), i % 12, 1 + ((i * 7) % 28), (i * 5) % 24, (i * 13) % 60),
);

it('writes dates and WIB times exactly as Intl does with the Asia/Jakarta zone', () => {
  const dateId = intl('id-ID', { day: 'numeric', month: 'long', year: 'numeric' });
  const dateWithWeekday = intl('id-ID', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
  const time = intl('id-ID', { hour: '2-digit', minute: '2-digit', hour12: false });
  const reply = intl('en-US', { hour: 'numeric', hour12: true });
  for (const ms of instants) {
    expect([ms, formatDateId(ms)]).toEqual([ms, dateId.format(ms)]);
    expect([ms, formatDateId(ms, { weekday: true })]).toEqual([ms, dateWithWeekday.format(ms)]);
    expect([ms, formatWibTime(ms)]).toEqual([ms, `${time.format(ms)} WIB`]);
    expect([ms, formatReplyTime(ms).split('.')[0]]).toEqual([ms, reply.format(ms).replace(' ', '')]);
  }
  expect(formatDateId('not a date', { weekday: true })).toBe('-');
});

describe('reply times in Indonesian', () => {
  it("reads '5 Januari 2025, 15.00 WIB'", async () => {
    const i18next = (await import('i18next')).default;
    await i18next.changeLanguage('id');
    expect(formatReplyTime('2025-01-05T08:00:00Z')).toBe('5 Januari 2025, 15.00 WIB');
  });
});
