/// <reference types="vite/client" />
// Every Storybook story, rendered and played here under happy-dom (portable stories): each story
// renders, and each play function's assertions hold, in `npm test` and not only in a browser.
// The stories' API answers (parameters.msw) go to msw's Node server through the same loader the
// Storybook preview uses, given that server instead of a service worker.
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import type { SetupWorker } from 'msw/browser';
import { setupServer } from 'msw/node';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview.ts';
import { useFastRetries } from './support/fast-retries.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
// A story that shows an error after retries need not wait for real backoff.
useFastRetries(server);

// The loader only resets the handlers and adds the story's (resetHandlers, use), which the Node
// server has with the same meaning as the browser worker.
setProjectAnnotations({ ...preview, loaders: [mswLoader(() => server as unknown as SetupWorker)] });

// Two browser rules happy-dom leaves out, which the stories rely on:
// - an element that is not rendered (inside a closed <dialog>) cannot take focus: React's
//   autoFocus on a closed dialog's button must not steal focus (happy-dom would, and then fails
//   reading a neighbouring shadow root's activeElement);
// - showModal() runs the dialog focusing steps: the [autofocus] element, else the first focusable one.
const focus = HTMLElement.prototype.focus;
HTMLElement.prototype.focus = function (this: HTMLElement, options?: FocusOptions) {
  if (this.closest('dialog:not([open])')) return;
  focus.call(this, options);
};
// - computed colours serialize as rgb()/rgba(), never as the hex the stylesheet wrote (happy-dom keeps the hex).
const computed = window.getComputedStyle.bind(window);
const rgb = (value: string) => {
  const hex = /^#([\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/i.exec(value.trim())?.[1];
  if (!hex) return value;
  const full = hex.length <= 4 ? hex.replace(/./g, (digit) => digit + digit) : hex;
  const [r, g, b, a] = (full.match(/../g) ?? []).map((pair) => Number.parseInt(pair, 16));
  return a === undefined ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${Number((a / 255).toFixed(3))})`;
};
window.getComputedStyle = (element: Element, pseudo?: string | null) =>
  new Proxy(computed(element, pseudo), {
    get: (style, key) => {
      const value: unknown = Reflect.get(style, key, style);
      if (typeof value === 'function') return value.bind(style);
      return typeof value === 'string' && typeof key === 'string' && /colou?r$/i.test(key) ? rgb(value) : value;
    },
  });
const showModal = HTMLDialogElement.prototype.showModal;
HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
  showModal.call(this);
  const target =
    this.querySelector<HTMLElement>('[autofocus]') ??
    this.querySelector<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])');
  target?.focus();
};

/** Every stories file (the same glob as .storybook/main.ts), loaded eagerly. */
const files = import.meta.glob<Record<string, unknown>>('../../stories/*.stories.tsx', { eager: true });

it('finds the stories', () => {
  expect(Object.keys(files).length).toBeGreaterThan(0);
});

for (const [path, module] of Object.entries(files)) {
  const stories = Object.entries<{ run: () => Promise<void> }>(composeStories(module as Parameters<typeof composeStories>[0]));
  describe(path.replace('../../stories/', ''), () => {
    // A form story fills and sends a whole form: a few seconds when the 2-core machine is busy.
    it.each(stories)('%s', { timeout: 30_000 }, async (_name, story) => {
      // run() does what Storybook does: loaders (the msw handlers), render into a fresh canvas, play.
      await story.run();
    });
  });
}
