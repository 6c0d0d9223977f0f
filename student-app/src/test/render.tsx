import type { ReactElement } from 'react';
import { configure } from '@testing-library/react';
import { renderAt as renderInApp } from '@kelasku/shared-ui/src/test-utils';

// MUI screens render slowly in jsdom on a shared 2-core machine: allow findBy* more time than the 1 s default.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

/** Renders `ui` at `path` inside the theme and a router; `pattern` lets route params (e.g. ':id') resolve. */
export const renderAt = (ui: ReactElement, path = '/', pattern = '*') => renderInApp(ui, path, { pattern });

/** Stores a signed-in student session as the shell would after login. */
export function signInStudent(studentId = 5, name = 'Siti Rahma') {
  localStorage.setItem('token', 'test.token.sig');
  localStorage.setItem(
    'userData',
    JSON.stringify({ user_id: 9, email: 's@x', role: 'student', display_name: name, exp: Date.now() / 1000 + 3600, student_id: studentId }),
  );
}
