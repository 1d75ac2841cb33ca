import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';
import { preloadRoute } from '@/app/router';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first page's chunk loads while the server's page paints, so React's first commit is
// that page rather than a loading state (a task of its own, after this module's evaluation).
const firstPage = new Promise((resolve) => setTimeout(resolve, 0)).then(() => preloadRoute(window.location.pathname));

// A transition: React renders in slices, yielding to the browser every few milliseconds,
// instead of one long task (Lighthouse's Total Blocking Time).
const start = () =>
  void firstPage.finally(() =>
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );

// The server put the page's article in #root: let it and its images load and paint (the
// frame after load) before the app replaces it, so the page's largest paint is the server's.
const afterNextPaint = () => requestAnimationFrame(() => setTimeout(start, 0));
if (root.firstElementChild && document.readyState !== 'complete') {
  window.addEventListener('load', afterNextPaint, { once: true });
} else if (root.firstElementChild) {
  afterNextPaint();
} else {
  start();
}
