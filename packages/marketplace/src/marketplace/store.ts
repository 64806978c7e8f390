import { createStore, type StoreApi } from 'zustand/vanilla';

/** Cards per page (SPEC.md §9). */
export const PAGE_SIZE = 6;

/** The number of pages for `count` results: at least 1, so page 1 always exists. */
export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / PAGE_SIZE));

/** The state of one `<obra-marketplace>` (SPEC.md §4 "Marketplace"). */
export interface MarketplaceState {
  /** What is typed in the search box. */
  text: string;
  /** The term the grid is filtered by: set by the search button or a chosen suggestion. */
  applied: string;
  /** The current page, 1-based; kept within 1..page count by `goTo`. */
  page: number;
  /** Whether the suggestion list is open (it shows only when it also has options). */
  open: boolean;
  /** The highlighted suggestion (index), -1 for none. */
  active: number;
  /** Typing: empty text also clears the applied term. */
  type(text: string): void;
  /** The search button (or Enter without a highlighted suggestion): applies the text, back to page 1. */
  apply(): void;
  /** Chooses a suggestion: its text becomes the applied term, back to page 1. */
  choose(text: string): void;
  /** Moves the highlight among `count` suggestions (wraps), opening the list. */
  move(delta: 1 | -1, count: number): void;
  close(): void;
  /** Goes to a page, clamped to 1..`pages`. */
  goTo(page: number, pages: number): void;
}

/** Creates the state of one `<obra-marketplace>` element. */
export function createMarketplaceStore(): StoreApi<MarketplaceState> {
  return createStore<MarketplaceState>()((set, get) => ({
    text: '',
    applied: '',
    page: 1,
    open: false,
    active: -1,
    type: (text) => set(text.trim() ? { text, open: true, active: -1 } : { text, applied: '', page: 1, open: false, active: -1 }),
    apply: () => set({ applied: get().text.trim(), page: 1, open: false, active: -1 }),
    choose: (text) => set({ text, applied: text, page: 1, open: false, active: -1 }),
    move: (delta, count) => {
      if (count === 0) return;
      const { open, active } = get();
      const start = open ? active : -1;
      const next = start === -1 ? (delta === 1 ? 0 : count - 1) : (start + delta + count) % count;
      set({ open: true, active: next });
    },
    close: () => set({ open: false, active: -1 }),
    goTo: (page, pages) => set({ page: Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pages)) }),
  }));
}
