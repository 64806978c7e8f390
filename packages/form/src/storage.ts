import { STORED_TTL_MS, stored, type Outbox, type Stored } from '@obra/api';

/** A draft lives a week (then it is dropped unread). */
export const DRAFT_TTL_MS = STORED_TTL_MS;

/** The localStorage of `doc`, or undefined where it is missing or throws on access (sandboxed iframes, disabled cookies). */
export function pageStorage(doc: Document): Storage | undefined {
  try {
    return doc.defaultView?.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The storage key of one element on one page: `obra:<what>:<path>:<id or index>`, so two forms
 * (or two pages) never share a draft or an outbox.
 */
export function storageKey(host: HTMLElement, what: string): string {
  const doc = host.ownerDocument;
  const index = [...doc.querySelectorAll(host.localName)].indexOf(host);
  return `obra:${what}:${doc.location?.pathname ?? ''}:${host.id || index}`;
}

/** The outbox of one element (`obra:outbox:<widget>:<path>:<id or index>`) in the host page's localStorage. */
export const outboxFor = (host: HTMLElement, widget: string): Outbox =>
  stored(pageStorage(host.ownerDocument), storageKey(host, `outbox:${widget}`), 'delivery');

/** The draft record of one element (`obra:<widget>:<path>:<id or index>`). */
export const draftFor = <D>(host: HTMLElement, widget: string, now: () => number = Date.now): Stored<D> =>
  stored<D>(pageStorage(host.ownerDocument), storageKey(host, widget), 'draft', now);

/** The saved draft of `widget`, unless absent, unreadable or older than a week (then it is removed). */
export const loadDraft = <D>(host: HTMLElement, widget: string, now = Date.now()): D | undefined =>
  draftFor<D>(host, widget, () => now).read();

/** Saves the draft of `widget` (or removes it when `draft` is undefined). */
export function saveDraft<D>(host: HTMLElement, widget: string, draft: D | undefined, now = Date.now()): void {
  const record = draftFor<D>(host, widget, () => now);
  if (draft) record.write(draft);
  else record.clear();
}
