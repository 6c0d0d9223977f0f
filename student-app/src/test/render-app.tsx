// The one remote-level render helper (screens use renderAt of shared-ui/src/test-utils). Kept apart from the
// fixtures: importing App starts loading the first screen's code, which only these tests want.
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { KelaskuThemeProvider } from '@kelasku/shared-ui/src/theme-provider';
import App from '../App';

/** The whole remote (its routes, menu, layout and its own data layer) at `path`, as the shell renders it. */
export const renderAppAt = (path: string) =>
  render(
    <KelaskuThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </KelaskuThemeProvider>,
  );
