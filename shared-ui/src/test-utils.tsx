import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { KelaskuThemeProvider } from './theme';

function CurrentPath() {
  return <output data-testid="current-path">{useLocation().pathname}</output>;
}

/** Renders inside the theme and a router at `path`, with the current path visible for assertions. */
export function renderAt(ui: ReactElement, path = '/') {
  return render(
    <KelaskuThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<>{ui}<CurrentPath /></>} />
        </Routes>
      </MemoryRouter>
    </KelaskuThemeProvider>,
  );
}

/** Makes MUI's useMediaQuery see a viewport of `width` px. */
export function setViewportWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches, media: query, onchange: null,
      addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
    };
  }) as typeof window.matchMedia;
}
