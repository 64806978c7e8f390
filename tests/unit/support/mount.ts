import { act, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';

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

/**
 * A user-event session for a test: no pause between keystrokes (`delay: null`; the default
 * waits a macrotask after each one), so typing costs only the work it causes, and a test on fake
 * timers needs no `advanceTimers` for user-event's own waits.
 */
export const visitor = (): UserEvent => userEvent.setup({ delay: null });

/**
 * Puts `value` into an empty text control as a visitor who pastes it: `user` clicks it, then one
 * paste. For the tests about what a form sends rather than about typing: typing re-renders the
 * form once a character, the largest part of these files' time under happy-dom.
 */
export async function paste(user: UserEvent, control: HTMLElement, value: string): Promise<void> {
  await user.click(control);
  // paste() goes to its document's activeElement: inside a shadow root that is the root's (the
  // page's is the host element), so this paste is set up with the shadow root as its document.
  await userEvent.setup({ delay: null, document: control.getRootNode() as unknown as Document }).paste(value);
}
