// The student remote's messages: the 'student' namespace (shared-ui/src/i18n.ts), registered where the remote's
// App module is evaluated, so the remote deployed alone brings its own texts.
import i18next from 'i18next';
import { registerMessages } from '@kelasku/shared-ui/src/i18n';

registerMessages('student', (language) => import(`./locales/${language}.json`));

/** Starts fetching the active language's messages now, alongside the first screen's code (App suspends until then). */
export function loadStudentMessages(): void {
  void i18next.loadNamespaces('student').catch(() => undefined);
}
