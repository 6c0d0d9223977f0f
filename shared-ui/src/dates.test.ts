import { formatDateId, formatReplyTime, formatWibRange, formatWibTime } from './dates';

describe('date helpers', () => {
  it('formats reply times with Indonesian month names in WIB', () => {
    expect(formatReplyTime('2025-01-05T15:20:00+07:00')).toBe('3PM. Januari 5, 2025');
    expect(formatReplyTime('2025-08-17T02:00:00Z')).toBe('9AM. Agustus 17, 2025');
    expect(formatReplyTime('not a date')).toBe('-');
  });

  it('formats dates in the Indonesian locale and times in WIB', () => {
    expect(formatDateId('2025-01-05T23:30:00Z')).toBe('6 Januari 2025');
    expect(formatWibTime('2025-01-05T01:05:00Z')).toBe('08.05 WIB');
    expect(formatWibRange('2025-01-05T08:00:00+07:00', '2025-01-05T09:30:00+07:00')).toBe('08.00 - 09.30 WIB');
  });
});

it('builds each formatter once, however many times a list formats (with other options, a formatter of its own)', () => {
  const constructed = jest.spyOn(Intl, 'DateTimeFormat');
  for (let i = 0; i < 40; i++) {
    formatWibTime(Date.UTC(2025, 0, 5, 1, i));
    formatDateId(Date.UTC(2025, 0, i + 1));
    formatReplyTime(Date.UTC(2025, 0, 5, 8, i));
  }
  expect(formatDateId('2025-01-05T23:30:00Z', { month: 'short' })).toBe('6 Jan 2025');
  expect(constructed.mock.calls.length).toBeLessThanOrEqual(4);
  constructed.mockRestore();
});

describe('reply times in Indonesian', () => {
  it("reads '5 Januari 2025, 15.00 WIB'", async () => {
    const i18next = (await import('i18next')).default;
    await i18next.changeLanguage('id');
    expect(formatReplyTime('2025-01-05T08:00:00Z')).toBe('5 Januari 2025, 15.00 WIB');
  });
});
