import { act, renderHook } from '@testing-library/react';
import { useDraft } from './drafts';

const user = { user_id: 7, role: 'teacher', display_name: 'Bu Sari', exp: 9999999999 };
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', 'a.b.c');
  localStorage.setItem('userData', JSON.stringify(user));
});

it("keeps a changed form as the signed-in user's draft", () => {
  const { result, unmount } = renderHook(() => useDraft('edit-exam:5', { title: '' }));
  act(() => result.current.setValues({ title: 'Kunci jawaban' }));
  unmount();
  expect(localStorage.getItem('kelasku:draft:7:edit-exam:5')).toBe('{"title":"Kunci jawaban"}');
});

it('writes nothing back when the form goes away after a sign-out wiped the drafts (shared computers)', () => {
  const { result, unmount } = renderHook(() => useDraft('edit-exam:5', { title: '' }));
  act(() => result.current.setValues({ title: 'Kunci jawaban' }));
  localStorage.clear(); // the sign-out's wipe, before the page leaves the form
  unmount();
  expect({ ...localStorage }).toEqual({});
});
