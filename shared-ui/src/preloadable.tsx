import { createElement, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A code-split component that renders at once when its code is already loaded. React.lazy suspends on its first
 * render even then, and a Suspense boundary that showed its fallback holds the content back for 300 ms
 * (React's FALLBACK_THROTTLE_MS): on a reload that cost the exam page about 600 ms. Imported by path
 * ('@kelasku/shared-ui/src/preloadable', shared per module like every shared-ui path: webpack/federation.ts).
 */
export interface PreloadableComponent<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Starts loading (once; again after a failure). */
  preload(): Promise<void>;
  isLoaded(): boolean;
}

/** Loads a component's code (e.g. `() => import('./Page').then((m) => m.Page)`). */
export interface ComponentLoader<P extends object> {
  (): Promise<ComponentType<P>>;
}

export function preloadable<P extends object>(load: ComponentLoader<P>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchComponent = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // a later preload() tries again (React.lazy keeps its own failure)
        throw error;
      },
    ));
  const Lazy = lazy(() => fetchComponent().then((component) => ({ default: component })));
  const Component = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(Component, {
    preload: () => fetchComponent().then(() => undefined),
    isLoaded: () => loaded !== undefined,
  });
}

/**
 * False until `component` (when given) has loaded or failed: render a plain loading state meanwhile instead of
 * letting it suspend, so no Suspense fallback (and its 300 ms hold) is involved on the first screen. After a failure
 * it turns true too: the component then fails to load again inside the caller's error boundary, which shows it.
 */
export function usePreloaded(component: PreloadableComponent<never> | undefined): boolean {
  const [settled, setSettled] = useState<PreloadableComponent<never> | undefined>(undefined);
  const ready = !component || component.isLoaded() || settled === component;
  useEffect(() => {
    // Decided by what this render saw: the code may have arrived since (between render and effect), and only a
    // state change renders again.
    if (ready || !component) return;
    let current = true;
    const done = () => current && setSettled(() => component);
    component.preload().then(done, done);
    return () => {
      current = false;
    };
  }, [component, ready]);
  return ready;
}

/**
 * The <Suspense> around an app's screens, with the first screen waited for outside it (usePreloaded): `fallback`
 * until that code is in, then `children`, whose later screens suspend as usual.
 */
export function SuspenseAfterFirstScreen({
  first,
  fallback,
  children,
}: {
  first: PreloadableComponent<never> | undefined;
  fallback: ReactNode;
  children: ReactNode;
}) {
  const ready = usePreloaded(first);
  return <Suspense fallback={fallback}>{ready ? children : fallback}</Suspense>;
}
