import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { KelaskuThemeProvider } from '@kelasku/shared-ui';

// MUI screens render slowly in jsdom on a shared 2-core machine: allow findBy* more time than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output data-testid="current-path">{pathname + search}</output>;
}

/** Renders `ui` at `path` inside the theme and a router; `pattern` lets route params (e.g. ':id') resolve. */
export function renderAt(ui: ReactElement, path = '/', pattern = '*') {
  return render(
    <KelaskuThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={<>{ui}<CurrentLocation /></>} />
          {pattern !== '*' && <Route path="*" element={<CurrentLocation />} />}
        </Routes>
      </MemoryRouter>
    </KelaskuThemeProvider>,
  );
}

/** Stores a signed-in student session as the shell would after login. */
export function signInStudent(studentId = 5, name = 'Siti Rahma') {
  localStorage.setItem('token', 'test.token.sig');
  localStorage.setItem(
    'userData',
    JSON.stringify({ user_id: 9, email: 's@x', role: 'student', display_name: name, exp: Date.now() / 1000 + 3600, student_id: studentId }),
  );
}
