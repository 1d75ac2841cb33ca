import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import { preloadRoute } from '@/app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first page's chunk loads while the server's page paints, so React's first commit is
// that page rather than a loading state (a task of its own, after this module's evaluation).
const firstPage = new Promise((resolve) => setTimeout(resolve, 0)).then(() => preloadRoute(window.location.pathname));

// public/boot.js loads this module once the server's page has painted (or at the reader's first
// interaction): React renders at once. A transition: React renders in slices, yielding to the
// browser every few milliseconds, instead of one long task (Lighthouse's Total Blocking Time).
void firstPage.finally(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
