import { createRoot } from 'react-dom/client';
import { registerMessages, startI18n } from '@kelasku/shared-ui/src/i18n';
import { Root } from './Root';
import { deliverSealedAnswersOnLoad } from './deliver-sealed';

registerMessages('shell', (language) => import(`./locales/${language}.json`));
// The active language's messages load while React starts; the login page waits for them (the prerendered form
// stays on screen meanwhile).
void startI18n();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
createRoot(container).render(<Root />);
deliverSealedAnswersOnLoad();
