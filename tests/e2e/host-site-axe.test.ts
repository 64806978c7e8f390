// axe-core (WCAG 2.2 A/AA) on every page of the host site in es and en, widgets rendered, at
// phone width, plus the 404 page, the open home overlay and the open contact popup.
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { PAGE_ROUTES, pagePath, useHostSite, widgetRendered } from './support/host-site.ts';

const site = useHostSite();
const browser = useBrowser({ viewport: { width: 390, height: 844 }, locale: 'es-ES', reducedMotion: 'reduce' });

describe('accessibility of the host site', () => {
  // The scan's settings (axe put into the page, violations only) must still see into a widget's shadow root.
  it('finds a violation planted inside a widget', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.base}/es/lista_de_espera`);
    await page
      .locator('obra-wait-list')
      .evaluate((el) => el.shadowRoot!.append(Object.assign(document.createElement('input'), { id: 'planted' })));
    await expect(expectNoAxeViolations(page, 'planted')).rejects.toThrow(/label[^]*#planted/);
  });

  it.each(PAGE_ROUTES.map((route) => [pagePath(route), route] as const))('%s has no WCAG violations', async (path, route) => {
    const page = await browser.newPage();
    await page.goto(site.base + path);
    await widgetRendered(page, route);
    await expectNoAxeViolations(page, path);
  });

  it('the 404 pages, the open menu, the home overlay (wide) and the contact popup have none', async () => {
    const page = await browser.newPage();
    await page.goto(`${site.base}/en/nothing-here`);
    await expectNoAxeViolations(page, '404');
    await page.goto(`${site.base}/es/producto/nada`);
    await expectNoAxeViolations(page, 'unknown software');
    await page.getByRole('button', { name: 'Menú' }).click();
    await expectNoAxeViolations(page, 'open menu');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${site.base}/en`);
    await page.getByRole('button', { name: 'Open the form' }).click();
    await page.waitForFunction(() => !!document.querySelector('dialog obra-design-form')?.shadowRoot?.textContent?.trim(), null, {
      timeout: 15_000,
    });
    await expectNoAxeViolations(page, 'home overlay');
    await page.goto(`${site.base}/es/valores`);
    await page.getByRole('button', { name: 'Escríbenos' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enviar mensaje' }).click();
    await expectNoAxeViolations(page, 'contact popup with errors');
  });
});
