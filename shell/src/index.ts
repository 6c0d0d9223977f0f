import { getUserData, roleOf, roleOfPath } from '@kelasku/shared-api/src/session';

// Async boundary: the shared react/react-dom are negotiated before any app code runs.
import('./bootstrap');

// Signed in and on a page of one's own role (or `/`, which leads there): start the remote's download right away.
const user = getUserData();
const pathname = window.location.pathname;
if (user && (pathname === '/' || roleOfPath(pathname) === roleOf(user))) {
  const role = roleOf(user);
  import('./warm-start').then((m) => m.warmStart(role), () => undefined);
}
