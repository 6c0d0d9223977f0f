import i18next from 'i18next';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE_PX } from '@kelasku/shared-rules/src/pictures';
import { PictureError } from '@kelasku/shared-rules/src/picture-upload';
import { formatNumber } from '@kelasku/shared-ui/src/numbers';
import { currentLanguage } from '@kelasku/shared-ui/src/i18n';

/**
 * What to tell the teacher when a picture cannot be used (subject editor, question image): in English shared-rules'
 * own sentence (it names the picture's size), in Indonesian the message of its reason.
 */
export function pictureErrorText(err: unknown): string {
  if (!(err instanceof PictureError)) return i18next.t('teacher:subjects.picture.readFailed');
  if (currentLanguage() === 'en') return err.message;
  if (err.reason === 'not-a-picture') return i18next.t('teacher:subjects.picture.notAPicture');
  if (err.reason === 'too-large') {
    return i18next.t('teacher:subjects.picture.tooLarge', {
      max: `${formatNumber(MAX_IMAGE_BYTES / 1_000_000, 1)} MB`,
    });
  }
  if (err.reason === 'too-many-pixels')
    return i18next.t('teacher:subjects.picture.tooManyPixels', { max: formatNumber(MAX_IMAGE_SIDE_PX) });
  return i18next.t('teacher:subjects.picture.unreadable');
}
