import { useLayoutEffect, useRef } from 'react';
import { createAutosave } from './autosave.ts';
import { draftFor, loadDraft } from './storage.ts';

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
export function useDraft<S, D>(
  store: { getState(): S; subscribe(listener: (state: S, previous: S) => void): () => void },
  host: HTMLElement,
  widget: string,
  options: DraftOptions<S, D>,
): void {
  // The options of the first render are kept: they describe the widget, not a render.
  const { restore, pick, sent, changed } = useRef(options).current;
  // One layout effect, run in the commit of the first render: the saved draft goes back before
  // the first paint, and every change from then on is seen. Subscribed in a passive effect (after
  // the paint), it missed what came in between: the loader putting back what was typed into the
  // pre-rendered view, or a first keystroke on a busy page, and that draft was never written.
  useLayoutEffect(() => {
    const draft = loadDraft<D>(host, widget);
    if (draft) restore(draft);
    const autosave = createAutosave(draftFor<D>(host, widget), () => pick(store.getState()));
    const unsubscribe = store.subscribe((state, previous) => {
      if (sent(state, previous)) autosave.clear();
      else if (changed(state, previous)) autosave.schedule();
    });
    // A change still waiting for its save is written when the page is left or hidden (a reload, a
    // link, a phone switching apps) and when the widget goes: the last keystrokes are kept too.
    const keep = () => autosave.pending && autosave.flush();
    addEventListener('pagehide', keep);
    document.addEventListener('visibilitychange', keep);
    return () => {
      removeEventListener('pagehide', keep);
      document.removeEventListener('visibilitychange', keep);
      keep();
      unsubscribe();
    };
  }, [store, host, widget, restore, pick, sent, changed]);
}
