import { registerMessages } from '@kelasku/shared-ui/src/i18n';

/** The monitor's texts: a namespace of their own, loaded with the screen. */
export const MONITOR_NS = 'exam-monitor';
registerMessages(MONITOR_NS, (language) => import(`./locales/${language}.json`));
