import { useEffect, useLayoutEffect } from 'react';
import { STORED_TTL_MS, stored, type Outbox } from '@obra/api';

/** A draft lives a week (then it is dropped unread). */
export const DRAFT_TTL_MS = STORED_TTL_MS;

/** Drafts are written after a pause in typing, so a keystroke never waits for storage. */
const DRAFT_DELAY_MS = 400;

/**
 * The storage key of one element on one page: `obra:<what>:<path>:<id or index>`, so two forms
 * (or two pages) never share a draft or an outbox.
 */
export function storageKey(host: HTMLElement, what: string): string {
  const doc = host.ownerDocument;
  const index = [...doc.querySelectorAll(host.localName)].indexOf(host);
  return `obra:${what}:${doc.location?.pathname ?? ''}:${host.id || index}`;
}

// localStorage may be missing or throw on access (sandboxed iframes, disabled cookies).
const storage = (host: HTMLElement): Storage | undefined => {
  try {
    return host.ownerDocument.defaultView?.localStorage ?? undefined;
  } catch {
    return undefined;
  }
};

/** The outbox of one element (`obra:outbox:<widget>:<path>:<id or index>`) in the host page's localStorage. */
export const outboxFor = (host: HTMLElement, widget: string): Outbox => stored(storage(host), storageKey(host, `outbox:${widget}`), 'delivery');

const draftOf = <D>(host: HTMLElement, widget: string, now: number) => stored<D>(storage(host), storageKey(host, widget), 'draft', () => now);

/** The saved draft of `widget`, unless absent, unreadable or older than a week (then it is removed). */
export const loadDraft = <D>(host: HTMLElement, widget: string, now = Date.now()): D | undefined => draftOf<D>(host, widget, now).read();

/** Saves the draft of `widget` (or removes it when `draft` is undefined). */
export function saveDraft<D>(host: HTMLElement, widget: string, draft: D | undefined, now = Date.now()): void {
  const record = draftOf<D>(host, widget, now);
  if (draft) record.write(draft);
  else record.clear();
}

/** How a widget's state maps to its draft. */
export interface DraftOptions<S, D> {
  /** The draft of a state; undefined when there is nothing worth keeping (an empty form). */
  pick(state: S): D | undefined;
  /** Whether what the draft keeps changed between two states. */
  changed(state: S, previous: S): boolean;
  /** Whether the state just reached a successful send (the draft is then removed). */
  sent(state: S, previous: S): boolean;
  /** Puts a saved draft back. */
  restore(draft: D): void;
}

/** Restores the draft before the first paint and keeps it saved; a successful send clears it. */
export function useDraft<S, D>(store: { getState(): S; subscribe(listener: (state: S, previous: S) => void): () => void }, host: HTMLElement, widget: string, options: DraftOptions<S, D>): void {
  useLayoutEffect(() => {
    const draft = loadDraft<D>(host, widget);
    if (draft) options.restore(draft);
    // The options are read once per element: they describe the widget, not a render.
  }, [store, host, widget]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe((state, previous) => {
      if (options.sent(state, previous)) {
        clearTimeout(timer);
        return saveDraft(host, widget, undefined);
      }
      if (!options.changed(state, previous)) return;
      clearTimeout(timer);
      timer = setTimeout(() => saveDraft(host, widget, options.pick(store.getState())), DRAFT_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store, host, widget]);
}
