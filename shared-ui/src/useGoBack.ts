import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Back one screen (navigate(-1), as the spec asks), but a screen opened directly goes to `fallback` instead of
 * leaving the app. react-router names the first entry of this tab's history `location.key === 'default'` (public
 * API), so no router internals (history.state.idx) are read.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    // navigate's promise (data routers) settles when the next screen has loaded: nothing waits for it
    if (key !== 'default') void navigate(-1);
    else void navigate(fallback, { replace: true });
  }, [navigate, fallback, key]);
}
