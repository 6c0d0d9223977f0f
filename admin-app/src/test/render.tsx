import type { ReactElement } from 'react';
import { renderAt as renderInApp } from '@kelasku/shared-ui/src/test-utils';

/** Renders `ui` at `path` (matching `pattern`, e.g. '/class/:id') inside the theme and a router. */
export const renderAt = (ui: ReactElement, path = '/', pattern = '*') => renderInApp(ui, path, { pattern });

/** A promise the test settles by hand, to observe loading states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function meta(totalPage: number, page = 1) {
  return { page, pageSize: 15, total: totalPage * 15, totalPage, totalpages: totalPage };
}
