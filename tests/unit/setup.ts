import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Files that run in the node environment (server-import) have no document.
  if (typeof document === 'undefined') return;
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
  // Drafts and outboxes live in localStorage: one test's pending send must not reach the next.
  localStorage.clear();
});
