// The values page's contact popup in real Chromium against the REAL reference API, beyond the
// delivery scenarios every form runs (loss-proof.test.ts): its code waits for the visitor and the
// first tap still opens it, the draft outlives a reload and is gone once sent, and the English
// page says it is waiting for the network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneContext, useBrowser } from './support/browser.ts';
import { recordScripts } from './support/embed.ts';
import { openContactPopup } from './support/forms.ts';
import { startPlatform, type Platform } from './support/platform.ts';

const browser = useBrowser(phoneContext('en-US'));
let platform: Platform;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await platform?.close();
});

/** Opens the English values page and its popup, and types a message as a visitor does. */
async function write(name: string, email: string, message: string) {
  const page = await browser.newPage();
  await page.goto(`${platform.origin}/en/values`);
  const dialog = await openContactPopup(page);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Message').fill(message);
  return { page, dialog };
}

describe('contact popup on the English values page', () => {
  it("loads its code on the visitor's first touch, opens on that first tap, and on a reload with a draft at once", async () => {
    const page = await browser.newPage();
    const scripts = recordScripts(page);
    const CODE = /\/assets\/contact-\w+\.js$/;
    // The popup's code is held back (a slow network) until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(CODE, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${platform.origin}/en/values`);
    await page.waitForLoadState('networkidle');
    // A reader never fetches it.
    expect(scripts.count(CODE)).toBe(0);
    const dialog = page.locator('dialog[data-contact]');
    const open = () => dialog.evaluate((d) => (d as HTMLDialogElement).open);
    await page.locator('[data-contact-open]').tap();
    await expect.poll(() => scripts.count(CODE)).toBe(1);
    expect(await open()).toBe(false);
    release();
    // The one tap, held while the code came, opens the popup.
    await expect.poll(open).toBe(true);
    await dialog.getByLabel('Message').fill('Typed after one tap');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('obra:contact:/en/values'))).toContain('Typed after one tap');
    // A reload with a draft fetches the code without waiting for a touch; one tap opens the popup with the draft.
    await page.reload();
    await expect.poll(() => scripts.count(CODE)).toBe(2);
    await expect.poll(() => dialog.getByLabel('Message').inputValue()).toBe('Typed after one tap');
    await page.locator('[data-contact-open]').tap();
    await expect.poll(open).toBe(true);
    await page.close();
  });

  it('keeps the draft through a reload, and forgets it once the message is sent', async () => {
    const { page, dialog } = await write('Draft Visitor', 'draft@example.com', 'Half a thought');
    // The draft is written after a pause in typing.
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('obra:contact:'))))
      .toEqual(['obra:contact:/en/values']);
    await page.reload();
    // A locator finds its element anew on every use: `dialog` is the reloaded page's popup.
    await openContactPopup(page);
    expect(await dialog.getByLabel('Message').inputValue()).toBe('Half a thought');
    await dialog.getByLabel('Message').fill('Half a thought, now whole.');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Thank you! We received your message and will answer soon.');
    expect(await dialog.getByLabel('Name').inputValue()).toBe('');
    const rows = (await platform.rows('contact')).filter((row) => row.name === 'Draft Visitor');
    expect(rows).toMatchObject([{ email: 'draft@example.com', message: 'Half a thought, now whole.' }]);
    await page.reload();
    await openContactPopup(page);
    expect(await dialog.getByLabel('Name').inputValue()).toBe('');
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  });

  it('says in English that the message waits for the network, and sends it once it is back', async () => {
    const { dialog } = await write('Offline Visitor', 'offline@example.com', 'Sent from a tunnel');
    await browser.context.setOffline(true);
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect
      .poll(() => dialog.getByRole('status').textContent())
      .toBe('Offline: your submission is saved and goes out when the network is back, even after a reload.');
    expect(await dialog.getByRole('button', { name: 'Sending...' }).getAttribute('aria-disabled')).toBe('true');
    await browser.context.setOffline(false);
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Thank you! We received your message and will answer soon.');
    expect(await platform.count('contact', 'Offline Visitor')).toBe(1);
  });
});
