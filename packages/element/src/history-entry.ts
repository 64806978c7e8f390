import { useLayoutEffect } from 'react';

/** The keys an element keeps in the page's history entry start with this (the loader looks for it, loader.ts). */
const HISTORY_PREFIX = 'obra:';

/** The page's history state as an object we may add to, or undefined when the page keeps something else there. */
function entryState(win: Window): Record<string, unknown> | undefined {
  const state: unknown = win.history.state;
  if (state === null || state === undefined) return {};
  return typeof state === 'object' && !Array.isArray(state) ? (state as Record<string, unknown>) : undefined;
}

/** A store a view can read, change and watch (zustand's `createStore` from zustand/vanilla). */
interface Store<S> {
  getState(): S;
  setState(partial: Partial<S>): void;
  subscribe(listener: (state: S) => void): () => void;
}

/**
 * Keeps part of an element's state (`keep`) in the page's current history entry, beside what the
 * page keeps there itself, and puts it back (`restore`) when the visitor comes back to the entry
 * (Back after a link, a reload): a catalogue is on the page it was left on. Nothing goes in the URL.
 * Written only when the kept part changes (a click, not a keystroke: browsers limit how often an
 * entry may be replaced).
 */
export function useKeptInHistory<S, K>(
  store: Store<S>,
  host: HTMLElement,
  widget: string,
  keep: (state: S) => K,
  restore: (kept: K) => Partial<S>,
): void {
  useLayoutEffect(() => {
    const doc = host.ownerDocument;
    const win = doc.defaultView;
    if (!win) return;
    const key = `${HISTORY_PREFIX}${widget}:${host.id || [...doc.querySelectorAll(host.localName)].indexOf(host)}`;
    const kept = entryState(win)?.[key];
    if (kept !== undefined) store.setState(restore(kept as K));
    let last = JSON.stringify(keep(store.getState()));
    return store.subscribe((state) => {
      const next = JSON.stringify(keep(state));
      if (next === last) return;
      last = next;
      const entry = entryState(win);
      try {
        if (entry) win.history.replaceState({ ...entry, [key]: JSON.parse(next) as unknown }, '');
      } catch {
        // Too many replacements in a row (Safari's limit) or a sandbox: the state is only not kept.
      }
    });
  }, [store, host, widget, keep, restore]);
}
