import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Goes back one screen, or to `fallback` when the page was opened directly (no earlier entry in this app).
 * react-router keeps the history index in `history.state.idx`.
 */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
