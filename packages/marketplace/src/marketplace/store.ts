import { createStore, type StoreApi } from 'zustand/vanilla';

/** Cards per page (docs/contributors/behaviour.md#constants). */
export const PAGE_SIZE = 6;

/** The number of pages for `count` results: at least 1, so page 1 always exists. */
export const pageCount = (count: number): number => Math.max(1, Math.ceil(count / PAGE_SIZE));

/** The state of one `<obra-marketplace>` (docs/contributors/behaviour.md#marketplace-search-and-pages). */
export interface MarketplaceState {
  /** What is typed in the search box. */
  text: string;
  /** The term the grid is filtered by: set by the search button or a chosen suggestion. */
  applied: string;
  /** The current page, 1-based; kept within 1..page count by `goTo`. */
  page: number;
  /** Whether the suggestion list is open (it shows only when it also has options); the highlight is the combobox's. */
  open: boolean;
  /** Typing: empty text also clears the applied term. */
  type(text: string): void;
  /** The search button (or Enter without a highlighted suggestion): applies the text, back to page 1. */
  apply(): void;
  /** Chooses a suggestion: its text becomes the applied term, back to page 1. */
  choose(text: string): void;
  /** Opens or closes the suggestion list (arrow keys, Escape, leaving the input). */
  show(open: boolean): void;
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
    type: (text) => set(text.trim() ? { text, open: true } : { text, applied: '', page: 1, open: false }),
    apply: () => set({ applied: get().text.trim(), page: 1, open: false }),
    choose: (text) => set({ text, applied: text, page: 1, open: false }),
    show: (open) => set({ open }),
    goTo: (page, pages) => set({ page: Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, pages)) }),
  }));
}
