// One driver per form, so a delivery scenario is written once and run on every form: open
// its page, fill it with a visitor's data (a unique name identifies the rows), press send, and
// read what the visitor is shown. Used by loss-proof.test.ts, host-contact-delivery.test.ts and by bench:faults.
import type { Locator, Page } from 'playwright-core';
import { TABLES } from './platform.ts';

type FormName = keyof typeof TABLES;

/**
 * Puts a design in the visitor's draft for the page's first design form, with an image the real
 * API at `api` (the page's origin unless said) drew for `prompt` and `spec`, as the lightning
 * buttons do: the report can go out without that step (tested elsewhere). The caller reloads.
 */
export async function putDesignDraft(
  page: Page,
  { api = new URL(page.url()).origin, prompt, spec, values }: { api?: string; prompt: string; spec: object; values: object },
): Promise<void> {
  const answer = (await (
    await fetch(`${api}/api/generate-image`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt, spec }),
    })
  ).json()) as { url: string };
  // Resolved against the API, as the widget keeps it.
  const draft = { values, generatedUrl: new URL(answer.url, api).href, prompt };
  await page.evaluate(([key, draft]) => localStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), draft })), [
    `obra:design-form:${new URL(page.url()).pathname}:0`,
    draft,
  ] as const);
}

export interface FormDriver {
  readonly name: FormName;
  /** The page of the test site that holds the widget. */
  readonly page: string;
  /** The API path its submissions go to. */
  readonly path: string;
  readonly table: (typeof TABLES)[FormName];
  /** localStorage keys of its outbox (a send not yet settled) and its draft, on its page. */
  readonly storage: { readonly outbox: string; readonly draft: string };
  /** Fills in a valid submission by `nombre` (and, for the design form, prepares its image). */
  fill(page: Page, nombre: string): Promise<void>;
  /** The send button (inside the modal for the design form). */
  submit(page: Page): Locator;
  /** A text field where Enter sends. */
  enterField(page: Page): Locator;
  /** Shown once the submission was delivered. */
  sent(page: Page): Locator;
  /** Shown while the submission waits for the network. */
  waiting(page: Page): Locator;
  /** Shown when the server refused it, with the reason. */
  failed(page: Page): Locator;
  /** The value of the `nombre` field now shown. */
  nombre(page: Page): Promise<string>;
  /** Closes the failure message, where it is a dialog, so the visitor can send again. */
  dismiss(page: Page): Promise<void>;
}

/** The storage keys of a widget (the first element on its page) and of the contact popup. */
const widgetStorage = (name: string, page: string) => ({ outbox: `obra:outbox:${name}:${page}:0`, draft: `obra:${name}:${page}:0` });
/** Closes the open message dialog of a widget by its last button (its close or OK button). */
const closeDialog = (tag: string) => async (page: Page) => {
  await page
    .locator(`${tag} dialog.dialog[open] button`)
    .last()
    .click({ timeout: 2000 })
    .catch(() => undefined);
};
const nothingToDismiss = async () => undefined;

const CONTACT = { correo: 'ana@example.com', telefono: '+57 300 1234567' };

const waitList: FormDriver = {
  name: 'wait-list',
  page: '/partner.html',
  path: '/api/wait-list',
  table: TABLES['wait-list'],
  storage: widgetStorage('wait-list', '/partner.html'),
  async fill(page, nombre) {
    const host = page.locator('obra-wait-list');
    await host.locator('input[type=radio][value=proveedor]').check();
    await host.locator('[name=nombre]').fill(nombre);
    await host.locator('[name=correo]').fill(CONTACT.correo);
    await host.locator('[name=telefono]').fill(CONTACT.telefono);
    await host.locator('[name=comentario]').fill('Acero y concreto');
  },
  submit: (page) => page.locator('obra-wait-list button[type=submit]'),
  enterField: (page) => page.locator('obra-wait-list [name=telefono]'),
  sent: (page) => page.locator('obra-wait-list dialog[open].dialog', { hasText: 'Formulario enviado' }),
  waiting: (page) => page.locator('obra-wait-list .delivery'),
  failed: (page) => page.locator('obra-wait-list dialog[open] .detail'),
  nombre: (page) => page.locator('obra-wait-list [name=nombre]').inputValue(),
  dismiss: closeDialog('obra-wait-list'),
};

const partner: FormDriver = {
  name: 'partner-registration',
  page: '/partner-registration.html',
  path: '/api/partner',
  table: TABLES['partner-registration'],
  storage: widgetStorage('partner-registration', '/partner-registration.html'),
  async fill(page, nombre) {
    const host = page.locator('obra-partner-registration');
    await host.locator('[name=nombre]').fill(nombre);
    await host.locator('[name=telefono]').fill(CONTACT.telefono);
    await host.locator('[name=correo]').fill(CONTACT.correo);
    await host.locator('[name=pais]').fill('Colombia');
    await host.locator('[name=especializacion]').selectOption('bim');
  },
  submit: (page) => page.locator('obra-partner-registration button[type=submit]'),
  enterField: (page) => page.locator('obra-partner-registration [name=pais]'),
  sent: (page) => page.locator('obra-partner-registration .outcome[role=status] .notice[data-tone=success]'),
  waiting: (page) => page.locator('obra-partner-registration .notice[data-tone=waiting]'),
  failed: (page) => page.locator('obra-partner-registration .outcome[role=alert] .detail'),
  nombre: (page) => page.locator('obra-partner-registration [name=nombre]').inputValue(),
  dismiss: nothingToDismiss,
};

/**
 * The design form needs a generated image before it sends: the real API draws one (the same
 * request the widget makes, to the page's own origin, where its api-base="/api" points), and it
 * is put in place as the visitor's draft, with the location; then the personal-data modal is
 * opened and filled as a visitor does. A draft restored with its image (a reload) keeps it.
 */
const designForm: FormDriver = {
  name: 'design-form',
  page: '/design-form.html',
  path: '/api/form-report',
  table: TABLES['design-form'],
  storage: widgetStorage('design-form', '/design-form.html'),
  async fill(page, nombre) {
    const host = page.locator('obra-design-form');
    const modal = host.locator('dialog.modal');
    if (!(await modal.evaluate((d) => (d as HTMLDialogElement).open))) {
      const key = this.storage.draft;
      const restored = await page.evaluate(
        (key) => Boolean((JSON.parse(localStorage.getItem(key) ?? '{}') as { draft?: { generatedUrl?: string } }).draft?.generatedUrl),
        key,
      );
      if (!restored) {
        await putDesignDraft(page, {
          prompt: 'Nave industrial',
          spec: { diseno: 'Arco', zona: 'zone3' },
          values: { pais: 'Colombia', departamento: 'Antioquia', ciudad: 'Medellín', diseno: 'Arco', zona: 'zone3' },
        });
        await page.reload();
      }
      await host.locator('#design-form-title').waitFor();
      await host.locator('button.opener').click();
    }
    await modal.locator('[name=nombre]').fill(nombre);
    await modal.locator('[name=correo]').fill(CONTACT.correo);
    await modal.locator('[name=telefono]').fill('300 123 4567');
  },
  submit: (page) => page.locator('obra-design-form dialog.modal button[type=submit]'),
  enterField: (page) => page.locator('obra-design-form dialog.modal [name=correo]'),
  sent: (page) => page.locator('obra-design-form dialog.dialog[open]', { hasText: 'Formulario enviado con éxito' }),
  waiting: (page) => page.locator('obra-design-form dialog.overlay[open] p'),
  failed: (page) => page.locator('obra-design-form dialog.dialog[open][role=alertdialog] p'),
  nombre: (page) => page.locator('obra-design-form [name=nombre]').inputValue(),
  dismiss: closeDialog('obra-design-form'),
};

/**
 * Opens the values page's contact popup and returns it. The host script that wires its button
 * arrives after the page (loaded on demand), so the button is pressed until the popup opens.
 */
export async function openContactPopup(page: Page): Promise<Locator> {
  const dialog = page.locator('dialog[data-contact]');
  // Each press waits for the popup to open (returning as soon as it does); it stays shut only while
  // the script is not there yet. No vitest here: bench:faults uses this file too.
  for (let tries = 0; !(await dialog.evaluate((d) => (d as HTMLDialogElement).open)); tries++) {
    if (tries === 50) throw new Error('The contact popup did not open: is the host script (dist/host/assets) built and served?');
    await page.locator('[data-contact-open]').click();
    await page
      .waitForFunction(() => document.querySelector<HTMLDialogElement>('dialog[data-contact]')?.open, undefined, { timeout: 200 })
      .catch(() => undefined);
  }
  return dialog;
}

/** The values page's contact popup: host-site markup enhanced by the host script. */
const contact: FormDriver = {
  name: 'contact',
  page: '/es/valores',
  path: '/api/contact',
  table: TABLES.contact,
  storage: { outbox: 'obra:outbox:contact:/es/valores', draft: 'obra:contact:/es/valores' },
  async fill(page, nombre) {
    const dialog = await openContactPopup(page);
    await dialog.locator('[name=name]').fill(nombre);
    await dialog.locator('[name=email]').fill(CONTACT.correo);
    await dialog.locator('[name=message]').fill('¿Construyen casas modulares?');
  },
  submit: (page) => page.locator('dialog[data-contact] [data-contact-submit]'),
  enterField: (page) => page.locator('dialog[data-contact] [name=name]'),
  sent: (page) => page.locator('[data-contact-status].ok'),
  waiting: (page) => page.locator('[data-contact-status]'),
  failed: (page) => page.locator('[data-contact-status].failed .detail'),
  nombre: (page) => page.locator('dialog[data-contact] [name=name]').inputValue(),
  dismiss: nothingToDismiss,
};

/** Every form that sends a lead: the widgets, and the host site's contact popup. */
export const FORMS: readonly FormDriver[] = [waitList, partner, designForm, contact];
