// The teacher remote's messages (namespace 'teacher'), registered where the remote's App module is evaluated: the
// shell and the standalone dev page both import App, so a remote deployed alone brings its own texts.
import i18next from 'i18next';
import { registerMessages } from '@kelasku/shared-ui/src/i18n';

registerMessages('teacher', (language) => import(`./locales/${language}.json`));

// Start fetching the active language's file now, in parallel with the first screen's code (the shell has started
// i18next by the time a remote loads; the dev page starts it just after importing App).
const load = () => void i18next.loadNamespaces('teacher');
if (i18next.isInitialized) load();
else i18next.on('initialized', load);
