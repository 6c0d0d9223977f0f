import i18next from 'i18next';
import { MAX_IMAGE_BYTES, MAX_IMAGE_LABEL } from '@kelasku/shared-rules/src/pictures';
import { PictureError } from '@kelasku/shared-rules/src/picture-upload';
import { formatNumber } from '@kelasku/shared-ui/src/numbers';
import { currentLanguage } from '@kelasku/shared-ui/src/i18n';

/**
 * What to tell the teacher when a picture cannot be used (subject editor, question image). shared-rules' PictureError
 * carries an English sentence only: English shows it as it is (it names the picture's size); Indonesian names the
 * reason, told apart by the file's type and by the limit the size sentence quotes.
 */
export function pictureErrorText(err: unknown, file: File): string {
  if (!(err instanceof PictureError)) return i18next.t('teacher:subjects.picture.readFailed');
  if (currentLanguage() === 'en') return err.message;
  if (!file.type.startsWith('image/')) return i18next.t('teacher:subjects.picture.notAPicture');
  if (err.message.includes(MAX_IMAGE_LABEL)) {
    return i18next.t('teacher:subjects.picture.tooLarge', { max: `${formatNumber(MAX_IMAGE_BYTES / 1_000_000, 1)} MB` });
  }
  return i18next.t('teacher:subjects.picture.unreadable');
}
