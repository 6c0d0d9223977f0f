import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * navigate(-1) as the spec asks, but a screen opened directly (the first entry of this tab, location.key
 * 'default') goes to `fallback` instead of leaving the app.
 */
export function useGoBack(fallback = '/DashboardTeacher'): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key !== 'default') navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, fallback, key]);
}
