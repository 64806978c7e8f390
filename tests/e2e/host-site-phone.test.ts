// What a visitor sees on a phone (390×844, touch) on the host site as `npm start` serves it, with
// the pre-rendered widgets and the loader: what answers a tap must be on the screen, not above or
// below it.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { pathFor, type Lang, type PageId } from '../../host/src/routes.ts';
import api from '@obra/i18n/locales/es/api.json' with { type: 'json' };
import apiEn from '@obra/i18n/locales/en/api.json' with { type: 'json' };
import { phoneContext, useBrowser } from './support/browser.ts';
import { takenOver, useHostSite, widgetRendered } from './support/host-site.ts';
import { FORMS } from './support/forms.ts';
import { look } from './support/screens.ts';
import { runClockUntil } from './support/widget.ts';

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

  it.each([
    ['waitList', 'wait-list'],
    ['registration', 'partner-registration'],
  ] as [PageId, string][])('says on the screen that a %s entry waits for the server, and stops the spinner', async (pageId, name) => {
    const form = FORMS.find((driver) => driver.name === name)!;
    const page = await phone.newPage();
    // The quiet retries (about 3.5 s) run on the page's clock, forward at once.
    await page.clock.install();
    await page.route(`**${form.path}`, (route) => route.abort('connectionrefused'));
    await page.goto(site.base + pathFor({ page: pageId, lang }));
    await form.fill(page, 'Servidor caído');
    // Typing woke the widget's code, which replaces the pre-rendered view (the typed values carried
    // over): the button to press is the live one, not the one about to leave the page.
    await expect.poll(() => takenOver(page, `obra-${name}`), { timeout: 15_000 }).toBe(true);
    const button = form.submit(page);
    await button.scrollIntoViewIfNeeded();
    await button.tap();
    const waiting = form.waiting(page);
    await runClockUntil(page, async () => (await waiting.count()) > 0);
    await expect.poll(() => onScreen(page, waiting)).toMatchObject({ visible: true });
    expect(await waiting.textContent()).toBe((lang === 'es' ? api : apiEn).waiting);
    // Not "Sending…" with a spinner: nothing is under way until the network returns.
    expect([await button.textContent(), await button.getAttribute('aria-busy'), await button.locator('.spinner').count()]).toEqual([
      (lang === 'es' ? api : apiEn).queued,
      null,
      0,
    ]);
    await look(page, `${name}-waiting-${lang}`);
  });

  it('shows the company’s projects on the home page: three drawings that load, captioned', async () => {
    const page = await phone.newPage();
    const pictures: string[] = [];
    page.on(
      'response',
      (response) => response.url().includes('/img/project-') && pictures.push(`${response.status()} ${response.headers()['content-type']}`),
    );
    await page.goto(site.base + pathFor({ page: 'home', lang }));
    const gallery = page.locator('.gallery');
    await gallery.scrollIntoViewIfNeeded();
    const images = gallery.locator('img');
    await expect
      .poll(() => images.evaluateAll((all: HTMLImageElement[]) => all.filter((img) => img.complete && img.naturalWidth === 1200).length))
      .toBe(3);
    expect(pictures).toEqual(Array(3).fill('200 image/svg+xml'));
    expect(await gallery.locator('figcaption').count()).toBe(3);
    await look(page, `home-projects-${lang}`);
  });

  it('fetches the values page’s project drawings only when the visitor scrolls near them, in boxes that do not move', async () => {
    const page = await phone.newPage();
    const pictures: string[] = [];
    page.on('request', (request) => request.url().includes('/img/project-') && pictures.push(request.url()));
    await page.goto(site.base + pathFor({ page: 'values', lang }), { waitUntil: 'networkidle' });
    // The browser's own lazy loading fetched them with the page: each one parsed at the first paint.
    expect(pictures).toEqual([]);
    const figures = page.locator('.gallery figure');
    const boxes = () => figures.evaluateAll((all) => all.map((figure) => Math.round(figure.getBoundingClientRect().height)));
    const before = await boxes();
    await page.locator('.gallery').scrollIntoViewIfNeeded();
    const images = page.locator('.gallery img');
    await expect
      .poll(() => images.evaluateAll((all: HTMLImageElement[]) => all.filter((img) => img.complete && img.naturalWidth === 1200).length))
      .toBe(3);
    expect(pictures).toHaveLength(3);
    expect(await boxes()).toEqual(before);
    expect(await images.evaluateAll((all: HTMLImageElement[]) => all.map((img) => img.alt))).toEqual(['', '', '']);
  });
});
