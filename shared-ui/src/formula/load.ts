import { useEffect, useState } from 'react';

/** What the KaTeX chunk offers (katex-render.ts). */
export type FormulaRenderer = typeof import('./katex-render');

let renderer: FormulaRenderer | null = null;
let loading: Promise<FormulaRenderer> | null = null;

/** Loads KaTeX (with its CSS and fonts) once; a failed load is tried again by the next caller. */
export function loadFormulaRenderer(): Promise<FormulaRenderer> {
  if (renderer) return Promise.resolve(renderer);
  loading ??= import(/* webpackChunkName: "katex" */ './katex-render').then(
    (mod) => (renderer = mod),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * KaTeX when `needed` (loading it on first need), else null. Until it is there — or when it cannot load, e.g.
 * offline — callers show the LaTeX as typed.
 */
export function useFormulaRenderer(needed: boolean): FormulaRenderer | null {
  const [loaded, setLoaded] = useState<FormulaRenderer | null>(() => renderer);
  useEffect(() => {
    if (!needed || loaded) return undefined;
    let current = true;
    loadFormulaRenderer().then(
      (r) => current && setLoaded(r),
      (err: unknown) => console.error('Loading the formula renderer failed:', err),
    );
    return () => {
      current = false;
    };
  }, [needed, loaded]);
  return needed ? loaded : null;
}
