import { act, render, renderHook, screen } from '@testing-library/react';
import { startTransition, Suspense, useEffect, type RefObject } from 'react';
import { useDraft, type Draft } from './drafts';

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

/** A form over the draft that suspends (a part still loading) while its title is `SUSPENDS`. */
const SUSPENDS = 'still loading';
function Form({ draftRef }: { draftRef: RefObject<Draft<{ title: string }> | null> }) {
  const draft = useDraft('edit-exam:5', { title: '' });
  useEffect(() => {
    draftRef.current = draft;
  });
  if (draft.values.title === SUSPENDS) throw new Promise(() => undefined);
  return <p>{draft.values.title}</p>;
}

it('keeps what the form showed, not a render React threw away (a suspended transition)', () => {
  const draftRef: RefObject<Draft<{ title: string }> | null> = { current: null };
  const view = render(
    <Suspense fallback="loading">
      <Form draftRef={draftRef} />
    </Suspense>,
  );
  act(() => draftRef.current!.setValues({ title: 'Kunci jawaban' }));
  // In a transition, a suspending render is not committed: the form on screen still shows the title before it.
  act(() => startTransition(() => draftRef.current!.setValues({ title: SUSPENDS })));
  expect(screen.getByText('Kunci jawaban')).toBeInTheDocument();
  view.unmount();
  expect(localStorage.getItem('kelasku:draft:7:edit-exam:5')).toBe('{"title":"Kunci jawaban"}');
});
