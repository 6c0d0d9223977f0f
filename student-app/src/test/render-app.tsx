// Kept apart from render.tsx: importing App starts loading the first screen's code, which only these tests want.
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { KelaskuThemeProvider } from '@kelasku/shared-ui/src/theme';
import App from '../App';

/** The whole remote (its routes, menu and layout) at `path`, as the shell renders it. */
export const renderAppAt = (path: string) =>
  render(
    <KelaskuThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </KelaskuThemeProvider>,
  );
