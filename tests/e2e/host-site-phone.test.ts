// What a visitor sees on a phone (390×844, touch) on the host site as `npm start` serves it, with
// the pre-rendered widgets and the loader: what answers a tap must be on the screen, not above or
// below it.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pathFor, type Lang } from '../../host/src/routes.ts';
import { phoneContext, useBrowser } from './support/browser.ts';
import { useHostSite, widgetRendered } from './support/host-site.ts';
import { look } from './support/screens.ts';

const site = useHostSite();
const phone = useBrowser(phoneContext());

/** Where `target` is against the screen the visitor sees: the part under the page's fixed top bar does not count. */
async function onScreen(page: Page, target: Locator): Promise<{ top: number; bottom: number; visible: boolean }> {
  const box = (await target.boundingBox())!;
  const bar = (await page.locator('.topbar').boundingBox())!;
  const height = page.viewportSize()!.height;
  const [top, bottom] = [Math.round(box.y), Math.round(box.y + box.height)];
  return { top, bottom, visible: top >= bar.y + bar.height && bottom <= height };
}

describe.each(['es', 'en'] as Lang[])('on a phone (%s)', (lang) => {
  it('shows the new image on the screen after a tap on a lightning bolt far down the form', async () => {
    const page = await phone.newPage();
    await page.goto(site.base + pathFor({ page: 'form', lang }));
    await widgetRendered(page, { page: 'form', lang });
    const form = page.locator('obra-design-form');
    // The zone section's bolt, the last but one section: the preview is far above it.
    const bolt = form.locator('.section-head .bolt').nth(5);
    await bolt.scrollIntoViewIfNeeded();
    const preview = form.locator('.preview');
    expect((await onScreen(page, preview)).visible).toBe(false);
    await bolt.tap();
    const image = form.locator('.preview img');
    await image.waitFor({ timeout: 15_000 });
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await onScreen(page, image)).toMatchObject({ visible: true });
    await look(page, `form-bolt-${lang}`);
  });
});
