import { useSyncExternalStore } from 'react';

/** The part of a zustand store (`createStore` from zustand/vanilla) a view needs. */
export interface ReadableStore<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

/**
 * Subscribes a component to a whole store. zustand's own React binding imports React's default
 * export, which under Preact keeps every part of preact/compat in the bundle (+2 KB gzip); this
 * hook uses one named import instead.
 */
export function useStore<S>(store: ReadableStore<S>): S {
  return useSyncExternalStore(store.subscribe, store.getState);
}
