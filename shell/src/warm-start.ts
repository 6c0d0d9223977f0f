import type { Role } from '@kelasku/shared-api/src/session';
import { prefetchRemote } from './app/remote-prefetch';
import { loadRoleApp, remoteEntry } from './app/remotes';
import { loadSignedInApp } from './signed-in';

/** Runs `then` once the page has painted its first content, or at once where the browser does not report paints. */
export function afterFirstPaint(then: () => void): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    then();
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true }); // buffered: a paint that already happened is reported too
}

/**
 * A signed-in visitor who opens or reloads a page of their role: fetch the signed-in part and /remotes.json alongside
 * React, and the role's remote as soon as that part is in, instead of one after the other once the page has rendered
 * (on a phone's connection each step is a round trip). The screens that need them join these same loads; a failure
 * is shown (with Retry) by those screens, not here.
 *
 * The remote waits for the signed-in part: Module Federation gives a remote the shell's shared modules (React,
 * MUI…) once the shell has loaded them; started earlier, the remote downloaded its own copies (bench/pages.ts). Its
 * files are downloaded meanwhile, without running (prefetchRemote), from the first paint on: before it, they would
 * take bandwidth from what that paint needs.
 */
export function warmStart(role: Role): void {
  afterFirstPaint(() => {
    remoteEntry(role)
      .then(prefetchRemote)
      .catch(() => undefined);
  });
  loadSignedInApp()
    .then(() => loadRoleApp(role))
    .catch(() => undefined);
}
