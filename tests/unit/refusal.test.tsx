// A refusal is a correction, never a loss (docs/contributors/behaviour.md#errors, #form-sends,
// #design-form-states; docs/partners/delivery.md): the fields the server refuses are marked at the
// field in the visitor's language and named by their labels, the design form's modal stays open
// with everything typed; a send refused after the page was left stays in the outbox and comes
// back, marked, the next time the form loads, until the visitor's next send replaces it.
// The browser's phone rules never load here (a blocked script), so the refusals are the server's:
// with them loaded, the widgets stop "+57 123 4567" themselves (design-form-location.test.tsx).
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import '@obra/wait-list/register';
import '@obra/partner-registration/register';
import { designFormCatalogues } from '@obra/design-form';
import { designFormHandlers } from '../msw/design-form-handlers.ts';
import { useFastRetries } from './support/fast-retries.ts';
import { mount, paste, visitor } from './support/mount.ts';
import {
  copy,
  designForm,
  fillPersonal,
  generate,
  GENERATED_URL,
  openDialogTitles,
  openSection,
  PERSON,
  TEST_API,
  useApi,
  type Lang,
} from './support/design-form.ts';

vi.mock('@obra/schema/phone', () => {
  throw new Error('the phone rules are blocked');
});

const server = useApi();
useFastRetries(server);

const catalogue = (lang: Lang) => designFormCatalogues[lang];
/** The two texts of the refusal, filled in as i18next does. */
const refusedText = (lang: Lang, fields: string) => catalogue(lang).api.refused.replace('{{fields}}', fields);
/** A 400 refusing `errors`, as the reference API answers it (its errorMessage names raw fields). */
const refuse = (path: string, errors: Record<string, string>) =>
  http.post(`${TEST_API}/${path}`, () =>
    HttpResponse.json({ errorMessage: `Some fields are invalid (${Object.keys(errors).join(', ')})`, errors }, { status: 400 }),
  );
/** Counts the requests to `path`, answering 201. */
function accept(path: string) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${TEST_API}/${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ id: 'x_1' }, { status: 201 });
    }),
  );
  return bodies;
}
const outboxKey = (widget: string) => `obra:outbox:${widget}:${location.pathname}:0`;
/** What a previous load left in the outbox: a send the server refused when it went out. */
function keepRefused(widget: string, path: string, body: object, fields: Record<string, string>) {
  const delivery = { url: `${TEST_API}/${path}`, body, key: 'k-refused', refused: { key: 'api.invalid', fields } };
  localStorage.setItem(outboxKey(widget), JSON.stringify({ savedAt: Date.now(), delivery }));
}
const kept = (widget: string) =>
  (JSON.parse(localStorage.getItem(outboxKey(widget)) ?? 'null') as { delivery: { refused?: unknown } } | null)?.delivery;

/** Replaces what a text control holds (user.clear() checks document.activeElement, which a shadow root retargets to the host). */
const retype = (user: ReturnType<typeof visitor>, control: HTMLInputElement, text: string) =>
  user.type(control, '{Backspace}'.repeat(control.value.length) + text);
const input = (root: ParentNode, name: string) => root.querySelector<HTMLInputElement>(`[name=${name}]`)!;
/** The message under a field (its aria-describedby's error). */
const fieldError = (root: ParentNode, name: string) => {
  const control = input(root, name);
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/);
  const host = control.getRootNode() as ShadowRoot;
  return ids.map((id) => host.getElementById(id)).find((el) => el?.classList.contains('error'))?.textContent ?? '';
};

describe('<obra-design-form>: a field the server refuses', () => {
  it.each([
    ['es', 'Teléfono', 'Escribe un teléfono válido'],
    ['en', 'Phone', 'Enter a valid phone number'],
  ] as const)(
    'is marked at the field (%s), the alert names it by its label, the modal stays open with everything typed',
    async (lang, label, message) => {
      server.use(designFormHandlers.generated, refuse('form-report', { telefono: 'phone' }));
      const form = await designForm(`lang="${lang}"`);
      await generate(form, lang);
      const modal = await fillPersonal(form, lang);
      await form.user.click(form.screen.getByRole('button', { name: copy(lang).modal.submit }));
      // The alert keeps its catalogue title; its text names the field as the visitor sees it.
      await waitFor(() => expect(openDialogTitles(form)).toEqual([copy(lang).form.error.networkError]));
      const alert = form.shadow.querySelector('dialog.dialog[open]')!;
      expect(alert.querySelector('p')!.textContent).toBe(refusedText(lang, label));
      expect(alert.textContent).not.toContain('telefono');
      expect(modal.open).toBe(true);
      expect(input(modal, 'telefono').getAttribute('aria-invalid')).toBe('true');
      expect(fieldError(modal, 'telefono')).toMatch(new RegExp(`^${message}`));
      // Closing the alert takes the visitor to the field to correct; nothing typed is gone.
      await form.user.click(alert.querySelector('button')!);
      await waitFor(() => expect(form.shadow.activeElement).toBe(input(modal, 'telefono')));
      expect(Object.fromEntries(['nombre', 'pais', 'departamento', 'ciudad', 'correo'].map((n) => [n, input(modal, n).value]))).toEqual({
        nombre: PERSON.nombre,
        pais: PERSON.pais,
        departamento: PERSON.departamento,
        ciudad: PERSON.ciudad,
        correo: PERSON.correo,
      });
      // Typing elsewhere keeps the server's mark; changing the number retires it.
      await paste(form.user, input(modal, 'nombre'), ' Gómez');
      expect(input(modal, 'telefono').getAttribute('aria-invalid')).toBe('true');
      await paste(form.user, input(modal, 'telefono'), '9');
      expect(input(modal, 'telefono').getAttribute('aria-invalid')).not.toBe('true');
    },
  );

  it.each(['es', 'en'] as const)('a refused project field (%s): marked in its section, and the modal says so', async (lang) => {
    server.use(designFormHandlers.generated, refuse('form-report', { ancho: 'dimension' }));
    const form = await designForm(`lang="${lang}"`);
    await generate(form, lang);
    const modal = await fillPersonal(form, lang);
    await form.user.click(form.screen.getByRole('button', { name: copy(lang).modal.submit }));
    await waitFor(() => expect(openDialogTitles(form)).toEqual([copy(lang).form.error.networkError]));
    expect(form.shadow.querySelector('dialog.dialog[open] p')!.textContent).toBe(refusedText(lang, copy(lang).dimensions.ancho));
    expect(modal.open).toBe(true);
    expect(modal.querySelector('[role=alert]')!.textContent).toBe(copy(lang).modal.projectInvalid);
    // The field itself, in its section once the visitor goes there.
    await form.user.click(form.shadow.querySelector('dialog.dialog[open] button')!);
    await form.user.click(form.screen.getByRole('button', { name: copy(lang).modal.close }));
    await openSection(form, copy(lang).sections.dimensions);
    expect(input(form.shadow, 'ancho').getAttribute('aria-invalid')).toBe('true');
    expect(fieldError(form.shadow, 'ancho')).toBe(catalogue(lang).common.dimension);
  });

  it('a refused image is dropped: the modal asks for a new one, with the catalogue text, never the raw name', async () => {
    server.use(designFormHandlers.generated, refuse('form-report', { imageUrl: 'url' }));
    const form = await designForm();
    await generate(form);
    const modal = await fillPersonal(form);
    await form.user.click(form.screen.getByRole('button', { name: copy('es').modal.submit }));
    await waitFor(() => expect(openDialogTitles(form)).toEqual([copy('es').form.error.networkError]));
    expect(form.shadow.querySelector('dialog.dialog[open] p')!.textContent).toBe(copy('es').form.error.imageNotGeneratedMessage);
    expect(modal.open).toBe(true);
    expect(modal.querySelector('#design-form-modal-image')).not.toBeNull();
    expect(input(modal, 'nombre').value).toBe(PERSON.nombre);
  });
});

describe('<obra-design-form>: a report refused after the page was left', () => {
  const report = { ...PERSON, telefono: '+57 123 4567', diseno: 'Arco', imageUrl: GENERATED_URL, prompt: 'Casa' };

  it.each([
    ['es', 'Teléfono'],
    ['en', 'Phone'],
  ] as const)(
    'opens the modal on it (%s): everything back, the field marked, what to correct; the corrected send replaces it',
    async (lang, label) => {
      keepRefused('design-form', 'form-report', report, { telefono: 'phone' });
      const bodies = accept('form-report');
      const form = await designForm(`lang="${lang}"`);
      const modal = form.shadow.querySelector<HTMLDialogElement>('dialog.modal')!;
      await waitFor(() => expect(modal.open).toBe(true));
      expect(modal.querySelector('form [role=alert]')!.textContent).toBe(`${catalogue(lang).api.notAccepted} ${refusedText(lang, label)}`);
      expect(input(modal, 'nombre').value).toBe(PERSON.nombre);
      expect(input(modal, 'telefono').value).toBe('+57 123 4567');
      expect(input(modal, 'telefono').getAttribute('aria-invalid')).toBe('true');
      expect(form.shadow.querySelector('.preview img')!.getAttribute('src')).toBe(GENERATED_URL);
      // Nothing was sent again as it was; the kept send stays until the visitor sends.
      expect(bodies).toEqual([]);
      expect(kept('design-form')?.refused).toBeTruthy();
      await retype(form.user, input(modal, 'telefono'), '+57 300 123 4567');
      await form.user.click(form.screen.getByRole('button', { name: copy(lang).modal.submit }));
      await waitFor(() => expect(openDialogTitles(form)).toEqual([copy(lang).form.success.submitted]));
      expect(bodies).toHaveLength(1);
      expect(kept('design-form')).toBeUndefined();
    },
  );
});

/** The generic form widgets: their tag, API path, a refused submission, its labels, and how they show a failure. */
const WIDGETS = [
  {
    widget: 'wait-list',
    path: 'wait-list',
    body: { interesado: 'cliente', nombre: 'Ana', correo: 'ana@example.com', telefono: '+57 123 4567', comentario: 'Casa' },
    label: { es: 'Teléfono', en: 'Phone' },
    error: { es: 'Hubo un problema al enviar el formulario.', en: 'There was a problem sending the form.' },
    message: (shadow: ShadowRoot) => [...shadow.querySelectorAll<HTMLDialogElement>('dialog')].find((d) => d.open)?.textContent ?? '',
  },
  {
    widget: 'partner-registration',
    path: 'partner',
    body: { nombre: 'Ana', telefono: '+57 123 4567', correo: 'ana@example.com', pais: 'Chile', especializacion: 'bim' },
    label: { es: 'Teléfono', en: 'Phone' },
    error: { es: 'Hubo un problema con tu registro.', en: 'There was a problem with your registration.' },
    message: (shadow: ShadowRoot) => shadow.querySelector('.outcome[role=alert]')?.textContent ?? '',
  },
] as const;

describe.each(WIDGETS)('<obra-$widget>: refused', ({ widget, path, body, label, error, message }) => {
  const mountWidget = async (lang: Lang) => {
    const mounted = await mount(`<obra-${widget} api-base="${TEST_API}" lang="${lang}"></obra-${widget}>`);
    return { ...mounted, user: visitor() };
  };

  it.each(['es', 'en'] as const)(
    'live (%s): the field is marked, the message names it by its label, everything typed stays',
    async (lang) => {
      server.use(refuse(path, { telefono: 'phone' }));
      const w = await mountWidget(lang);
      for (const [name, value] of Object.entries(body)) {
        const control = input(w.shadow, name);
        if (control.type === 'radio') await w.user.click(w.shadow.querySelector<HTMLInputElement>(`[name=${name}][value=${value}]`)!);
        else if (control.tagName === 'SELECT') await w.user.selectOptions(control, value);
        else await paste(w.user, control, value);
      }
      await w.user.click(w.shadow.querySelector<HTMLButtonElement>('button[type=submit]')!);
      await waitFor(() => expect(message(w.shadow)).toContain(refusedText(lang, label[lang])));
      expect(message(w.shadow)).toContain(error[lang]);
      expect(message(w.shadow)).not.toContain('telefono');
      expect(input(w.shadow, 'telefono').getAttribute('aria-invalid')).toBe('true');
      expect(input(w.shadow, 'nombre').value).toBe('Ana');
      expect(kept(widget)?.refused).toEqual({ key: 'api.invalid', fields: { telefono: 'phone' } });
    },
  );

  it.each(['es', 'en'] as const)(
    'after the page was left (%s): shown again, marked, not sent again; the corrected send replaces it',
    async (lang) => {
      keepRefused(widget, path, body, { telefono: 'phone' });
      const bodies = accept(path);
      const w = await mountWidget(lang);
      await waitFor(() => expect(message(w.shadow)).toContain(catalogue(lang).api.notAccepted));
      expect(message(w.shadow)).toContain(refusedText(lang, label[lang]));
      expect(input(w.shadow, 'nombre').value).toBe('Ana');
      expect(input(w.shadow, 'telefono').value).toBe('+57 123 4567');
      expect(input(w.shadow, 'telefono').getAttribute('aria-invalid')).toBe('true');
      expect(bodies).toEqual([]);
      // The wait list's message is a dialog: closed, the focus is on the field to correct.
      const dialog = [...w.shadow.querySelectorAll<HTMLDialogElement>('dialog')].find((d) => d.open);
      if (dialog) {
        await w.user.click(dialog.querySelector('button')!);
        await waitFor(() => expect(w.shadow.activeElement).toBe(input(w.shadow, 'telefono')));
      }
      await retype(w.user, input(w.shadow, 'telefono'), '+57 300 123 4567');
      await w.user.click(w.shadow.querySelector<HTMLButtonElement>('button[type=submit]')!);
      await waitFor(() => expect(bodies).toHaveLength(1));
      await waitFor(() => expect(kept(widget)).toBeUndefined());
    },
  );
});
