// Locators and actions for <obra-partner-registration> in a page. Playwright's CSS locators pierce
// open shadow roots, so these selectors reach inside the widget.
import type { Page } from 'playwright-core';

export type TextName = 'nombre' | 'telefono' | 'correo' | 'pais';
export type Registration = Record<TextName | 'especializacion', string>;

/** A valid registration with the stray spaces visitors type (the widget sends it trimmed). */
export const TYPED: Registration = {
  nombre: '  Ana Pérez  ',
  telefono: ' +57 300 1234567 ',
  correo: ' ana@example.com ',
  pais: ' Colombia ',
  especializacion: 'bim',
};

/** What the form shows after typing {@link TYPED}: an `<input type=email>` drops surrounding spaces itself. */
export const SHOWN: Registration = { ...TYPED, correo: TYPED.correo.trim() };

/** What {@link TYPED} must arrive as: exactly these five keys, trimmed. */
export const SENT: Registration = {
  nombre: 'Ana Pérez',
  telefono: '+57 300 1234567',
  correo: 'ana@example.com',
  pais: 'Colombia',
  especializacion: 'bim',
};

/** The form with nothing typed or chosen. */
export const EMPTY: Registration = { nombre: '', telefono: '', correo: '', pais: '', especializacion: '' };

/** Strings the tests look for (from packages/i18n/locales). */
export const ES = {
  title: 'Inscríbete como profesional',
  submit: 'Registrarme',
  sending: 'Enviando...',
  required: 'Este campo es obligatorio.',
  choose: 'Elige una opción.',
  success: '¡Registro completado exitosamente! Gracias.',
  error: 'Hubo un problema con tu registro. Por favor, inténtalo más tarde.',
  serverReason: 'El servidor tuvo un problema. Inténtalo de nuevo en unos minutos.',
};
export const EN: typeof ES = {
  title: 'Register as a professional',
  submit: 'Register',
  sending: 'Sending...',
  required: 'This field is required.',
  choose: 'Choose an option.',
  success: 'Registration completed successfully! Thank you.',
  error: 'There was a problem with your registration. Please try again later.',
  serverReason: 'The server had a problem. Try again in a few minutes.',
};

/** The parts of one `<obra-partner-registration>` (the `index`-th in the page). */
export function partnerRegistration(page: Page, index = 0) {
  const host = page.locator('obra-partner-registration').nth(index);
  return {
    host,
    title: host.locator('#partner-registration-title'),
    field: (name: TextName | 'especializacion') => host.locator(`[name=${name}]`),
    submit: host.locator('button[type=submit]'),
    /** The error lines under the fields, in document order. */
    errors: host.locator('form .field .error'),
    /** The success message (inside its role=status region). */
    success: host.locator('.outcome[role=status] .notice'),
    /** The error message and its reason (inside its role=alert region). */
    failure: host.locator('.outcome[role=alert] .notice'),
  };
}

export type PartnerRegistration = ReturnType<typeof partnerRegistration>;

/** Opens `url` and waits until the widget (or the `index`-th) has rendered its title. */
export async function openPartnerRegistration(page: Page, url: string, index = 0): Promise<PartnerRegistration> {
  await page.goto(url);
  const widget = partnerRegistration(page, index);
  await widget.title.waitFor();
  return widget;
}

/** Types every field and chooses the specialisation, the mouse-and-keyboard way. */
export async function fillRegistration(widget: PartnerRegistration, values: Registration = TYPED): Promise<void> {
  for (const name of ['nombre', 'telefono', 'correo', 'pais'] as const) await widget.field(name).fill(values[name]);
  await widget.field('especializacion').selectOption(values.especializacion);
}

/** What the form shows now: every control's value by name (the hidden spam trap aside). */
export function formValues(widget: PartnerRegistration): Promise<Record<string, string>> {
  return widget.host.evaluate((el) =>
    Object.fromEntries(
      [...el.shadowRoot!.querySelectorAll<HTMLInputElement | HTMLSelectElement>('form [name]:not([name=website])')].map((control) => [
        control.name,
        control.value,
      ]),
    ),
  );
}
