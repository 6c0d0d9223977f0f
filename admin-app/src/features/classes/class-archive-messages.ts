import { registerMessages } from '@kelasku/shared-ui/src/i18n';

/** The delete dialog's and the archived list's texts: their own namespace, loaded with them (never on the first screen). */
export const CLASS_ARCHIVE_NS = 'classArchive';
registerMessages(CLASS_ARCHIVE_NS, (language) => import(`./locales/${language}.json`));
