import { useState, type ReactElement, type ReactNode } from 'react';
import { fireEvent, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { KelaskuThemeProvider } from './theme-provider';
import { createQueryClient, DataProvider } from './data';

// The one test-utilities module of every web package (imported by tests only: never bundled). A remote's own
// src/test/ holds only its fixtures (a stored session, sample data).

function CurrentLocation({ testId, withSearch }: { testId: string; withSearch: boolean }) {
  const { pathname, search } = useLocation();
  return <output data-testid={testId}>{withSearch ? pathname + search : pathname}</output>;
}

export interface RouterOptions {
  /** A route pattern (e.g. '/class/:id') so that route params resolve; other paths show only the location. */
  pattern?: string;
  /** An earlier history entry, so that navigate(-1) has somewhere to go. */
  from?: string;
  /** The test id of the element that shows the current location. */
  locationTestId?: string;
  /** Whether the shown location includes the query string. */
  withSearch?: boolean;
}

/** A fresh query cache per rendered test, reads never retried (a test's failure shows at once). */
export function TestDataProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => createQueryClient({ retry: false }));
  return <DataProvider client={client}>{children}</DataProvider>;
}

/**
 * Renders `ui` at `path` inside the theme, the data layer and a memory router. `pattern` (e.g. '/class/:id') lets
 * route params resolve; `from` puts an earlier entry in the history so navigate(-1) has somewhere to go; the current
 * location is readable via getByTestId('location').
 */
export function renderAt(
  ui: ReactElement,
  path = '/',
  { pattern = '*', from, locationTestId = 'location', withSearch = true }: RouterOptions = {},
) {
  const location = <CurrentLocation testId={locationTestId} withSearch={withSearch} />;
  return render(
    <KelaskuThemeProvider>
      <TestDataProvider>
        <MemoryRouter initialEntries={from ? [from, path] : [path]} initialIndex={from ? 1 : 0}>
          <Routes>
            <Route
              path={pattern}
              element={
                <>
                  {ui}
                  {location}
                </>
              }
            />
            {pattern !== '*' && <Route path="*" element={location} />}
          </Routes>
        </MemoryRouter>
      </TestDataProvider>
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

/** Sets a text field's value in one change event (user-event typing is slow under jsdom with MUI). */
export function fill(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

/** Makes MUI's useMediaQuery see a viewport of `width` px. */
export function setViewportWidth(width: number) {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  };
}

/**
 * Lets @mui/x-charts draw under jsdom, which lays nothing out: an element whose computed width or height is not in px gets
 * `width` × `height` px, which x-charts reads as its container's size. Returns the spy (restore it after).
 */
export function giveChartsASize(width = 600, height = 300) {
  const computed = window.getComputedStyle.bind(window);
  return jest.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
    const style = computed(element, pseudo);
    // jsdom gives back what the styles say ('100%', '') instead of a laid-out size.
    if (!style.width.endsWith('px')) style.width = `${width}px`;
    if (!style.height.endsWith('px')) style.height = `${height}px`;
    return style;
  });
}

/**
 * jsdom's `performance` has no User Timing: Node's marks stand in, so a test can read the marks a screen sets
 * (the usable mark, shared-rules/src/usable-mark.ts). Call at the top of a test file: the marks are cleared before
 * each test and after the last one, since Node's are shared by every test file the same Jest worker runs next.
 */
export function withUserTiming(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { performance: node } = require('node:perf_hooks') as typeof import('node:perf_hooks');
  beforeEach(() => {
    const page = performance as unknown as Record<string, unknown>;
    for (const name of ['mark', 'getEntriesByName', 'clearMarks'] as const) page[name] = node[name].bind(node);
    node.clearMarks();
  });
  afterAll(() => node.clearMarks());
}
