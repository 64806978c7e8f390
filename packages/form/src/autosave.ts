import type { Stored } from '@obra/api';

/** Drafts are written after a pause in typing, so a keystroke never waits for storage. */
export const DRAFT_DELAY_MS = 400;

/** Keeps a draft saved while the visitor types (see {@link createAutosave}). */
export interface Autosave {
  /** Something changed: the draft is written after the pause (a later change moves it). */
  schedule(): void;
  /** Writes the draft now (or removes it when there is nothing worth keeping). */
  flush(): void;
  /** The draft was sent: removes it, and forgets a write still waiting. */
  clear(): void;
  /** Forgets a write still waiting (the element went away). */
  cancel(): void;
  /** Whether a write waits for the pause to end (a page leaving then flushes it). */
  readonly pending: boolean;
}

/** Saves `pick()` into `record` after each pause in typing; `pick` returns undefined for an empty form. */
export function createAutosave<D>(record: Stored<D>, pick: () => D | undefined, delayMs = DRAFT_DELAY_MS): Autosave {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const flush = () => {
    cancel();
    const draft = pick();
    if (draft) record.write(draft);
    else record.clear();
  };
  return {
    schedule() {
      cancel();
      timer = setTimeout(flush, delayMs);
    },
    flush,
    clear() {
      cancel();
      record.clear();
    },
    cancel,
    get pending() {
      return timer !== undefined;
    },
  };
}
