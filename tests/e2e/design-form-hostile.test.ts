// <obra-design-form> on a hostile partner page (hostile.css + hostile-design-form.css, strict
// CSP): it must look exactly as on the plain page, trigger no CSP violation and leak no CSS.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { answerOk, DESIGN_CAPTURE, imageUrl, openDesignForm } from './support/design-form.ts';
import { blockWidgetBundles, HOSTILE_CSP, setHostWidth, snapshotProbes, snapshotShadow, watchCsp } from './support/hostile.ts';
import { gate, PAGES_DIR, startServer, type TestServer } from './support/server.ts';

const browser = useBrowser();
let site: TestServer;

beforeAll(async () => {
  site = await startServer({
    pagesDir: PAGES_DIR,
    capture: DESIGN_CAPTURE,
    pageHeaders: { '/hostile-design-form.html': { 'Content-Security-Policy': HOSTILE_CSP } },
  });
});
afterAll(async () => {
  await site?.close();
});
beforeEach(() => {
  site.reset();
  answerOk(site);
});

const FORM_PARTS = {
  root: '.obra-root',
  section: 'section.design-form',
  title: '#design-form-title',
  panel: '.image-panel',
  // The example illustration, drawn inline until an image is generated.
  preview: '.preview svg',
  toggle: '.toggle',
  bolt: '.bolt',
  body: '.section-body:not([hidden])',
  legend: 'legend',
  option: '.option',
  radio: 'input[type=radio]',
  opener: 'button.opener',
  hint: '.bolt-hint',
};
const MODAL_PARTS = {
  modal: 'dialog.modal',
  modalTitle: '#design-form-modal-title',
  close: 'button.close',
  input: 'dialog input[name=nombre]',
  country: '.country-button',
  error: 'dialog .error',
};

/** The widget's look: idle, then the modal after an empty submit (with a generated image). */
async function lookOf(page: Page, path: string, width: number) {
  const { form } = await openDesignForm(page, `${site.origin}${path}`);
  await setHostWidth(form.host, width);
  const idle = await snapshotShadow(form.host, FORM_PARTS);
  await form.bolt('Uso').click();
  await expect.poll(() => form.preview.getAttribute('src')).toBe(imageUrl(site));
  const generated = await snapshotShadow(form.host, { preview: '.preview img', status: '.image-status' });
  await form.opener.click();
  await form.modal.locator('button[type=submit]').click();
  await form.modal.locator('.error').first().waitFor();
  const modal = await snapshotShadow(form.host, MODAL_PARTS);
  return { idle, generated, modal };
}

describe('<obra-design-form> on a hostile host page', () => {
  it.each([900, 360])('looks identical to the plain page at a %ipx container', async (width) => {
    const plain = await lookOf(await browser.newPage(), '/design-form.html', width);
    const hostile = await lookOf(await browser.newPage(), '/hostile-design-form.html', width);
    for (const state of [plain.idle, plain.generated, plain.modal])
      for (const [name, part] of Object.entries(state)) expect(part, name).not.toBeNull();
    expect(plain.idle.root!.width).toBe(width);
    expect(plain.idle.title!.style['font-size']).toBe('24px');
    expect(plain.generated.preview!.width).toBeGreaterThan(200);
    expect(hostile.idle).toEqual(plain.idle);
    expect(hostile.generated).toEqual(plain.generated);
    expect(hostile.modal).toEqual(plain.modal);
  });

  it('runs under a strict CSP without a single violation (image, modal, overlay, dialog)', async () => {
    const page = await browser.newPage();
    const csp = await watchCsp(page);
    const { form } = await openDesignForm(page, `${site.origin}/hostile-design-form.html`);
    await form.example.waitFor();
    await form.bolt('Uso').click();
    await expect.poll(() => form.preview.getAttribute('src')).toBe(imageUrl(site));
    // The generated image loads under the page's img-src.
    await expect
      .poll(() => form.preview.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))
      .toBe(true);
    await form.section('Ubicación').click();
    await form.field('location').pressSequentially('Medel');
    await form.host.locator('[role=option]').first().click();
    await form.opener.click();
    await form.modal.locator('[name=nombre]').fill('Ana Pérez');
    await form.modal.locator('[name=correo]').fill('ana@example.com');
    await form.modal.locator('[name=telefono]').pressSequentially('3001234567');
    const held = gate();
    site.reply = { ...site.reply, hold: held.hold };
    await form.modal.locator('button[type=submit]').click();
    await form.overlay.waitFor();
    held.open();
    await form.dialog.waitFor();
    expect(site.posts('/api/form-report')).toHaveLength(1);
    expect(await csp.violations()).toEqual([]);
  });

  it('leaks no CSS: page elements named like the widget parts keep the page styles', async () => {
    const bare = await browser.newPage();
    await blockWidgetBundles(bare);
    await bare.goto(`${site.origin}/hostile-design-form.html`);
    expect(await bare.evaluate(() => customElements.get('obra-design-form'))).toBeUndefined();
    const expected = await snapshotProbes(bare);
    expect(expected['div.section']!.display).toBe('none');
    const page = await browser.newPage();
    const { form } = await openDesignForm(page, `${site.origin}/hostile-design-form.html`);
    await form.opener.click();
    expect(await snapshotProbes(page)).toEqual(expected);
  });
});
