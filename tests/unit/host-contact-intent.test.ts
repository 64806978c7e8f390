// The values page's contact popup loads its code on the visitor's intent
// (host/src/client/contact-intent.ts): nothing for a reader, the first click still opens the
// popup, and a stored draft or pending message brings the code in at once.
import { waitFor } from '@testing-library/dom';
import { describe, expect, it, vi } from 'vitest';
import { contactKeys, enhanceContactOnIntent } from '../../host/src/client/contact-intent.ts';
import { enhanceContact } from '../../host/src/client/contact.ts';
import { renderRoute } from '../../host/src/render.tsx';

const MARTA = { name: 'Marta', email: 'marta@example.com', message: '¿Hacen casas modulares?' };
const { draft: draftKey, outbox: outboxKey } = contactKeys(location.pathname);

const opener = () => document.querySelector<HTMLButtonElement>('[data-contact-open]')!;
const dialogOpen = () => document.querySelector<HTMLDialogElement>('[data-contact]')!.open;
const field = (name: string) => document.querySelector<HTMLInputElement>(`[data-contact-form] [name=${name}]`)!;
/** One task later: after the start-up's own storage check (a setTimeout queued before this one). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/** Puts the Spanish values page's body in the document. */
function renderValues() {
  const html = renderRoute({ page: 'values', lang: 'es' }, { css: 'body{}', script: '/a.js', loader: '/esm/loader.js' });
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
}

/**
 * Renders the values page and wires the popup on intent, as the host script does; the code's
 * import is held until `release()` (a slow network) unless `held` is false.
 */
function mountValues({ held = true } = {}) {
  renderValues();
  let release!: () => void;
  const arrived = held ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const enhance = vi.fn((doc: Document) => enhanceContact(doc));
  const load = vi.fn(() => arrived.then(() => enhance));
  enhanceContactOnIntent(document, load);
  return { load, enhance, release: () => release() };
}

describe('contact popup code on intent', () => {
  it('loads nothing for a visitor who only reads', async () => {
    const { load } = mountValues();
    await nextTask();
    expect(load).not.toHaveBeenCalled();
    expect(dialogOpen()).toBe(false);
  });

  it('loads on the first pointer on the button, and opens the popup on a click made before the code arrived', async () => {
    const { load, enhance, release } = mountValues();
    opener().dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    opener().click();
    opener().click();
    expect(dialogOpen()).toBe(false);
    release();
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(load).toHaveBeenCalledTimes(1);
    expect(enhance).toHaveBeenCalledTimes(1);
    // The popup works: closing it and pressing again opens it, without another import.
    document.querySelector<HTMLButtonElement>('[data-contact-close]')!.click();
    expect(dialogOpen()).toBe(false);
    opener().click();
    expect(dialogOpen()).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads when the keyboard reaches the button', () => {
    const { load } = mountValues();
    opener().focus();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads at once when the page holds a draft, which comes back without a press', async () => {
    localStorage.setItem(draftKey, JSON.stringify({ savedAt: Date.now(), draft: MARTA }));
    const { load } = mountValues({ held: false });
    await waitFor(() => expect(field('message').value).toBe(MARTA.message));
    expect(load).toHaveBeenCalledTimes(1);
    expect(field('name').value).toBe(MARTA.name);
    // A draft alone does not open the popup.
    expect(dialogOpen()).toBe(false);
  });

  it('loads at once when the page holds a message still to send', async () => {
    localStorage.setItem(outboxKey, JSON.stringify({ savedAt: Date.now(), delivery: { url: '/nowhere', body: MARTA, key: 'k' } }));
    const { load } = mountValues();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('tries again on the next press when the import failed', async () => {
    renderValues();
    const enhance = vi.fn((doc: Document) => enhanceContact(doc));
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(enhance);
    enhanceContactOnIntent(document, load);
    opener().click();
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await nextTask();
    expect(dialogOpen()).toBe(false);
    opener().click();
    await waitFor(() => expect(dialogOpen()).toBe(true));
    expect(load).toHaveBeenCalledTimes(2);
    expect(enhance).toHaveBeenCalledTimes(1);
  });
});
