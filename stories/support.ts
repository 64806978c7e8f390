// Helpers shared by the widget stories: queries inside a widget's shadow root, the API answer a
// story needs, and one story per language.
import type { StoryObj } from '@storybook/react-vite';
import type { AnyHandler } from 'msw';
import { userEvent, within } from 'storybook/test';

/** Queries bound to a widget's rendered root. */
export type Root = ReturnType<typeof within>;

/**
 * Queries inside the element's open shadow root, once the widget has rendered its `heading`. The
 * queries run on the root `part` (an element, where everything the widget renders lives, dialogs
 * included): testing-library can only print an element, so a failed query on the ShadowRoot
 * itself would hide its real message behind "Expected an element or document but got ShadowRoot".
 */
export async function widgetRoot(canvasElement: HTMLElement, tag: `obra-${string}`, heading: string): Promise<Root> {
  const shadow = canvasElement.querySelector(tag)?.shadowRoot;
  const container = shadow?.querySelector<HTMLElement>('[part=root]');
  if (!shadow || !container) throw new Error(`<${tag}> did not render its shadow root: is its register module imported?`);
  // user-event readies an input for typing from a focus listener on its document, where focus
  // inside a shadow root is retargeted to the host: React never sees the typed value. Listening
  // on the shadow root as well (a setup with it as `document`) lets userEvent.type reach the inputs.
  userEvent.setup({ document: shadow as unknown as Document });
  const root = within(container);
  await root.findByRole('heading', { name: heading });
  return root;
}

/** A text control whose accessible name starts with `label` (the required mark is not part of it). */
export const control = (root: Root, label: string) => root.getByRole('textbox', { name: (name: string) => name.startsWith(label) });

/**
 * Puts `value` into a text control as a visitor who pastes it: a click, then one paste. A story
 * about sending needs the values, not each keystroke: typing re-renders the whole form once a
 * character (under happy-dom in npm test, ~5 s for the design form's six fields); the stories
 * about typing itself (suggestions, validation while typing) still type.
 */
export async function fill(control: HTMLElement, value: string): Promise<void> {
  await userEvent.click(control);
  // paste() goes to its document's activeElement: inside a shadow root that is the root's (the
  // page's is the host element), so this paste is set up with the shadow root as its document.
  await userEvent.setup({ document: control.getRootNode() as unknown as Document }).paste(value);
}

/** The API answer a story needs (`name` keys it), from the handlers the unit tests use. */
export const api = (name: string, handler: AnyHandler) => ({ msw: { handlers: { [name]: handler } } });

/** One story per language: the state is the same, only the strings change. */
export const inLang = <A extends { lang: 'es' | 'en' }>(lang: A['lang'], story: StoryObj<A>): StoryObj<A> => ({
  ...story,
  args: { ...story.args, lang },
});
