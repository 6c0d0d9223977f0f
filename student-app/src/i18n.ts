// The student remote's texts: the 'student' namespace, registered where the remote's App module is evaluated, so
// the remote deployed alone brings its own texts (shared-ui/src/i18n.ts). App.tsx preloads them itself, after the
// request of an exam opened directly.
import { registerMessages } from '@kelasku/shared-ui/src/i18n';

registerMessages('student', (language) => import(`./locales/${language}.json`));
