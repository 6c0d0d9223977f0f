import i18next from 'i18next';
import { errorText } from './error-text';

describe('errorText', () => {
  it('keeps the English words in English', () => {
    expect(errorText('validation-required', { field: 'nis' }, 'nis is required')).toBe('nis is required');
  });

  it('translates by code in Indonesian, naming the field in Indonesian', async () => {
    await i18next.changeLanguage('id');
    expect(errorText('validation-required', { field: 'start_time' }, 'Start time is required.')).toBe(
      'Waktu mulai wajib diisi.',
    );
    expect(errorText('import-nis-repeated', { nis: '2024001', first: 3 }, 'x')).toBe(
      'NIS 2024001 muncul lagi (pertama kali di baris 3).',
    );
    expect(errorText('record-not-found', { what: 'class' }, 'class not found')).toBe('Kelas tidak ditemukan.');
  });

  it('falls back to the English words for a code it does not know, or none', async () => {
    await i18next.changeLanguage('id');
    expect(errorText('some-future-code', {}, 'Something new')).toBe('Something new');
    expect(errorText(undefined, undefined, 'Plain')).toBe('Plain');
  });
});
