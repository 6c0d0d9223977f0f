import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * navigate(-1) as the spec asks, but a screen opened directly (no in-app history) goes to `fallback`
 * instead of leaving the app. BrowserRouter keeps its history index in history.state.idx.
 */
export function useGoBack(fallback = '/DashboardTeacher'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback]);
}
