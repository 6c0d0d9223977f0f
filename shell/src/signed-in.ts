// The part of the app behind sign-in (router, MUI, remote loading). Loaded on demand so the login page stays light;
// prefetched as soon as the user starts typing on the login form.
let pending: Promise<typeof import('./app/SignedInApp')> | null = null;

export function loadSignedInApp() {
  pending ??= import(/* webpackChunkName: "signed-in" */ './app/SignedInApp').catch((err: unknown) => {
    pending = null; // let a later attempt retry
    throw err;
  });
  return pending;
}

/** Warms the signed-in part and the API client while the user types; failures here are retried later. */
export function prefetchSignedIn(): void {
  loadSignedInApp().catch(() => {});
  import('@kelasku/shared-api').catch(() => {});
}
