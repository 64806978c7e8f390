// A refusal is a correction, never a loss (docs/contributors/behaviour.md#errors, #form-sends;
// docs/partners/delivery.md), on a phone, in es and en, with the built bundles and host pages
// against the REAL reference API: a phone number of a valid shape that the server's full
// numbering-plan check refuses ("+57 123 4567") is marked at the field with the catalogue's
// message, online and after an offline replay. The browser runs the same check once its rules
// load (phone-countries.test.ts); here they never do (a blocked script: a partner's filter, a lost
// network), so the number goes as typed and the refusal is the server's; the refused send is kept and comes back on the
// next load; nothing typed is lost; the corrected send stores one row.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import esApi from '@obra/i18n/locales/es/api.json' with { type: 'json' };
import enApi from '@obra/i18n/locales/en/api.json' with { type: 'json' };
import esCommon from '@obra/i18n/locales/es/common.json' with { type: 'json' };
import enCommon from '@obra/i18n/locales/en/common.json' with { type: 'json' };
import esDesign from '@obra/i18n/locales/es/design-form.json' with { type: 'json' };
import enDesign from '@obra/i18n/locales/en/design-form.json' with { type: 'json' };
import esWaitList from '@obra/i18n/locales/es/wait-list.json' with { type: 'json' };
import enWaitList from '@obra/i18n/locales/en/wait-list.json' with { type: 'json' };
import { phoneContext, useBrowser } from './support/browser.ts';
import { putDesignDraft } from './support/forms.ts';
import { takenOver } from './support/host-site.ts';
import { usePlatform } from './support/use-platform.ts';
import { settle } from './support/widget.ts';

const browser = useBrowser(phoneContext());
const platform = usePlatform();
let visitors = 0;

const TEXT = {
  es: {
    api: esApi,
    common: esCommon,
    designForm: esDesign,
    waitList: esWaitList,
    form: '/es/formulario',
    waitListPage: '/es/lista_de_espera',
  },
  en: { api: enApi, common: enCommon, designForm: enDesign, waitList: enWaitList, form: '/en/form', waitListPage: '/en/wait_list' },
} as const;
type Lang = keyof typeof TEXT;
/** A number of a valid shape (7 digits after +57) that libphonenumber refuses: only the server knows. */
const REFUSED = '123 4567';
const CORRECTED = '300 123 4567';
const refusedText = (lang: Lang, label: string) => TEXT[lang].api.refused.replace('{{fields}}', label);

/** Saves a screenshot for people to look at when OBRA_SCREENSHOTS names a folder (never an assertion). */
async function shot(page: Page, name: string) {
  const dir = process.env.OBRA_SCREENSHOTS;
  if (dir) await page.screenshot({ path: join(dir, `refused-${name}-phone.png`) });
}
const isOpen = (dialog: Locator) => dialog.evaluate((d) => (d as HTMLDialogElement).open);
/** The message under a field (its aria-describedby's `.error`). */
const errorOf = (control: Locator) =>
  control.evaluate((el) => {
    const root = el.getRootNode() as ShadowRoot;
    const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/);
    return ids.map((id) => root.getElementById(id)).find((e) => e?.classList.contains('error'))?.textContent ?? null;
  });
/** The browser's phone rules (obra-phone.js, or the loader's phone chunk) never load: the server decides. */
const blockPhoneRules = (page: Page) => page.route(/\/(widgets\/obra-phone|esm\/chunks\/phone-[\w-]+)\.js$/, (route) => route.abort());
const outbox = (page: Page, key: string) =>
  page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? 'null') as { delivery: { refused?: unknown } } | null)?.delivery, key);

/**
 * Opens the design form page in `lang` with a generated image already in the visitor's draft (the
 * real API draws it, as the lightning buttons do), and the personal-data modal open and filled.
 */
async function openDesignForm(lang: Lang) {
  const page = await browser.newPage();
  await blockPhoneRules(page);
  const path = TEXT[lang].form;
  await page.goto(`${platform().origin}${path}`);
  await putDesignDraft(page, {
    prompt: 'Casa',
    spec: { diseno: 'Arco' },
    values: { pais: 'Colombia', departamento: 'Antioquia', ciudad: 'Medellín', diseno: 'Arco' },
  });
  await page.reload();
  const host = page.locator('obra-design-form');
  const modal = host.locator('dialog.modal');
  await host.locator('button.opener').click();
  const nombre = `Visitante ${++visitors}`;
  await modal.locator('[name=nombre]').fill(nombre);
  await modal.locator('[name=correo]').fill('ana@example.com');
  await modal.locator('[name=telefono]').fill(REFUSED);
  const alert = host.locator('dialog.dialog[open][role=alertdialog]');
  return { page, host, modal, alert, nombre, outboxKey: `obra:outbox:design-form:${path}:0` };
}

/** The visitor corrects the number and sends: the success dialog, one row, and the kept send is gone. */
async function correctAndSend(
  lang: Lang,
  { page, modal, nombre, outboxKey }: Omit<Awaited<ReturnType<typeof openDesignForm>>, 'host' | 'alert'>,
) {
  await modal.locator('[name=telefono]').fill(CORRECTED);
  await modal.locator('button[type=submit]').click();
  await page.locator('obra-design-form dialog.dialog[open]', { hasText: TEXT[lang].designForm.form.success.submitted }).waitFor();
  await settle(page);
  expect(await platform().count('report', nombre)).toBe(1);
  expect(await outbox(page, outboxKey)).toBeUndefined();
}

describe.each(['es', 'en'] as const)('design form on a phone (%s): the server refuses the phone number', (lang) => {
  const t = TEXT[lang];

  it('online: marked at the field, the alert names it by its label, the modal stays open with everything typed; corrected, one row', async () => {
    const { page, modal, alert, nombre, outboxKey } = await openDesignForm(lang);
    await modal.locator('button[type=submit]').click();
    await alert.waitFor();
    expect(await alert.locator('h2').textContent()).toBe(t.designForm.form.error.networkError);
    expect(await alert.locator('p').first().textContent()).toBe(refusedText(lang, t.designForm.modal.telefono));
    await shot(page, `design-form-alert-${lang}`);
    await alert.locator('button').click();
    const phone = modal.locator('[name=telefono]');
    expect(await isOpen(modal)).toBe(true);
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await errorOf(phone)).toBe(t.common.phone);
    await expect.poll(() => phone.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    expect(await modal.locator('[name=nombre]').inputValue()).toBe(nombre);
    expect(await modal.locator('[name=correo]').inputValue()).toBe('ana@example.com');
    expect(await modal.locator('[name=ciudad]').inputValue()).toBe('Medellín');
    await shot(page, `design-form-field-${lang}`);
    expect(await platform().count('report', nombre)).toBe(0);
    expect((await outbox(page, outboxKey))?.refused).toBeTruthy();

    await correctAndSend(lang, { page, modal, nombre, outboxKey });
  });

  it('offline, then replayed: refused, the modal opens again on the field; reloaded, it is all there again; corrected, one row', async () => {
    const { page, host, modal, alert, nombre, outboxKey } = await openDesignForm(lang);
    await browser.context.setOffline(true);
    await modal.locator('button[type=submit]').click();
    const overlay = host.locator('dialog.overlay');
    await overlay.getByRole('button', { name: t.designForm.overlay.close }).click();
    expect(await isOpen(modal)).toBe(false);
    // The network returns: the kept report goes out and is refused.
    await browser.context.setOffline(false);
    await alert.waitFor({ timeout: 15_000 });
    expect(await alert.locator('p').first().textContent()).toBe(refusedText(lang, t.designForm.modal.telefono));
    await alert.locator('button').click();
    expect(await isOpen(modal)).toBe(true);
    expect(await modal.locator('[name=telefono]').getAttribute('aria-invalid')).toBe('true');
    expect(await modal.locator('[name=nombre]').inputValue()).toBe(nombre);

    // The visitor leaves without correcting; the next visit puts it back in front of them.
    await page.reload();
    await expect.poll(() => isOpen(modal), { timeout: 15_000 }).toBe(true);
    const notice = modal.locator('form [role=alert]').first();
    expect(await notice.textContent()).toBe(`${t.api.notAccepted} ${refusedText(lang, t.designForm.modal.telefono)}`);
    const phone = modal.locator('[name=telefono]');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await errorOf(phone)).toBe(t.common.phone);
    expect(await modal.locator('[name=nombre]').inputValue()).toBe(nombre);
    expect(await phone.inputValue()).toMatch(/123 4567$/);
    await shot(page, `design-form-next-visit-${lang}`);
    expect(await platform().count('report', nombre)).toBe(0);

    await correctAndSend(lang, { page, modal, nombre, outboxKey });
  }, 60_000);
});

describe.each(['es', 'en'] as const)('wait list on a phone (%s): the server refuses the phone number', (lang) => {
  const t = TEXT[lang];

  it('offline, then replayed: refused and marked; reloaded, shown again with what was typed; corrected, one row', async () => {
    const page = await browser.newPage();
    await blockPhoneRules(page);
    const path = t.waitListPage;
    await page.goto(`${platform().origin}${path}`);
    const host = page.locator('obra-wait-list');
    const nombre = `Visitante ${++visitors}`;
    await host.locator('input[type=radio][value=cliente]').check();
    await host.locator('[name=nombre]').fill(nombre);
    await host.locator('[name=correo]').fill('ana@example.com');
    await host.locator('[name=telefono]').fill(`+57 ${REFUSED}`);
    await host.locator('[name=comentario]').fill('Una casa');
    // The page's view is pre-rendered: the widget's code, which the first move asked for, must have
    // taken over before the network goes, or the press waits for the code (prerendered-widgets.test.ts).
    await expect.poll(() => takenOver(page, 'obra-wait-list'), { timeout: 15_000 }).toBe(true);
    await browser.context.setOffline(true);
    await host.locator('button[type=submit]').click();
    await host.locator('.delivery').waitFor();
    await browser.context.setOffline(false);
    const dialog = host.locator('dialog[open][role=alertdialog]');
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.locator('.detail').textContent()).toBe(refusedText(lang, t.waitList.telefono));
    await shot(page, `wait-list-alert-${lang}`);
    await dialog.locator('button').click();
    const phone = host.locator('[name=telefono]');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await errorOf(phone)).toBe(t.common.phone);

    await page.reload();
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.locator('p').first().textContent()).toBe(t.api.notAccepted);
    expect(await dialog.locator('.detail').textContent()).toBe(refusedText(lang, t.waitList.telefono));
    await shot(page, `wait-list-next-visit-${lang}`);
    await dialog.locator('button').click();
    expect(await host.locator('[name=nombre]').inputValue()).toBe(nombre);
    expect(await host.locator('[name=comentario]').inputValue()).toBe('Una casa');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await platform().count('wait_list', nombre)).toBe(0);

    await phone.fill(`+57 ${CORRECTED}`);
    await host.locator('button[type=submit]').click();
    await host.locator('dialog[open]', { hasText: t.waitList.success.title }).waitFor();
    await settle(page);
    expect(await platform().count('wait_list', nombre)).toBe(1);
    expect(await outbox(page, `obra:outbox:wait-list:${path}:0`)).toBeUndefined();
  }, 60_000);
});
