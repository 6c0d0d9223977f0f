import { useState } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { errorMessage, fieldError } from '@kelasku/shared-api';
import { usePageParam } from '@kelasku/shared-ui/src/usePageParam';

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
 * A list page kept in the URL (?page=) and read for it (`query`: the read of one page), with what the add/edit
 * dialog and the delete confirmation around such a list share: the failure texts of the form and of the page. The
 * writes are mutations that invalidate the list's reads (and whose isPending disables the dialogs' buttons);
 * `rowCount` counts the shown page's rows.
 */
export function usePagedList<L, K extends QueryKey>(
  query: (page: number) => UseQueryOptions<L, Error, L, K>,
  rowCount: (data: L) => number,
) {
  const [page, setPage] = usePageParam();
  const list = useQuery(query(page));
  const [formFailure, setFormFailure] = useState<string | null>(null);
  const [pageFailure, setPageFailure] = useState<string | null>(null);
  const [formFieldFailure, setFormFieldFailure] = useState<FieldFailure | null>(null);

  /** Runs a dialog's action (a mutation); a failure shows `failed` (and the reason) on the form or the page. */
  const attempt = async (on: 'form' | 'page', failed: string, action: () => Promise<void>, finish?: () => void) => {
    const setFailure = on === 'form' ? setFormFailure : setPageFailure;
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
    }
  };

  /** After a delete: removing the last row of a later page moves back one page instead of showing an empty one. */
  const showAfterDelete = () => {
    if (list.data !== undefined && rowCount(list.data) === 1 && page > 1) setPage(page - 1);
  };

  return {
    page,
    setPage,
    list,
    formFailure,
    setFormFailure,
    formFieldFailure,
    pageFailure,
    setPageFailure,
    attempt,
    showAfterDelete,
  };
}
