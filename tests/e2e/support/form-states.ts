// What each tests/e2e/form-states-*.test.ts checks of its form (issue 38): every message a visitor
// reads while the form is not simply idle is legible. axe-core (WCAG 2.2 A/AA, color-contrast
// included) on the host site's page of the form in es and en, and on a partner's test page in the
// widgets' own colours, on a phone and a desktop, IN each state: a refused field, the send under
// way, offline with the submission kept, and the error dialog. axe leaves text it cannot judge
// (over a see-through layer) as "incomplete", and disabled buttons out: those are measured here
// too, so a pending or offline text is 4.5:1 against what is really behind it. One file per form
// (the design form, the slowest, one per viewport), each with its own platform: none takes 20 s.
// OBRA_SCREENSHOTS=<folder> also saves each state on a phone, to be looked at.
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './axe.ts';
import { phoneContext, useBrowser } from './browser.ts';
import { FORMS, putDesignDraft } from './forms.ts';
import { takenOver } from './host-site.ts';
import { gate } from './server.ts';
import { startPlatform, type Platform } from './platform.ts';

/** Where the phone's screenshots of each state go (OBRA_SCREENSHOTS), or nowhere. */
const SHOTS = process.env.OBRA_SCREENSHOTS;
const VIEWPORTS = {
  phone: phoneContext('es-ES'),
  desktop: { viewport: { width: 1280, height: 900 }, locale: 'es-ES', reducedMotion: 'reduce' },
} as const;

/** The WCAG contrast ratio of two sRGB colours. */
function ratio(a: number[], b: number[]): number {
  const lum = ([r, g, b]: number[]) =>
    [r!, g!, b!]
      .map((c) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour of `text` and the colours really painted behind it: a screenshot of its box with
 * the text made transparent, read pixel by pixel (whatever layers lie beneath, the top layer too).
 * The lowest ratio between the text colour and any colour behind it, and the share of the box its
 * most common colour covers (1: one plain colour).
 */
async function contrastBehind(page: Page, text: Locator): Promise<{ ratio: number; plain: number }> {
  await text.scrollIntoViewIfNeeded();
  const color = await text.evaluate((el) => getComputedStyle(el).color);
  // The text, its inner elements and their icons are hidden; the boxes and what lies beneath stay.
  const hide = (el: Element, on: boolean) => {
    for (const node of [el, ...el.querySelectorAll('*')] as HTMLElement[]) {
      if (node instanceof SVGElement || node instanceof HTMLImageElement) node.style.visibility = on ? 'hidden' : '';
      else if (on) node.style.setProperty('color', 'transparent', 'important');
      else node.style.removeProperty('color');
    }
  };
  await text.evaluate(hide, true);
  // Inside its box (a field's border drawn just above a message is not behind the text).
  const box = (await text.boundingBox())!;
  const clip = { x: box.x + 3, y: box.y + 3, width: box.width - 6, height: box.height - 6 };
  const png = await page.screenshot({ clip, animations: 'disabled' });
  await text.evaluate(hide, false);
  const pixels = await page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: img.width, height: img.height });
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const { data: rgba } = context.getImageData(0, 0, img.width, img.height);
    // Each colour that covers at least 1% of the box: a lone pixel of an edge is not a background.
    const seen = new Map<string, number>();
    for (let i = 0; i < rgba.length; i += 4) {
      const key = `${rgba[i]},${rgba[i + 1]},${rgba[i + 2]}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    const total = rgba.length / 4;
    return { colours: [...seen].filter(([, n]) => n >= total / 100).map(([key]) => key), plain: Math.max(...seen.values()) / total };
  }, png.toString('base64'));
  const fg = color.match(/\d+/g)!.slice(0, 3).map(Number);
  return { ratio: Math.min(...pixels.colours.map((pixel) => ratio(fg, pixel.split(',').map(Number)))), plain: pixels.plain };
}

/** axe on the whole page, then the texts it may leave out measured against their real background. */
async function legible(page: Page, state: string, texts: Locator[], shot: string | undefined) {
  if (shot && SHOTS) await page.screenshot({ path: join(SHOTS, `states-${shot}.png`) });
  await expectNoAxeViolations(page, state);
  for (const text of texts) {
    const behind = await contrastBehind(page, text);
    expect(behind.ratio, `${state}: ${await text.textContent()}`).toBeGreaterThanOrEqual(4.5);
    // Drawn on one colour, not across other fields and their labels (how the offline text once sat on a phone).
    expect(behind.plain, `${state}: what is behind ${await text.textContent()}`).toBeGreaterThanOrEqual(0.9);
  }
}

/** Wakes the pre-rendered widget's code (a pointer over it) and waits until it has taken over. */
async function awake(page: Page, tag: string) {
  await page.waitForFunction((t) => !!document.querySelector(t)?.shadowRoot?.textContent?.trim(), tag);
  await page.locator(tag).hover({ position: { x: 10, y: 10 } });
  await expect.poll(() => takenOver(page, tag), { timeout: 15_000 }).toBe(true);
}

/** The delivery scenarios' driver of a widget, whose fill works on any page that holds it. */
const driver = (name: string) => FORMS.find((form) => form.name === name)!;

/** Types an e-mail without @ in a widget's form, presses send, and returns the first field message. */
const refuseIn = (tag: string) => async (page: Page) => {
  await page.locator(`${tag} [name=correo]`).fill('ana.example.com');
  await page.locator(`${tag} button[type=submit]`).click();
  return page.locator(`${tag} .error`).first();
};

export interface Form {
  tag: string;
  /** The host site's pages (its colours), and a partner's test page in the widget's own colours (es). */
  path: { es: string; en: string; partner: string };
  api: string;
  /** Fills a valid submission (for the design form: its image too, then opens the modal). */
  fill(page: Page, nombre: string): Promise<void>;
  /** Leaves a field the browser refuses (an e-mail without @) and presses send. */
  refuse(page: Page): Promise<Locator>;
  submit(page: Page): Locator;
  /** The texts shown while sending and while waiting for the network. */
  pending(page: Page): Locator[];
  waiting(page: Page): Promise<Locator[]>;
  /** The open error dialog or notice, and its texts. */
  failed(page: Page): Locator[];
  reset(page: Page): Promise<void>;
}

const CORREO = 'ana@example.com';
/** Each form's table. */
const TABLE: Record<string, string> = {
  'obra-design-form': 'report',
  'obra-wait-list': 'wait_list',
  'obra-partner-registration': 'partner',
};

export const designForm: Form = {
  tag: 'obra-design-form',
  path: { es: '/es/formulario', en: '/en/form', partner: '/design-form.html' },
  api: '/api/form-report',
  async fill(page, nombre) {
    const host = page.locator('obra-design-form');
    await putDesignDraft(page, {
      prompt: 'Casa',
      spec: { diseno: 'Arco' },
      values: { pais: 'Colombia', departamento: 'Antioquia', ciudad: 'Medellín', diseno: 'Arco', zona: 'zone3' },
    });
    await page.reload();
    await awake(page, 'obra-design-form');
    await host.locator('button.opener').click();
    const modal = host.locator('dialog.modal');
    await modal.locator('[name=nombre]').fill(nombre);
    await modal.locator('[name=correo]').fill(CORREO);
    await modal.locator('[name=telefono]').fill('300 123 4567');
  },
  async refuse(page) {
    const modal = page.locator('obra-design-form dialog.modal');
    await modal.locator('[name=correo]').fill('ana.example.com');
    await this.submit(page).click();
    return modal.locator('.error').first();
  },
  submit: (page) => page.locator('obra-design-form dialog.modal button[type=submit]'),
  pending: (page) => [page.locator('obra-design-form dialog.overlay[open] p')],
  async waiting(page) {
    const overlay = page.locator('obra-design-form dialog.overlay[open]');
    await overlay.locator('button').waitFor();
    return [overlay.locator('p'), overlay.locator('button')];
  },
  failed: (page) => [
    page.locator('obra-design-form dialog.dialog[open] h2'),
    page.locator('obra-design-form dialog.dialog[open] p').first(),
  ],
  async reset(page) {
    await page.locator('obra-design-form dialog.dialog[open] button').last().click();
  },
};

export const waitList: Form = {
  tag: 'obra-wait-list',
  path: { es: '/es/lista_de_espera', en: '/en/wait_list', partner: '/partner.html' },
  api: '/api/wait-list',
  fill: (page, nombre) => driver('wait-list').fill(page, nombre),
  refuse: refuseIn('obra-wait-list'),
  submit: (page) => page.locator('obra-wait-list button[type=submit]'),
  pending: (page) => [page.locator('obra-wait-list button[type=submit]')],
  async waiting(page) {
    await page.locator('obra-wait-list .delivery').waitFor();
    return [page.locator('obra-wait-list .delivery'), page.locator('obra-wait-list button[type=submit]')];
  },
  failed: (page) => [page.locator('obra-wait-list dialog[open] h2'), page.locator('obra-wait-list dialog[open] .detail')],
  async reset(page) {
    await page.locator('obra-wait-list dialog.dialog[open] button').last().click();
  },
};

export const partnerRegistration: Form = {
  tag: 'obra-partner-registration',
  path: { es: '/es/inscripcion', en: '/en/registration', partner: '/partner-registration.html' },
  api: '/api/partner',
  fill: (page, nombre) => driver('partner-registration').fill(page, nombre),
  refuse: refuseIn('obra-partner-registration'),
  submit: (page) => page.locator('obra-partner-registration button[type=submit]'),
  pending: (page) => [page.locator('obra-partner-registration button[type=submit]')],
  async waiting(page) {
    const notice = page.locator('obra-partner-registration .notice[data-tone=waiting]');
    await notice.waitFor();
    return [notice, page.locator('obra-partner-registration button[type=submit]')];
  },
  failed: (page) => [
    page.locator('obra-partner-registration .outcome[role=alert] .notice'),
    page.locator('obra-partner-registration .outcome[role=alert] .detail'),
  ],
  reset: async () => undefined,
};

/**
 * The tests of one form (`name` in their titles): its states on each of `viewports` (a phone and a
 * desktop unless told), on the host site in es and en and on a partner's test page, on the real
 * API of a platform of the file's own.
 */
export function describeFormStates(name: string, form: Form, viewports: (keyof typeof VIEWPORTS)[] = ['phone', 'desktop']): void {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(async () => {
    await platform?.close();
  });

  describe.each(viewports.map((viewport) => [viewport, VIEWPORTS[viewport]] as const))(`${name} on a %s`, (viewport, context) => {
    const browser = useBrowser(context);
    it.each(['es', 'en', 'partner'] as const)(
      '(%s) a refused field, sending, offline with the submission kept, and the error: each legible',
      async (where) => {
        const shot = (state: string) => (viewport === 'phone' ? `${name.replace(/ /g, '-')}-${state}-${where}` : undefined);
        const nombre = `${{ es: 'Ana', en: 'Ann', partner: 'Eva' }[where]} ${viewport === 'phone' ? 'Movil' : 'Escritorio'}`;
        const page = await browser.newPage();
        await page.goto(platform.origin + form.path[where]);
        await awake(page, form.tag);
        await form.fill(page, nombre);

        // A field the browser refuses: marked at the field.
        const refused = await form.refuse(page);
        await refused.waitFor();
        await legible(page, `${name} ${where} ${viewport}: refused field`, [refused], shot('refused'));

        // Offline: the submission is kept and the form says so; it goes once the network is back.
        await form.fill(page, nombre);
        await browser.context.setOffline(true);
        await form.submit(page).click();
        await legible(page, `${name} ${where} ${viewport}: offline, kept`, await form.waiting(page), shot('offline'));
        if (form === designForm) {
          // The overlay closed, the form goes on with a line saying the report is kept.
          await page.keyboard.press('Escape');
          const line = page.locator('obra-design-form .delivery[role=status]');
          await line.waitFor();
          await legible(page, `${name} ${where} ${viewport}: offline, overlay closed`, [line], shot('offline-closed'));
        }
        await browser.context.setOffline(false);
        await expect.poll(() => platform.count(TABLE[form.tag]!, nombre), { timeout: 15_000 }).toBe(1);
        await form.reset(page);

        // Sending: the answer waits for the test; then the server refuses it (a 400 is not retried).
        await form.fill(page, nombre);
        const held = gate();
        await page.route(`**${form.api}`, async (route) => {
          await held.hold;
          await route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ errors: { correo: 'email' } }) });
        });
        await form.submit(page).click();
        const pending = form.pending(page);
        await pending[0]!.waitFor();
        await legible(page, `${name} ${where} ${viewport}: sending`, pending, shot('sending'));
        held.open();
        const failed = form.failed(page);
        await failed[0]!.waitFor();
        await legible(page, `${name} ${where} ${viewport}: error`, failed, shot('error'));
      },
      120_000,
    );
  });
}
