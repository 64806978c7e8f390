import { createStore, type StoreApi } from 'zustand/vanilla';

/** The state of one `<obra-software-detail>`: which video the overlay plays (docs/contributors/behaviour.md#software-detail). */
export interface SoftwareDetailState {
  /** The id of the video in the overlay; null when it is closed. */
  playing: string | null;
  openVideo(id: string): void;
  closeVideo(): void;
}

/** Creates the state of one `<obra-software-detail>` element. */
export function createSoftwareDetailStore(): StoreApi<SoftwareDetailState> {
  return createStore<SoftwareDetailState>()((set) => ({
    playing: null,
    openVideo: (id) => set({ playing: id }),
    closeVideo: () => set({ playing: null }),
  }));
}
