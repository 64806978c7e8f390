// <obra-marketplace> and <obra-software-detail> as partner pages get them (the built IIFE bundles):
// search and a suggestion chosen by keyboard, page bounds, the More link to a detail, a video
// opened and closed by keyboard, and axe-core in every state. Hostile page: marketplace-hostile.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { COPY, dialogOpen, marketplace, PAGE_1, PAGE_2, softwareDetail, stubYouTube } from './support/marketplace.ts';
import { PAGES_DIR, startServer, type TestServer } from './support/server.ts';
import { focusedInWidget, setPageLang } from './support/widget.ts';

const browser = useBrowser();
let site: TestServer;

beforeAll(async () => {
  site = await startServer({ pagesDir: PAGES_DIR });
});
afterAll(async () => {
  await site?.close();
});

async function openCatalogue(lang: 'es' | 'en') {
  const page = await browser.newPage();
  await page.goto(`${site.origin}/marketplace.html`);
  await setPageLang(page, lang);
  const m = marketplace(page);
  await expect.poll(() => m.title.textContent()).toBe(COPY[lang].title);
  return { page, m };
}

async function openDetail(slug: string, lang: 'es' | 'en', page?: Page) {
  const p = page ?? (await browser.newPage());
  await stubYouTube(p);
  await p.goto(`${site.origin}/software-detail.html?slug=${slug}&lang=${lang}`);
  const d = softwareDetail(p);
  await d.host.locator('article, .not-found').first().waitFor();
  return { page: p, d };
}

describe.each(['es', 'en'] as const)('catalogue in %s', (lang) => {
  it('searches and chooses a suggestion by keyboard, back on page 1', async () => {
    const { page, m } = await openCatalogue(lang);
    expect(await m.cards.allTextContents()).toEqual(PAGE_1);
    await m.arrows.next.click();
    expect(await m.current.textContent()).toBe('2');

    await m.input.focus();
    await page.keyboard.type('REND');
    await expect.poll(() => m.options.allTextContents()).toEqual(['Lumion', 'Enscape', 'V-Ray', 'Blender']);
    expect(await m.input.getAttribute('aria-expanded')).toBe('true');
    expect(await m.cards.allTextContents()).toEqual(PAGE_2);
    await expectNoAxeViolations(page, `suggestions open (${lang})`);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const active = await m.input.getAttribute('aria-activedescendant');
    expect(await m.host.locator(`[id="${active}"] .option-name`).textContent()).toBe('Enscape');
    await page.keyboard.press('Enter');
    await expect.poll(() => m.cards.allTextContents()).toEqual(['Enscape']);
    expect(await m.input.inputValue()).toBe('Enscape');
    expect(await m.listbox.isVisible()).toBe(false);
    expect(await m.current.count()).toBe(0);
    await expect.poll(() => focusedInWidget(m)).toMatchObject({ tag: 'input', value: 'Enscape' });

    // Emptying the box brings everything back; a term that matches nothing says so.
    await page.keyboard.press('Escape');
    await expect.poll(() => m.cards.allTextContents()).toEqual(PAGE_1);
    await page.keyboard.type('zzz');
    expect(await m.listbox.isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    await expect.poll(() => m.noResults.textContent()).toBe(COPY[lang].noResults);
  });

  it('keeps the page within its bounds, by keyboard', async () => {
    const { page, m } = await openCatalogue(lang);
    await m.arrows.previous.focus();
    await page.keyboard.press('Enter');
    expect([await m.current.textContent(), await m.arrows.previous.getAttribute('aria-disabled')]).toEqual(['1', 'true']);
    await m.arrows.next.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect([await m.current.textContent(), await m.arrows.next.getAttribute('aria-disabled')]).toEqual(['2', 'true']);
    expect(await m.cards.allTextContents()).toEqual(PAGE_2);
    await m.pageButton(1).focus();
    await page.keyboard.press('Space');
    expect(await m.current.textContent()).toBe('1');
    await expectNoAxeViolations(page, `idle catalogue (${lang})`);
  });

  it('opens a detail through the More link', async () => {
    const { page, m } = await openCatalogue(lang);
    const more = m.more('Revit');
    expect(await more.getAttribute('href')).toBe(`/software-detail.html?slug=revit&lang=${lang}`);
    await stubYouTube(page);
    await more.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/software-detail\.html/);
    const d = softwareDetail(page);
    await expect.poll(() => d.name.textContent()).toBe('Revit');
    expect(await d.badge.textContent()).toBe(COPY[lang].badge);
    expect([await d.visit.getAttribute('target'), await d.visit.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    await expectNoAxeViolations(page, `detail (${lang})`);
  });

  it('opens a video by keyboard in the overlay, closes it with Esc and returns focus to its card', async () => {
    // AutoCAD has a single video, so its card is the first and only one (no carousel clones).
    const { page, d } = await openDetail('autocad', lang);
    await d.cards.first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialogOpen(d)).toBe(true);
    expect(await d.iframe.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/VtLXKU1PpRU?autoplay=1&rel=0');
    expect(await d.iframe.getAttribute('title')).toBeTruthy();
    await expect.poll(() => focusedInWidget(d)).toMatchObject({ tag: 'button', text: expect.stringContaining(COPY[lang].close) });
    await expectNoAxeViolations(page, `video overlay (${lang})`);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialogOpen(d)).toBe(false);
    expect(await d.iframe.count()).toBe(0);
    await expect.poll(() => focusedInWidget(d)).toMatchObject({ tag: 'button', text: expect.stringContaining('AutoCAD') });

    // And by its close button, from the keyboard.
    await page.keyboard.press('Enter');
    await expect.poll(() => dialogOpen(d)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialogOpen(d)).toBe(false);
    await expectNoAxeViolations(page, `detail with videos (${lang})`);
  });

  it('says an unknown slug is not found', async () => {
    const { d } = await openDetail('photoshop', lang);
    expect(await d.notFound.textContent()).toBe(COPY[lang].notFound);
  });
});
