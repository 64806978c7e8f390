// Locators and actions for <obra-wait-list> in a page. Playwright's CSS locators pierce open
// shadow roots, so these selectors reach inside the widget.
import type { Page } from 'playwright-core';

export type Field = 'nombre' | 'correo' | 'telefono' | 'comentario';

export interface Entry {
  interesado: 'cliente' | 'proveedor';
  nombre: string;
  correo: string;
  telefono: string;
  comentario: string;
}

/** A valid entry, with the stray spaces visitors type (the widget sends it trimmed). */
export const TYPED: Entry = {
  interesado: 'cliente',
  nombre: '  Ana Pérez  ',
  correo: ' ana@example.com ',
  telefono: ' +34 600 12 34 56 ',
  comentario: '  Una casa de dos plantas en Valencia.  ',
};

/** What the form shows after typing {@link TYPED}: an `<input type=email>` drops surrounding
 * spaces itself (HTML value sanitization); the other fields keep them. */
export const SHOWN: Entry = { ...TYPED, correo: TYPED.correo.trim() };

/** What {@link TYPED} must arrive as. */
export const SENT: Entry = {
  interesado: 'cliente',
  nombre: 'Ana Pérez',
  correo: 'ana@example.com',
  telefono: '+34 600 12 34 56',
  comentario: 'Una casa de dos plantas en Valencia.',
};

/** Strings the tests look for (from packages/i18n/locales). */
export const ES = {
  title: 'Únete a la lista de espera',
  submit: 'Enviar',
  required: 'Este campo es obligatorio.',
  choose: 'Elige una opción.',
  email: 'Escribe un correo válido, por ejemplo nombre@dominio.com.',
  sentTitle: 'Formulario enviado',
  sentMessage: 'Gracias por compartir tu información. Te contactaremos pronto.',
  errorMessage: 'Hubo un problema al enviar el formulario.',
};
export const EN = {
  title: 'Join the wait list',
  submit: 'Send',
  required: 'This field is required.',
  choose: 'Choose an option.',
  sentTitle: 'Form sent',
};

/** The form with nothing typed or chosen. */
export const EMPTY = { interesado: '', nombre: '', correo: '', telefono: '', comentario: '' };

/** The parts of one `<obra-wait-list>` (the `index`-th in the page). */
export function waitList(page: Page, index = 0) {
  const host = page.locator('obra-wait-list').nth(index);
  const dialog = host.locator('dialog[open]');
  return {
    host,
    title: host.locator('#wait-list-title'),
    radio: (value: Entry['interesado']) => host.locator(`input[type=radio][value=${value}]`),
    field: (name: Field) => host.locator(`[name=${name}]`),
    submit: host.locator('button[type=submit]'),
    /** The error lines under the fields, in document order. */
    errors: host.locator('form .error'),
    dialog,
    dialogTitle: dialog.locator('h2'),
    dialogMessage: dialog.locator('p').first(),
    dialogClose: dialog.locator('button'),
  };
}

export type WaitList = ReturnType<typeof waitList>;

/** Opens `path` and waits until the widget (or the `index`-th) has rendered its title. */
export async function openWaitList(page: Page, url: string, index = 0): Promise<WaitList> {
  await page.goto(url);
  const widget = waitList(page, index);
  await widget.title.waitFor();
  return widget;
}

/** Chooses the interest and types every field with the mouse-and-keyboard path a visitor takes. */
export async function fillEntry(widget: WaitList, entry: Entry = TYPED): Promise<void> {
  await widget.radio(entry.interesado).check();
  for (const name of ['nombre', 'correo', 'telefono', 'comentario'] as const) await widget.field(name).fill(entry[name]);
}

/** What the form shows now: the checked interest and every field's value. */
export async function formValues(widget: WaitList): Promise<Record<string, string>> {
  return widget.host.evaluate((el) => {
    const form = el.shadowRoot!.querySelector('form')!;
    const checked = form.querySelector<HTMLInputElement>('input[type=radio]:checked');
    const values: Record<string, string> = { interesado: checked?.value ?? '' };
    for (const name of ['nombre', 'correo', 'telefono', 'comentario'])
      values[name] = form.querySelector<HTMLInputElement>(`[name=${name}]`)!.value;
    return values;
  });
}

// Helpers any widget shares, kept importable from here for the wait-list tests.
export { focusedInWidget, setAttr, setPageLang, settle } from './widget.ts';
