// The host site at 1280 px in real Chromium: navigation and the toggle on every page in both
// languages, the home overlay (scroll lock without a jump), the contact popup storing one row.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { alternatePath, WIDGET_OF, type Lang } from '../../host/src/routes.ts';
import { ROOT } from '../server/support/api.ts';
import { useBrowser } from './support/browser.ts';
import { PAGE_ROUTES, pagePath, useHostSite, widgetRendered } from './support/host-site.ts';
import { stubYouTube } from './support/marketplace.ts';
import { paletteOf } from './support/pixels.ts';
import { look } from './support/screens.ts';
import { recordShifts, shiftsSoFar, type Shift } from './support/shifts.ts';
import { settle } from './support/widget.ts';

const site = useHostSite();
/** Common desktop and laptop screens (CSS px), from the small laptop to full HD. */
const COMMON_DESKTOPS = [
  [1024, 768],
  [1280, 800],
  [1280, 900],
  [1366, 768],
  [1440, 900],
  [1536, 864],
  [1920, 1080],
] as const;
const browser = useBrowser({ viewport: { width: 1280, height: 900 }, locale: 'en-US', reducedMotion: 'reduce' });

/**
 * What the page (and every shadow root in it) gets wrong in its markup: a button or an input
 * without an explicit type (a button submits its form by default), a heading with no text.
 */
const markupSlips = (page: Page) =>
  page.evaluate(() => {
    const slips: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('button:not([type]), input:not([type])'))
        slips.push(`${el.localName} without a type: ${el.outerHTML.slice(0, 80)}`);
      for (const el of root.querySelectorAll('h1, h2, h3, h4'))
        if (!el.textContent?.trim()) slips.push(`empty ${el.localName}: ${el.outerHTML.slice(0, 80)}`);
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
    };
    walk(document);
    return slips;
  });

describe('on a desktop (1280 px)', () => {
  it('shows every page in both languages, with a toggle to the same page in the other language', async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const route of PAGE_ROUTES) {
      const response = await page.goto(site.base + pagePath(route));
      expect(response?.status()).toBe(200);
      expect(await page.locator('html').getAttribute('lang')).toBe(route.lang);
      expect(await page.locator('h1').isVisible()).toBe(true);
      await widgetRendered(page, route);
      expect(await markupSlips(page), pagePath(route)).toEqual([]);
      const other: Lang = route.lang === 'es' ? 'en' : 'es';
      expect(await page.locator('[data-lang-toggle]').getAttribute('href')).toBe(alternatePath(route, other));
    }
    // Follow the header links and the toggle once, by clicking.
    await page.goto(`${site.base}/en`);
    await page.getByRole('link', { name: 'Marketplace', exact: true }).click();
    await page.waitForURL(`${site.base}/en/marketplace`);
    await page.getByRole('link', { name: 'Leer esta página en español' }).click();
    await page.waitForURL(`${site.base}/es/marketplace`);
    await page.getByRole('link', { name: 'Obra, inicio' }).click();
    await page.waitForURL(`${site.base}/es`);
    expect(errors).toEqual([]);
  });

  it.each([
    [1280, 900],
    [1024, 700],
    [900, 1100],
  ])("reserves each widget's space at %i×%i: nothing visible shifts while the widgets load", async (width, height) => {
    const page = await browser.newPage();
    await page.setViewportSize({ width, height });
    // The product page's video thumbnails come from i.ytimg.com, which this machine cannot reach:
    // answered here (same size), or settle() would wait on however long the failure takes.
    await stubYouTube(page);
    await recordShifts(page);
    const shifted: Record<string, Shift[]> = {};
    const gaps: Record<string, number> = {};
    for (const route of PAGE_ROUTES.filter((r) => r.lang === 'es' && WIDGET_OF[r.page])) {
      await page.goto(site.base + pagePath(route));
      await widgetRendered(page, route);
      // Shifts come from late fonts, images and renders: wait for those, then for a painted frame.
      await page.evaluate(() => document.fonts.ready);
      await settle(page);
      const shifts = (await shiftsSoFar(page)).filter((shift) => !shift.afterInput);
      if (shifts.length) shifted[pagePath(route)] = shifts;
      // Nor is far more space reserved than the widget fills: no blank band under it.
      const gap = await page.evaluate((tag) => {
        const host = document.querySelector(tag)!;
        return host.getBoundingClientRect().height - host.shadowRoot!.querySelector('.obra-root')!.getBoundingClientRect().height;
      }, WIDGET_OF[route.page]!);
      if (gap > 48) gaps[pagePath(route)] = Math.round(gap);
    }
    expect({ shifted, gaps }).toEqual({ shifted: {}, gaps: {} });
  });

  it.each([
    ['es', 'sketchup', 4],
    ['en', 'autocad', 3],
  ] as [Lang, string, number][])(
    'shows the product page (%s, %s: %i videos) as it stays: three video cards, no broken image, and the first hover moves nothing',
    async (lang, slug, videos) => {
      const page = await browser.newPage();
      // The thumbnails fail at once, as they do here (no internet), behind a blocker or offline.
      await page.route('https://i.ytimg.com/**', (route) => route.abort('namenotresolved'));
      await recordShifts(page);
      await page.goto(site.base + pagePath({ page: 'product', lang, slug }));
      const detail = page.locator('obra-software-detail');
      const carousel = detail.locator('.carousel');
      await carousel.scrollIntoViewIfNeeded();
      await settle(page);
      // The pre-rendered view, which no script has measured, already has the widget's three cards in view.
      const perView = () => carousel.evaluate((el) => el.clientWidth / el.querySelector('.carousel-slide')!.getBoundingClientRect().width);
      expect(Math.round(await perView())).toBe(3);
      // Its controls show only when there is more to see than three cards.
      const controls = detail.locator('.carousel-controls');
      expect(await controls.isVisible()).toBe(videos > 3);
      // The first card's top-left corner, where a broken image draws its icon: the grey card only.
      expect(Object.keys(await paletteOf(page, detail.locator('.thumb').first(), { x: 8, y: 8, width: 40, height: 40 }))).toEqual([
        '#d1d5db',
      ]);
      await detail.evaluate((el) => el.addEventListener('obra-take-over', () => el.setAttribute('data-taken-over', ''), { once: true }));
      const before = (await shiftsSoFar(page)).length;
      await carousel.hover();
      await page.waitForSelector('obra-software-detail[data-taken-over]');
      await settle(page);
      const moved = (await shiftsSoFar(page)).slice(before);
      expect(
        moved.reduce((sum, shift) => sum + shift.value, 0),
        JSON.stringify(moved),
      ).toBeLessThan(0.01);
      expect([Math.round(await perView()), await controls.isVisible()]).toEqual([3, videos > 3]);
      await look(page, `product-videos-${lang}`);
    },
  );

  it.each(['es', 'en'] as Lang[])(
    'keeps the home notice (%s) off every card at common desktop sizes, wherever the page is scrolled',
    async (lang) => {
      const page = await browser.newPage();
      const covered: Record<string, string[]> = {};
      for (const [width, height] of COMMON_DESKTOPS) {
        await page.setViewportSize({ width, height });
        await page.goto(site.base + pagePath({ page: 'home', lang }));
        expect(await page.locator('[data-notice]').isVisible(), `${width}×${height}`).toBe(true);
        const bottom = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
        for (let y = 0; y <= bottom + height / 4; y += Math.round(height / 4)) {
          await page.evaluate((top) => window.scrollTo(0, top), Math.min(y, bottom));
          const hits = await page.evaluate(() => {
            const notice = document.querySelector('[data-notice]')!.getBoundingClientRect();
            return [...document.querySelectorAll('main :is(.card, h1, h2, h3, p, a, img, svg)')]
              .filter((el) => !el.closest('[data-notice], dialog'))
              .filter((el) => {
                const r = el.getBoundingClientRect();
                return r.width > 0 && r.left < notice.right && r.right > notice.left && r.top < notice.bottom && r.bottom > notice.top;
              })
              .map((el) => `${el.localName}.${el.getAttribute('class') ?? ''} “${el.textContent?.trim().slice(0, 30) ?? ''}”`);
          });
          if (hits.length) covered[`${width}×${height} at ${Math.min(y, bottom)}`] = hits;
        }
      }
      expect(covered).toEqual({});
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await look(page, `home-notice-${lang}`);
    },
  );

  it('gives the notice’s column back to the content once it is dismissed, from the first paint of the next page', async () => {
    const page = await browser.newPage();
    await recordShifts(page);
    await page.goto(`${site.base}/en`);
    const contentWidth = () => page.locator('.home-content').evaluate((el) => el.getBoundingClientRect().width);
    const narrow = await contentWidth();
    await page.getByRole('button', { name: 'Dismiss notice' }).click();
    expect(await page.locator('[data-notice]').isVisible()).toBe(false);
    const wide = await contentWidth();
    expect(wide - narrow).toBeGreaterThan(250);
    // The Spanish home of the same visit: laid out without the column before its script runs.
    await page.goto(`${site.base}/es`);
    await settle(page);
    expect([await page.locator('[data-notice]').isVisible(), await contentWidth()]).toEqual([false, wide]);
    expect(await shiftsSoFar(page)).toEqual([]);
  });

  it.each(['es', 'en'] as Lang[])(
    'says in the design form’s modal, as it opens, that the image is missing, and makes it there (%s)',
    async (lang) => {
      const page = await browser.newPage();
      await page.goto(site.base + pagePath({ page: 'form', lang }));
      const form = page.locator('obra-design-form');
      await form.locator('button.opener').click();
      const notice = form.locator('dialog.modal #design-form-modal-image');
      await notice.waitFor();
      expect(await markupSlips(page)).toEqual([]);
      expect(await notice.locator('p').first().textContent()).toBe(lang === 'es' ? 'Imagen no generada' : 'Image not generated');
      await look(page, `form-modal-no-image-${lang}`);
      await notice.getByRole('button').click();
      await notice.waitFor({ state: 'detached', timeout: 15_000 });
      expect(await form.locator('dialog.modal [role=status]').textContent()).toBe(lang === 'es' ? 'Imagen generada.' : 'Image generated.');
      await look(page, `form-modal-image-made-${lang}`);
    },
  );

  it('paints no page before it is parsed to its end, on a busy CPU, in both languages', async () => {
    // A busy browser painted pages half parsed (the footer's first lines at the bottom of the screen,
    // a pagination with one button), then moved them when the rest came: layout shifts. The first
    // animation frame runs with the first paint; by then the body's last element must be there.
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.addInitScript(() => {
      const w = window as unknown as { __firstFrame?: string };
      requestAnimationFrame(
        () => (w.__firstFrame = `${document.readyState}, #parsed ${document.getElementById('parsed') ? 'in' : 'not yet in'} the page`),
      );
    });
    const firstFrames: Record<string, string | undefined> = {};
    for (const route of PAGE_ROUTES) {
      await page.goto(site.base + pagePath(route), { waitUntil: 'load' });
      // On a busy machine 'load' can come before the first frame: wait for the frame, then read what it saw.
      const seen = await page.waitForFunction(() => (window as unknown as { __firstFrame?: string }).__firstFrame);
      firstFrames[pagePath(route)] = (await seen.jsonValue()) as string;
    }
    const parsed = Object.fromEntries(PAGE_ROUTES.map((route) => [pagePath(route), expect.stringMatching(/, #parsed in the page$/)]));
    expect(firstFrames).toEqual(parsed);
    // Every page of the site at a sixth of the CPU: 18 s on a quiet machine, 30 s and more in
    // fresh-clone runs while other work ran (the browser project's limit). The limit stops a hang.
  }, 120_000);

  it('opens the design form in a full-screen overlay with the page scroll locked, and Esc closes it', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.base}/es`);
    await page.evaluate(() => window.scrollTo(0, 300));
    const header = await page.locator('.brand').boundingBox();
    const open = page.getByRole('button', { name: 'Abrir el formulario' });
    await open.click();
    const dialog = page.locator('dialog[data-overlay]');
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'))).toBe(true);
    await page.waitForFunction(() => !!document.querySelector('dialog obra-design-form')?.shadowRoot?.textContent?.trim(), null, {
      timeout: 15_000,
    });
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // Nothing behind moved sideways when the scrollbar went away.
    expect((await page.locator('.brand').boundingBox())?.x).toBe(header?.x);
    const box = await dialog.boundingBox();
    expect([box?.width, box?.height]).toEqual([1280, 900]);
    await page.mouse.wheel(0, 500);
    await page.keyboard.press('Escape');
    expect(await dialog.evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    // The dialog's 'close' event, which unlocks, comes in the task after it closed.
    await expect.poll(() => page.evaluate(() => [getComputedStyle(document.body).overflow, window.scrollY])).toEqual(['visible', 300]);
    await expect.poll(() => open.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('sends the values page contact popup: validation first, then one stored row', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.base}/en/values`);
    await page.getByRole('button', { name: 'Write to us' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await dialog.getByRole('button', { name: 'Send message' }).click();
    expect(await dialog.locator('[data-error-for=email]').textContent()).toBe('This field is required.');
    await dialog.getByLabel('Name').fill('Marta Ruiz');
    await dialog.getByLabel('E-mail').fill('marta@example.com');
    await dialog.getByLabel('Message').fill('Do you build modular homes?');
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/contact'));
    await dialog.getByRole('button', { name: 'Send message' }).click();
    expect((await answer).status()).toBe(201);
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Thank you! We received your message and will answer soon.');
    // The embedded database allows one process: stop the host, then read what it stored.
    expect(await site.process.stop()).toBe(0);
    const rows = JSON.parse(
      execFileSync(process.execPath, ['--conditions=source', 'packages/server/src/export.ts', 'contact', '--format', 'json'], {
        cwd: ROOT,
        env: { ...process.env, OBRA_DATA_DIR: site.dataDir },
        encoding: 'utf8',
      }),
    );
    expect(rows).toMatchObject([{ name: 'Marta Ruiz', email: 'marta@example.com', message: 'Do you build modular homes?' }]);
  });
});
