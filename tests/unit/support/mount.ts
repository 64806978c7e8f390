import { act, within } from '@testing-library/react';

/**
 * Puts `html` into the page (inside act, so React's first render is flushed) and returns the
 * first element with its shadow-root queries.
 */
export async function mount<E extends HTMLElement = HTMLElement>(html: string, container: HTMLElement = document.body) {
  await act(async () => {
    container.insertAdjacentHTML('beforeend', html);
  });
  const host = container.lastElementChild as E;
  if (!host.shadowRoot) throw new Error(`${host.tagName} has no shadow root: is its widget registered?`);
  return { host, shadow: host.shadowRoot, screen: within(host.shadowRoot as unknown as HTMLElement) };
}

/** Runs a DOM change and lets React and MutationObservers settle. */
export async function change(fn: () => void): Promise<void> {
  await act(async () => {
    fn();
    await Promise.resolve();
  });
}
