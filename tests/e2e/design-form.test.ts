// <obra-design-form> as partner portals get it (the built IIFE bundle, one script tag, one
// element): fill, generate (success and failure), location by keyboard, the modal, one report
// with the expected JSON, reset on success, a keyboard-only journey, the draft across a reload,
// and axe-core in every state. The hostile host page: design-form-hostile.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { answerOk, imageUrl, openDesignForm, startDesignSite, type DesignFormPage } from './support/design-form.ts';
import { gate, type TestServer } from './support/server.ts';
import { focusedInWidget, runClockUntil, settle } from './support/widget.ts';

const browser = useBrowser();
let site: TestServer;

beforeAll(async () => {
  site = await startDesignSite();
});
afterAll(async () => {
  await site?.close();
});
beforeEach(() => {
  site.reset();
  answerOk(site);
});

/** Opens the test page; with `clock`, page.clock is installed first, so a test can run the page's timers forward. */
const open = async ({ clock = false } = {}) => {
  const page = await browser.newPage();
  if (clock) await page.clock.install();
  return { page, ...(await openDesignForm(page, `${site.origin}/design-form.html`)) };
};

const PROMPT =
  'Foto realista de edificación de uso vivienda, sistema constructivo bambú, cubierta doble pendiente. Estilo contemporáneo, luz natural de día, entorno urbano.';
const EXPECTED = (site: TestServer) => ({
  estadoProyecto: 'Nueva',
  etapaProyecto: '',
  ancho: '12',
  longitud: '',
  anchoEdificacion: '',
  largoEdificacion: '',
  altoEdificacion: '',
  uso: 'housing',
  usoEspecifico: '',
  sistemaConstructivo: 'bambu',
  diseno: 'Doble pendiente',
  tipoFachada: '',
  materialCubierta: '',
  materialFachada: '',
  zona: 'zone2',
  otros: ['parqueadero'],
  nombre: 'Ana Pérez',
  pais: 'Colombia',
  departamento: 'Antioquia',
  ciudad: 'Medellín',
  correo: 'ana@example.com',
  telefono: '+57 300 1234567',
  imageUrl: imageUrl(site),
  prompt: PROMPT,
});

/** Chooses the project with the mouse, as a visitor does. */
async function fillProject(form: DesignFormPage) {
  await form.radio('estadoProyecto', 'Nueva').check();
  await form.section('Dimensiones').click();
  await form.field('ancho').fill('12');
  await form.section('Uso').click();
  await form.radio('uso', 'housing').check();
  await form.section('Sistema constructivo').click();
  await form.radio('sistemaConstructivo', 'bambu').check();
  await form.section('Cubierta').click();
  await form.radio('diseno', 'Doble pendiente').check();
  await form.section('Zona').click();
  await form.radio('zona', 'zone2').check();
  await form.section('Otros').click();
  await form.host.locator('input[value=parqueadero]').check();
}

/** Types a place and picks the first suggestion with the keyboard. */
async function chooseLocation(page: Page, form: DesignFormPage) {
  if ((await form.section('Ubicación').getAttribute('aria-expanded')) === 'false') await form.section('Ubicación').click();
  await form.field('location').pressSequentially('Medel');
  await form.host.locator('[role=option]').first().waitFor();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

async function fillPersonal(form: DesignFormPage) {
  await form.opener.click();
  await form.modal.locator('[name=nombre]').fill('Ana Pérez');
  await form.modal.locator('[name=correo]').fill('ana@example.com');
  await form.modal.locator('[name=telefono]').pressSequentially('300 123 4567');
}

describe('generation', () => {
  it('posts { prompt, spec } once, shows the skeleton, then the image; a failure shows the example again', async () => {
    const { page, form } = await open();
    // The example is drawn inline, in the preview's 4:3 box: no image to fetch.
    expect(await form.example.getAttribute('aria-label')).toBe('Imagen de ejemplo: una casa de dos pisos');
    const box = (await form.example.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(4 / 3, 2);
    expect(await form.preview.count()).toBe(0);
    await fillProject(form);
    const held = gate();
    site.reply = { ...site.reply, hold: held.hold };
    await form.bolt('Zona').dblclick();
    // force: Playwright would wait for aria-disabled to go; a visitor's click does not wait.
    await form.bolt('Cubierta').click({ force: true });
    await form.skeleton.waitFor();
    held.open();
    await expect.poll(() => form.preview.getAttribute('src'), { timeout: 5000 }).toBe(imageUrl(site));
    expect(await form.preview.getAttribute('alt')).toBe('Vista generada por IA');
    const posts = site.posts('/api/generate-image');
    expect(posts.map((p) => p.body)).toEqual([
      {
        prompt: PROMPT,
        spec: expect.objectContaining({
          uso: 'housing',
          sistemaConstructivo: 'bambu',
          diseno: 'Doble pendiente',
          zona: 'zone2',
          ancho: '12',
        }),
      },
    ]);

    site.reply = { status: 502, body: { errorMessage: 'down' } };
    const logged: string[] = [];
    page.on('console', (m) => logged.push(m.text()));
    await form.bolt('Uso').click();
    await expect.poll(() => form.preview.count()).toBe(0);
    expect(await form.example.getAttribute('aria-label')).toBe('Imagen de ejemplo: una casa de dos pisos');
    // Quiet on the page (the browser's own line about the 502 aside): the widget logs the reason only with `debug`.
    expect(logged.filter((text) => text.includes('[obra-design-form]'))).toEqual([]);
    await form.host.evaluate((el) => el.setAttribute('debug', ''));
    await form.bolt('Uso').click();
    await expect.poll(() => logged.some((text) => text.includes('La respuesta del servidor no fue exitosa'))).toBe(true);
  });
});

describe('location', () => {
  it('searches above 2 characters and fills country, region and city by keyboard', async () => {
    const { page, form, searches } = await open({ clock: true });
    await form.section('Ubicación').click();
    await form.field('location').pressSequentially('Me');
    // Well past the search's debounce: a search would have started, and finished once settled.
    await page.clock.runFor(5_000);
    await settle(page);
    expect(searches).toEqual([]);
    await form.field('location').fill('');
    await chooseLocation(page, form);
    expect(searches).toEqual(['?query=Medel&lang=es']);
    expect(await form.field('location').inputValue()).toBe('Medellín, Antioquia, Colombia');
    await form.opener.click();
    expect(await Promise.all(['pais', 'departamento', 'ciudad'].map((n) => form.modal.locator(`[name=${n}]`).inputValue()))).toEqual([
      'Colombia',
      'Antioquia',
      'Medellín',
    ]);
  });
});

describe('submission', () => {
  it('is blocked without a generated image', async () => {
    const { page, form } = await open();
    await chooseLocation(page, form);
    await fillPersonal(form);
    await form.modal.locator('button[type=submit]').click();
    await expect.poll(() => form.dialog.locator('h2').textContent()).toBe('Imagen no generada');
    await settle(page);
    expect(site.posts('/api/form-report')).toEqual([]);
  });

  it('sends exactly one report with the expected JSON, with the overlay, then resets', async () => {
    const { page, form } = await open();
    await fillProject(form);
    await form.bolt('Cubierta').click();
    await expect.poll(() => form.preview.getAttribute('src')).toBe(imageUrl(site));
    await chooseLocation(page, form);
    await fillPersonal(form);
    const held = gate();
    site.reply = { ...site.reply, hold: held.hold };
    const submit = form.modal.locator('button[type=submit]');
    await submit.dblclick();
    await page.keyboard.press('Enter');
    await form.overlay.waitFor();
    expect(await form.overlay.textContent()).toBe('Enviando reporte al correo...');
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    held.open();
    await expect.poll(() => form.dialog.locator('h2').textContent()).toBe('Formulario enviado con éxito');
    await settle(page);
    expect(site.posts('/api/form-report').map((p) => p.body)).toStrictEqual([EXPECTED(site)]);
    expect(site.posts('/api/form-report')[0]!.headers['idempotency-key']).toMatch(/^[\w-]{36}$/);
    expect(await form.modal.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    await form.dialog.locator('button').click();
    await expect.poll(() => focusedInWidget(form)).toMatchObject({ tag: 'button', text: 'Solicitar reporte por correo' });
    expect(await form.radio('uso', 'housing').isChecked()).toBe(false);
    expect(await form.preview.count()).toBe(0);
    expect(await form.example.count()).toBe(1);
  });

  it('shows the server error in an alert and keeps what was typed', async () => {
    const { page, form } = await open({ clock: true });
    await form.bolt('Uso').click();
    await expect.poll(() => form.preview.getAttribute('src')).toBe(imageUrl(site));
    await chooseLocation(page, form);
    await fillPersonal(form);
    site.reply = { status: 502, body: { errorMessage: 'El servicio de correo no responde.' } };
    await form.modal.locator('button[type=submit]').click();
    const title = form.dialog.locator('h2');
    await runClockUntil(page, async () => (await title.count()) > 0 && (await title.textContent()) === 'Error de red o del servidor');
    expect(await form.dialog.getAttribute('role')).toBe('alertdialog');
    expect(await form.dialog.locator('p').first().textContent()).toBe('El servicio de correo no responde.');
    await page.keyboard.press('Escape');
    expect(await form.modal.locator('[name=nombre]').inputValue()).toBe('Ana Pérez');
  });
});

describe('keyboard and draft', () => {
  it('completes the whole journey by keyboard only', async () => {
    const { page, form } = await open();
    const focused = () => focusedInWidget(form);
    const tabTo = async (text: string, key = 'Tab') => {
      for (let i = 0; i < 80; i++) {
        const now = await focused();
        if (now && (now.text === text || now.name === text)) return;
        await page.keyboard.press(key);
      }
      throw new Error(`Tab never reached ${text}`);
    };
    await tabTo('Proyecto');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await form.radio('estadoProyecto', 'Nueva').isChecked()).toBe(true);
    await tabTo('Ubicación');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Medel');
    await form.host.locator('[role=option]').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo('Uso');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect((await focused())?.text).toBe('');
    await page.keyboard.press('Enter');
    await expect.poll(() => form.preview.getAttribute('src')).toBe(imageUrl(site));
    await tabTo('Solicitar reporte por correo');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused()).toMatchObject({ tag: 'button' });
    await tabTo('nombre');
    await page.keyboard.type('Ana Pérez');
    await tabTo('correo');
    await page.keyboard.type('ana@example.com');
    await tabTo('telefono');
    await page.keyboard.type('3001234567');
    await expect.poll(focused).toMatchObject({ name: 'telefono', value: '+57 3001234567' });
    await page.keyboard.press('Tab');
    await expect.poll(focused).toMatchObject({ text: 'Enviar reporte' });
    await page.keyboard.press('Tab');
    await expect.poll(focused).toMatchObject({ tag: 'button', text: '' });
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => form.dialog.locator('h2').textContent()).toBe('Formulario enviado con éxito');
    await page.keyboard.press('Enter');
    await expect.poll(() => focused()).toMatchObject({ text: 'Solicitar reporte por correo' });
    expect(site.posts('/api/form-report')).toHaveLength(1);
    expect(site.posts('/api/form-report')[0]!.body).toMatchObject({
      estadoProyecto: 'Nueva',
      ciudad: 'Medellín',
      telefono: '+57 300 1234567',
      nombre: 'Ana Pérez',
    });
  });

  it('the modal takes focus, wraps Tab, closes on Esc and gives focus back', async () => {
    const { page, form } = await open();
    await form.opener.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedInWidget(form)).toMatchObject({ tag: 'button', text: '' });
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => focusedInWidget(form)).toMatchObject({ text: 'Enviar reporte' });
    await page.keyboard.press('Escape');
    expect(await form.modal.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    await expect.poll(() => focusedInWidget(form)).toMatchObject({ text: 'Solicitar reporte por correo' });
  });

  it('keeps the draft across a reload', async () => {
    const { page, form } = await open();
    await fillProject(form);
    await form.opener.click();
    await form.modal.locator('[name=nombre]').fill('Ana Pérez');
    // The draft is saved a moment after typing stops: reload once it is stored.
    await expect.poll(() => page.evaluate(() => Object.values(localStorage).some((value) => value.includes('Ana Pérez')))).toBe(true);
    await page.reload();
    await form.title.waitFor();
    // The sections start closed again; each shows what was chosen when it opens.
    for (const section of ['Dimensiones', 'Sistema constructivo', 'Otros']) await form.section(section).click();
    expect(await form.radio('sistemaConstructivo', 'bambu').isChecked()).toBe(true);
    expect(await form.host.locator('input[value=parqueadero]').isChecked()).toBe(true);
    expect(await form.field('ancho').inputValue()).toBe('12');
    await form.opener.click();
    expect(await form.modal.locator('[name=nombre]').inputValue()).toBe('Ana Pérez');
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['obra:design-form:/design-form.html:0']);
  });
});

describe('accessibility', () => {
  // Five axe-core scans: well over the default 30 s when the 2-core machine is busy.
  it.each(['es', 'en'] as const)(
    'axe-core finds nothing in the form, modal, overlay and dialog states (%s)',
    { timeout: 90_000 },
    async (lang) => {
      const { page, form } = await open();
      await page.evaluate((l) => document.documentElement.setAttribute('lang', l), lang);
      const t =
        lang === 'es' ? { system: 'Sistema constructivo', location: 'Ubicación' } : { system: 'Construction system', location: 'Location' };
      await form.section(t.system).click();
      await form.section(t.location).click();
      await form.field('location').pressSequentially('Medel');
      await form.host.locator('[role=option]').first().waitFor();
      await page.keyboard.press('ArrowDown');
      await expectNoAxeViolations(page, 'form with suggestions');
      await page.keyboard.press('Enter');
      await form.bolt(t.system).click();
      await expect.poll(() => form.preview.getAttribute('src')).toBe(imageUrl(site));
      await form.opener.click();
      await form.modal.locator('button[type=submit]').click();
      await expectNoAxeViolations(page, 'modal with errors');
      await form.modal.locator('[name=nombre]').fill('Ana Pérez');
      await form.modal.locator('[name=correo]').fill('ana@example.com');
      await form.modal.locator('[name=telefono]').pressSequentially('3001234567');
      await form.modal.locator('.country-button').click();
      await expectNoAxeViolations(page, 'phone country list');
      await page.keyboard.press('Escape');
      const held = gate();
      site.reply = { ...site.reply, hold: held.hold };
      await form.modal.locator('button[type=submit]').click();
      await form.overlay.waitFor();
      await expectNoAxeViolations(page, 'sending overlay');
      held.open();
      await form.dialog.waitFor({ timeout: 5000 });
      await expectNoAxeViolations(page, 'success dialog');
    },
  );
});
