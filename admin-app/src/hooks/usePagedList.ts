import { useState } from 'react';
import { errorMessage, fieldError } from '@kelasku/shared-api';
import { useLoad } from './useLoad';
import { usePageParam } from './usePageParam';

/** 'Failed to …' plus the server's reason when it gave one. */
export function failureText(base: string, err: unknown): string {
  const reason = errorMessage(err);
  return reason ? `${base}: ${reason}` : base;
}

/** A form's failure the server tied to one field: its reason goes next to that field, `failed` stays above the actions. */
export interface FieldFailure {
  field: string;
  message: string;
  failed: string;
}

/**
 * A list page kept in the URL (?page=) and loaded for it, with what the add/edit dialog and the delete
 * confirmation around such a list share: one busy flag and the failure texts of the form and of the page.
 * `key` names the other inputs of `load` (it reloads when they change); `rowCount` counts the loaded page's rows.
 */
export function usePagedList<L>(load: (page: number) => Promise<L>, key: string, rowCount: (data: L) => number) {
  const [page, setPage] = usePageParam();
  const list = useLoad(() => load(page), `${page}:${key}`);
  const [busy, setBusy] = useState(false);
  const [formFailure, setFormFailure] = useState<string | null>(null);
  const [pageFailure, setPageFailure] = useState<string | null>(null);
  const [formFieldFailure, setFormFieldFailure] = useState<FieldFailure | null>(null);

  /** Runs a dialog's action with the busy flag up; a failure shows `failed` (and the reason) on the form or the page. */
  const attempt = async (on: 'form' | 'page', failed: string, action: () => Promise<void>, finish?: () => void) => {
    const setFailure = on === 'form' ? setFormFailure : setPageFailure;
    setBusy(true);
    setFailure(null);
    if (on === 'form') setFormFieldFailure(null);
    try {
      await action();
    } catch (err) {
      setFailure(failureText(failed, err));
      const { field, message } = fieldError(err);
      if (on === 'form' && field && message) setFormFieldFailure({ field, message, failed });
    } finally {
      finish?.();
      setBusy(false);
    }
  };

  /** After a delete: removing the last row of a later page moves back one page instead of showing an empty one. */
  const showAfterDelete = () => {
    if (list.data !== undefined && rowCount(list.data) === 1 && page > 1) setPage(page - 1);
    else list.reload();
  };

  return { page, setPage, list, busy, formFailure, setFormFailure, formFieldFailure, pageFailure, setPageFailure, attempt, showAfterDelete };
}
