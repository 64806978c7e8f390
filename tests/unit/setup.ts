import { afterEach } from 'vitest';

// Files in the node environment (`// @vitest-environment node`: pure logic, no DOM) have no
// document and need no React: they skip Testing Library's import, a quarter of such a file's time.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // waitFor polls, so a pass takes no longer; its limit is for a machine whose cores are all busy
  // (CI running several test projects at once), where a second was not always enough.
  configure({ asyncUtilTimeout: 5000 });
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
