import type { ReactElement } from 'react';
import { configure, fireEvent } from '@testing-library/react';
import { renderAt } from '@kelasku/shared-ui/src/test-utils';

// CI machines have two cores: give lazy screens and MUI transitions time before a findBy gives up.
configure({ asyncUtilTimeout: 5000 });

/**
 * Renders a screen at `path` inside the theme and a memory router. `from` puts an earlier entry in the
 * history so navigate(-1) has somewhere to go; the current location is readable via getByTestId('location').
 */
export const renderScreen = (ui: ReactElement, path: string, from?: string) => renderAt(ui, path, { from });

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
