import { afterEach } from 'vitest';

// Files in the node environment (`// @vitest-environment node`: pure logic, no DOM) have no
// document and need no React: they skip Testing Library's import, a quarter of such a file's time.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('lang');
    // Drafts and outboxes live in localStorage: one test's pending send must not reach the next.
    localStorage.clear();
    // A catalogue keeps its page in the history entry (a new page load has its own): each test starts with none.
    history.replaceState(null, '');
  });
}
