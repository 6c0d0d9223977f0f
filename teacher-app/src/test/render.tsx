import type { ReactElement } from 'react';
import { configure, fireEvent, render } from '@testing-library/react';

// CI machines have two cores: give lazy screens and MUI transitions time before a findBy gives up.
configure({ asyncUtilTimeout: 5000 });
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { KelaskuThemeProvider } from '@kelasku/shared-ui';

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * Renders a screen at `path` inside the theme and a memory router. `from` puts an earlier entry in the
 * history so navigate(-1) has somewhere to go; the current location is readable via getByTestId('location').
 */
export function renderScreen(ui: ReactElement, path: string, from?: string) {
  return render(
    <KelaskuThemeProvider>
      <MemoryRouter initialEntries={from ? [from, path] : [path]} initialIndex={from ? 1 : 0}>
        <Routes>
          <Route path="*" element={<>{ui}<CurrentLocation /></>} />
        </Routes>
      </MemoryRouter>
    </KelaskuThemeProvider>,
  );
}

/** A stored teacher session, as the shell leaves it after login. */
export function signInAsTeacher(overrides: Record<string, unknown> = {}) {
  const user = { user_id: 2, email: 't@x', role: 'teacher', display_name: 'Bu Sari', exp: Math.floor(Date.now() / 1000) + 3600, teacher_id: 7, ...overrides };
  localStorage.setItem('token', 'header.payload.sig');
  localStorage.setItem('userData', JSON.stringify(user));
  return user;
}

/** Sets a text field's value in one change event (user-event typing is slow under jsdom with MUI). */
export function fill(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}
