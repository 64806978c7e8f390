import type { DesignFormState } from './store.ts';

/** A draft lives a week (then it is dropped unread). */
export const DRAFT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What a draft keeps: what the visitor typed and chose, and the image they generated. */
export type Draft = Pick<DesignFormState, 'values' | 'generatedUrl' | 'prompt'>;

/**
 * The storage key of one element on one page: `obra:design-form:<path>:<id or index>`, so two
 * forms (or two pages) never share a draft.
 */
export function draftKey(host: HTMLElement): string {
  const doc = host.ownerDocument;
  const index = [...doc.querySelectorAll(host.localName)].indexOf(host);
  return `obra:design-form:${doc.location?.pathname ?? ''}:${host.id || index}`;
}

// Storage may be missing or throw (private modes, sandboxed iframes, full quota): a draft is a
// convenience, so every failure is ignored.
const storage = (host: HTMLElement): Storage | undefined => {
  try {
    return host.ownerDocument.defaultView?.localStorage ?? undefined;
  } catch {
    return undefined;
  }
};

/** The saved draft, unless absent, unreadable or older than a week (then it is removed). */
export function loadDraft(host: HTMLElement, now = Date.now()): Draft | undefined {
  const store = storage(host);
  try {
    const raw = store?.getItem(draftKey(host));
    if (!raw) return undefined;
    const { savedAt, draft } = JSON.parse(raw) as { savedAt: number; draft: Draft };
    if (typeof savedAt !== 'number' || now - savedAt > DRAFT_TTL_MS || !draft?.values) {
      store?.removeItem(draftKey(host));
      return undefined;
    }
    return draft;
  } catch {
    return undefined;
  }
}

/** Saves the draft (or removes it when `draft` is undefined). */
export function saveDraft(host: HTMLElement, draft: Draft | undefined, now = Date.now()): void {
  try {
    const store = storage(host);
    if (draft) store?.setItem(draftKey(host), JSON.stringify({ savedAt: now, draft }));
    else store?.removeItem(draftKey(host));
  } catch {
    // See storage(): a draft that cannot be saved is not an error for the visitor.
  }
}
