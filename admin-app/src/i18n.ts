// The admin remote's texts: the 'admin' namespace, brought by the remote itself (shared-ui/src/i18n.ts).
import i18next from 'i18next';
import { registerMessages } from '@kelasku/shared-ui/src/i18n';

registerMessages('admin', (language) => import(`./locales/${language}.json`));
// Fetched now, in parallel with the screens' chunks, rather than when the first screen asks for it. (A standalone
// harness starts i18next after this module: then this does nothing and the first render loads it.)
void i18next.loadNamespaces('admin');
