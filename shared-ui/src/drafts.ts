import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import i18next from 'i18next';
import { getUserData } from '@kelasku/shared-api';
import { preloadSignOutWarning } from '@kelasku/shared-ui/src/unsent-work'; // the shared copy: see RoleLayout.tsx

/**
 * Writing is never lost: a form's values are kept on the device while they differ from what was loaded, restored
 * when the user comes back to the same form, and dropped once saved. Kept per signed-in user, so somebody else
 * signing in on a shared device never sees them.
 */
const storageKey = (form: string) => `kelasku:draft:${getUserData()?.user_id ?? 'anonymous'}:${form}`;

function readDraft<T>(form: string): T | null {
  try {
    const raw = localStorage.getItem(storageKey(form));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export interface Draft<T> {
  values: T;
  setValues: (update: T | ((current: T) => T)) => void;
  /** The values differ from what the form started with. */
  dirty: boolean;
  /** The values came from a draft left earlier. */
  restored: boolean;
  /** Back to what the form started with, draft dropped. */
  discard: () => void;
  /** Saved: the draft is dropped (call when the save succeeded). */
  clear: () => void;
}

/** `form` names the form and what it edits, e.g. `edit-exercise:12`. */
export function useDraft<T>(form: string, initial: T): Draft<T> {
  useEffect(preloadSignOutWarning, []); // a draft is unsent work: sign-out must be able to warn, even offline
  const [start] = useState(() => JSON.stringify(initial));
  const [restored, setRestored] = useState(() => readDraft<T>(form) !== null);
  const [values, setValuesState] = useState<T>(() => readDraft<T>(form) ?? initial);
  const dirty = JSON.stringify(values) !== start;

  // What the form shows now, for the writes below (a timer, the page going away): taken when a render is committed,
  // never during one, so a render React throws away (a suspended transition) never reaches the device.
  const latest = useRef({ values, dirty });
  useLayoutEffect(() => {
    latest.current = { values, dirty };
  }, [values, dirty]);
  /** After a save nothing is written again until the user changes something. */
  const saved = useRef(false);

  const write = useCallback(() => {
    // Signed out meanwhile (the form unmounts after the sign-out wiped the drafts): nothing is written back.
    if (saved.current || !getUserData()) return;
    try {
      if (latest.current.dirty) localStorage.setItem(storageKey(form), JSON.stringify(latest.current.values));
      else localStorage.removeItem(storageKey(form));
    } catch {
      // storage full or unavailable: the form still works, only without a draft
    }
  }, [form]);

  // Pictures make values large: write after a pause in typing, and at once when the page or the form goes away.
  useEffect(() => {
    const timer = setTimeout(write, 400);
    return () => clearTimeout(timer);
  }, [values, write]);
  useEffect(() => {
    window.addEventListener('pagehide', write);
    return () => {
      window.removeEventListener('pagehide', write);
      write();
    };
  }, [write]);

  const setValues = useCallback((update: T | ((current: T) => T)) => {
    saved.current = false;
    setValuesState(update);
  }, []);
  const clear = useCallback(() => {
    saved.current = true;
    localStorage.removeItem(storageKey(form));
    setRestored(false);
  }, [form]);
  const discard = useCallback(() => {
    clear();
    saved.current = false;
    setValuesState(JSON.parse(start) as T);
  }, [clear, start]);

  return { values, setValues, dirty, restored, discard, clear };
}

/**
 * The leave question's English text, for tests that compare with it. The page asks it in the active language
 * ('common:drafts.leaveWarning').
 */
export const LEAVE_WARNING =
  'Leave this page? Your changes are not saved yet (they are kept on this device as a draft).';

/**
 * While `active`, leaving asks first: closing or reloading the tab (the browser's own question) and following a link
 * inside the app (sidebar, breadcrumbs). `message` replaces the usual question.
 */
export function useLeaveWarning(active: boolean, message?: string): void {
  useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const linkClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      if (link.getAttribute('target') === '_blank' || link.hasAttribute('download')) return;
      if (!window.confirm(message ?? i18next.t('common:drafts.leaveWarning'))) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', linkClick, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', linkClick, true);
    };
  }, [active, message]);
}
