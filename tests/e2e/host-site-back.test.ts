// Coming back to the catalogue on the host site (Back from a product's page, a reload): it is on
// the page and search it was left on, kept in the page's history entry (not in the URL). The
// browser's back/forward cache is off under Playwright, as it is for many real visits: the page
// loads again each time.
import { describe, expect, it } from 'vitest';
import { pathFor, type Lang } from '../../host/src/routes.ts';
import { useBrowser } from './support/browser.ts';
import { useHostSite, widgetRendered } from './support/host-site.ts';
import { marketplace, PAGE_2 } from './support/marketplace.ts';
import { look } from './support/screens.ts';

const site = useHostSite();
const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'en-US', reducedMotion: 'reduce' });

describe.each(['es', 'en'] as Lang[])('the catalogue (%s)', (lang) => {
  it('is on the page it was left on after Back from a product, and after a reload', async () => {
    const page = await browser.newPage();
    const catalogue = site.base + pathFor({ page: 'marketplace', lang });
    await page.goto(catalogue);
    await widgetRendered(page, { page: 'marketplace', lang });
    const m = marketplace(page);
    await m.pageButton(2).click();
    await expect.poll(() => m.current.textContent()).toBe('2');
    expect(await m.cards.allTextContents()).toEqual(PAGE_2);
    expect(page.url()).toBe(catalogue);
    await m.more('Blender').click();
    await page.waitForURL(/\/blender$/);
    await page.goBack();
    await page.waitForURL(catalogue);
    await expect.poll(() => m.current.textContent()).toBe('2');
    expect(await m.cards.allTextContents()).toEqual(PAGE_2);
    await page.reload();
    await expect.poll(() => m.current.textContent()).toBe('2');
    await look(page, `catalogue-back-${lang}`);
  });

  it('keeps the search it was left on, and a new visit starts on page 1', async () => {
    const page = await browser.newPage();
    const catalogue = site.base + pathFor({ page: 'marketplace', lang });
    await page.goto(catalogue);
    const m = marketplace(page);
    await m.input.fill('BIM');
    await m.searchButton.click();
    await expect.poll(() => m.cards.allTextContents()).toEqual(['Revit', 'Archicad']);
    await m.more('Archicad').click();
    await page.waitForURL(/\/archicad$/);
    await page.goBack();
    await expect.poll(() => m.cards.allTextContents()).toEqual(['Revit', 'Archicad']);
    expect(await m.input.inputValue()).toBe('BIM');
    // A visit of its own (the menu's link, not Back) has nothing kept.
    await page.goto(site.base + pathFor({ page: 'home', lang }));
    await page.getByRole('link', { name: 'Marketplace', exact: true }).click();
    await page.waitForURL(catalogue);
    await expect.poll(() => m.cards.count()).toBe(6);
    expect(await m.input.inputValue()).toBe('');
  });
});
