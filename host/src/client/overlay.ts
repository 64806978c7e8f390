// Home's floating notice and the full-screen design-form overlay (docs/contributors/behaviour.md#home): a native
// <dialog> in the top layer, body scroll locked while open, Esc closes, focus back on the opener.
import { lockScroll } from './scroll-lock.ts';

/** The sessionStorage key that remembers a dismissed notice (the page's inline script reads it too). */
export const NOTICE_DISMISSED = 'obra:notice-dismissed';
/** The root's class while the notice is dismissed: the content then takes the notice's column. */
export const DISMISSED_CLASS = 'notice-dismissed';

/**
 * Wires the notice and the overlay. `load` imports the widget loader: it is called on the first
 * open only, so the home page downloads the design form when a visitor asks for it.
 */
export function enhanceOverlay(doc: Document, load: () => unknown): void {
  const notice = doc.querySelector<HTMLElement>('[data-notice]');
  const dialog = doc.querySelector<HTMLDialogElement>('[data-overlay]');
  const body = dialog?.querySelector<HTMLElement>('[data-overlay-body]');
  if (!notice || !dialog || !body) return;
  let unlock: (() => void) | undefined;
  let opener: HTMLElement | null = null;
  // Dismissed stays dismissed for the rest of the visit (the tab's session), on every home page.
  const session = (() => {
    try {
      return doc.defaultView?.sessionStorage;
    } catch {
      return undefined;
    }
  })();
  if (session?.getItem(NOTICE_DISMISSED) === '1') notice.hidden = true;
  doc.querySelector('[data-notice-dismiss]')?.addEventListener('click', () => {
    notice.hidden = true;
    doc.documentElement.classList.add(DISMISSED_CLASS);
    try {
      session?.setItem(NOTICE_DISMISSED, '1');
    } catch {}
  });
  doc.querySelector('[data-overlay-open]')?.addEventListener('click', (event) => {
    opener = event.currentTarget as HTMLElement;
    if (!body.firstElementChild) {
      body.append(doc.createElement('obra-design-form'));
      load();
    }
    unlock = lockScroll(doc);
    dialog.showModal();
  });
  dialog.querySelector('[data-overlay-close]')?.addEventListener('click', () => dialog.close());
  // 'close' follows close(), Esc (cancel) and form[method=dialog] alike.
  dialog.addEventListener('close', () => {
    unlock?.();
    unlock = undefined;
    opener?.focus();
  });
}
