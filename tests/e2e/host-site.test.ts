// The host site in real Chromium against the started server: navigation in both languages at
// phone and desktop widths, the ES/EN toggle, the mobile menu, the home overlay and the values
// page's contact popup storing one row.
import { describe, expect, it } from 'vitest';
import { phoneContext, useBrowser } from './support/browser.ts';
import { PAGE_ROUTES, pagePath, useHostSite, widgetRendered } from './support/host-site.ts';

const site = useHostSite();
const phone = useBrowser(phoneContext());

describe('routes over HTTP', () => {
  it('redirects / and the other spelling, and answers 404 in the language of the path or of the browser', async () => {
    const get = (path: string, headers: Record<string, string> = {}) => fetch(site.base + path, { redirect: 'manual', headers });
    expect((await get('/')).headers.get('location')).toBe('/es');
    const alias = await get('/en/formulario?x=1');
    expect([alias.status, alias.headers.get('location')]).toEqual([308, '/en/form?x=1']);
    expect((await get('/es/product/sketchup')).headers.get('location')).toBe('/es/producto/sketchup');
    const missing = await get('/es/nada', { 'Accept-Language': 'en' });
    expect(missing.status).toBe(404);
    const spanish = await missing.text();
    expect([
      spanish.includes('<html lang="es">'),
      spanish.includes('<title>Página no encontrada — Obra</title>'),
      spanish.includes('Page not found'),
    ]).toEqual([true, true, false]);
    // Under /en the 404 page speaks English only, menu and footer included.
    const english = await (await get('/en/nothing')).text();
    expect([english.includes('<html lang="en">'), english.includes('<h1>Page not found</h1>'), english.includes('Página')]).toEqual([
      true,
      true,
      false,
    ]);
    // A path with no language: the language the browser asks for, Spanish by default.
    const asked = await get('/nothing', { 'Accept-Language': 'fr-FR, en;q=0.8, es;q=0.5' });
    expect([asked.status, asked.headers.get('vary'), (await asked.text()).includes('<html lang="en">')]).toEqual([
      404,
      'Accept-Language',
      true,
    ]);
    expect(await (await get('/nothing')).text()).toContain('<html lang="es">');
    const slug = await get('/en/product/no-such-program');
    expect(slug.status).toBe(404);
    expect(await slug.text()).toContain('Software not found.');
    expect((await get('/demo/')).status).toBe(200);
    expect((await get('/examples/none.html')).status).toBe(404);
    // A malformed escape names no file: 404, not a server error.
    expect((await get('/assets/%E0%A4%A.js')).status).toBe(404);
    const css = (await get('/es')).headers;
    expect(css.get('content-type')).toBe('text/html; charset=utf-8');
  });
});

describe('on a phone (390 px)', () => {
  it('navigates through the collapsed menu, which closes on a link click, outside and Esc', async () => {
    const page = await phone.newPage();
    await page.goto(`${site.base}/es`);
    const button = page.getByRole('button', { name: 'Menú' });
    const link = page.getByRole('link', { name: 'Formulario', exact: true });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await link.isVisible()).toBe(false);
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    // A tap below the open menu, on the page.
    await page.mouse.click(195, 780);
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    await link.click();
    await page.waitForURL(`${site.base}/es/formulario`);
    await widgetRendered(page, { page: 'form', lang: 'es' });
    expect(await page.locator('h1').textContent()).toBe('Diseña tu proyecto');
    expect(await page.getByRole('button', { name: 'Menú' }).getAttribute('aria-expanded')).toBe('false');
    // The toggle keeps the page and translates its segment.
    await page.getByRole('button', { name: 'Menú' }).click();
    await page.getByRole('link', { name: 'Read this page in English' }).click();
    await page.waitForURL(`${site.base}/en/form`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await widgetRendered(page, { page: 'form', lang: 'en' });
    // No horizontal scrolling at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('shows every page in both languages without sideways scrolling, the menu collapsed', async () => {
    const page = await phone.newPage();
    for (const route of PAGE_ROUTES) {
      const response = await page.goto(site.base + pagePath(route));
      expect(response?.status()).toBe(200);
      expect(await page.locator('html').getAttribute('lang')).toBe(route.lang);
      await widgetRendered(page, route);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), pagePath(route)).toBeLessThanOrEqual(0);
      expect(await page.locator('[data-menu-button]').getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('[data-menu]').isVisible()).toBe(false);
      // The home notice is for wide screens only.
      expect(await page.locator('[data-notice]').isVisible()).toBe(false);
    }
  });
});
