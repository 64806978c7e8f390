// The contact popup's code (contact.ts: validation, delivery, the draft) waits for the visitor, as
// the widgets' code does (packages/element/src/loader.ts): imported at start it cost the values
// page 28–41 ms of blocking time in Lighthouse (issue 18), for a popup most readers never open.
// Nothing can be typed before it runs (the popup opens only through it), and a press on the open
// button that comes before it is held and replayed, so the first click still opens the popup.

/** The visitor's first moves on the open button: any of them imports the popup's code. */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** The popup's draft and outbox keys on the page at `path` (like the widgets': obra:<what>:<path>); contact.ts stores under them. */
export const contactKeys = (path: string) => ({ draft: `obra:contact:${path}`, outbox: `obra:outbox:contact:${path}` });

/** Whether this page's storage holds the popup's draft or a message still to send. */
function hasStoredContact(doc: Document): boolean {
  try {
    const storage = doc.defaultView?.localStorage;
    return Object.values(contactKeys(doc.location.pathname)).some((key) => storage?.getItem(key) != null);
  } catch {
    // No storage (sandboxed frame, cookies off): no draft either.
    return false;
  }
}

/**
 * Runs the popup's code (`load` imports it and gives back its set-up function) on the first
 * pointer, touch, focus or key on `[data-contact-open]`, or at once when the page's storage holds
 * its draft or outbox (the draft comes back, the pending message is sent, without waiting).
 * A click on the button before the code has run is held and replayed once it has.
 */
export function enhanceContactOnIntent(doc: Document, load: () => Promise<(doc: Document) => void>): void {
  const opener = doc.querySelector<HTMLElement>('[data-contact-open]');
  let loading: Promise<void> | undefined;
  let held = false;
  const start = () => {
    for (const type of INTENT_EVENTS) opener?.removeEventListener(type, start, true);
    loading ??= load().then(
      (enhance) => {
        opener?.removeEventListener('click', hold, true);
        enhance(doc);
        if (held) opener?.click();
        held = false;
      },
      // A failed import (a lost network): the next press tries again.
      () => (loading = undefined),
    );
  };
  const hold = (event: Event) => {
    event.stopImmediatePropagation();
    held = true;
    start();
  };
  opener?.addEventListener('click', hold, true);
  for (const type of INTENT_EVENTS) opener?.addEventListener(type, start, { capture: true, passive: true });
  // In a task of its own: the page's first localStorage read waits for the browser's storage,
  // which must not lengthen the start-up task.
  setTimeout(() => hasStoredContact(doc) && start());
}
