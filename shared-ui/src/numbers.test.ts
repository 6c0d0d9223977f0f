import i18next from 'i18next';
import { formatNumber, formatScore } from './numbers';

describe('numbers in the active language', () => {
  it('keeps the decimal point in English', () => {
    expect([formatScore(85.5), formatScore(66.666), formatScore(100), formatScore(null), formatNumber(1250)]).toEqual([
      '85.5',
      '66.67',
      '100',
      '-',
      '1250',
    ]);
  });

  it('uses a decimal comma and thousands dots in Indonesian', async () => {
    await i18next.changeLanguage('id');
    expect([
      formatScore(85.5),
      formatScore(66.666),
      formatScore(100),
      formatScore(undefined),
      formatNumber(1250),
    ]).toEqual(['85,5', '66,67', '100', '-', '1.250']);
  });
});
