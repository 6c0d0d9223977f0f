/**
 * Registers the service worker (service-worker.ts) in production builds. Once it runs, the files this first visit
 * loaded before the worker controlled the page are handed to it, so the next load works offline too.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const urls = performance.getEntriesByType('resource').map((entry) => entry.name);
        registration.active?.postMessage({ type: 'loaded-files', urls });
      })
      .catch(() => undefined); // without a worker the app works as before, only not offline
  });
}
