import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/** Navigates to `href` `ms` after `done` turns true (the spec's post-success redirects). */
export function useRedirectAfter(done: boolean, href: string, ms: number) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(href), ms);
    return () => window.clearTimeout(timer);
  }, [done, href, ms, navigate]);
}
