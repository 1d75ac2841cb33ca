import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const start = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
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
