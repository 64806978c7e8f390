// The loader (dist/esm/loader.js) in Chromium: it fetches no widget code until an element is in the
// page and within one viewport of the visible area, sees elements a script adds later, and
// upgrades them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { recordErrors, recordScripts, startExamplesSite } from './support/embed.ts';
import { softwareDetail, stubYouTube } from './support/marketplace.ts';
import type { TestServer } from './support/server.ts';
import { EN, waitList } from './support/wait-list.ts';
import { settle } from './support/widget.ts';

const browser = useBrowser();
let site: TestServer;

beforeAll(async () => {
  site = await startExamplesSite();
});
afterAll(() => site.close());

/** Widget code: any ESM entry or shared chunk (the loader itself excluded). */
const WIDGET_CODE = /^\/esm\/(obra-[\w-]+|chunks\/[\w-]+)\.js$/;

describe('the loader', () => {
  it('fetches nothing of a widget before its element appears, then loads and upgrades it', async () => {
    const page = await browser.newPage();
    const scripts = recordScripts(page);
    const errors = recordErrors(page);
    await page.goto(`${site.origin}/examples/later.html`);
    await page.waitForLoadState('networkidle');
    await settle(page);
    expect(scripts.paths).toContain('/esm/loader.js');
    expect(scripts.paths.filter((p) => WIDGET_CODE.test(p))).toEqual([]);

    // A script adds the element after the page has loaded, as a framework would.
    await page.getByRole('button', { name: 'Show the wait list' }).click();
    const added = waitList(page);
    await expect.poll(() => added.title.textContent()).toBe(EN.title);
    expect(scripts.count(/^\/esm\/obra-wait-list\.js$/)).toBe(1);
    // The software detail two screens down is still not fetched.
    expect(scripts.count(/obra-software-detail/)).toBe(0);
    expect(errors).toEqual([]);
  });

  it('loads a widget below the fold once it comes within one viewport, not before', async () => {
    const page = await browser.newPage();
    const scripts = recordScripts(page);
    const errors = recordErrors(page);
    await stubYouTube(page);
    await page.goto(`${site.origin}/examples/later.html`);
    await page.waitForLoadState('networkidle');
    const detail = softwareDetail(page);
    const top = await detail.host.evaluate((el) => el.getBoundingClientRect().top);
    const viewport = page.viewportSize()!.height;
    expect(top).toBeGreaterThan(2 * viewport);

    // Scrolled to just over one viewport above the element: outside the margin, nothing yet.
    await page.evaluate((y) => window.scrollTo(0, y), top - 2 * viewport - 50);
    await settle(page);
    expect(scripts.count(/obra-software-detail/)).toBe(0);

    // Within one viewport of it: the code comes, and the element renders.
    await page.evaluate((y) => window.scrollTo(0, y), top - 2 * viewport + 100);
    await expect.poll(() => scripts.count(/^\/esm\/obra-software-detail\.js$/)).toBe(1);
    await expect.poll(() => detail.name.textContent()).toBe('SketchUp');
    // Its images load from the bundle's assets under the page's CSP (the published allow-list). The
    // hero is drawn inline; the gallery's images are lazy, so the first is brought into view.
    const gallery = detail.host.locator('.gallery img').first();
    await gallery.scrollIntoViewIfNeeded();
    await expect.poll(() => gallery.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
