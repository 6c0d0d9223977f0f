import { getSignedInUser } from '@kelasku/shared-api/src/session';
import { warmStartRole } from './routing';
import { registerServiceWorker } from './sw/register';

// Async boundary: the shared react/react-dom are negotiated before any app code runs.
void import('./bootstrap');

// Signed in on a path the role's remote will show (or redirect from): start the remote's download right away.
const role = warmStartRole(window.location.pathname, getSignedInUser());
if (role)
  import('./warm-start').then(
    (m) => m.warmStart(role),
    () => undefined,
  );

registerServiceWorker();
