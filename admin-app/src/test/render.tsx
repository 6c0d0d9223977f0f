import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { KelaskuThemeProvider } from '@kelasku/shared-ui';

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/** Renders `ui` at `path` (matching `pattern`, e.g. '/class/:id') inside the theme and a router. */
export function renderAt(ui: ReactElement, path = '/', pattern = '*') {
  return render(
    <KelaskuThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={<>{ui}<CurrentLocation /></>} />
        </Routes>
      </MemoryRouter>
    </KelaskuThemeProvider>,
  );
}

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
