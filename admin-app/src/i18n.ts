// The admin remote's texts: the 'admin' namespace, registered where the remote's App module is evaluated, so the
// remote deployed alone brings its own texts (shared-ui/src/i18n.ts).
import { preloadMessages, registerMessages } from '@kelasku/shared-ui/src/i18n';

registerMessages('admin', (language) => import(`./locales/${language}.json`));
preloadMessages('admin');
