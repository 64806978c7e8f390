import { act, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { designFormCatalogues } from '@obra/design-form';
import { designFormHandlers } from '../msw/design-form-handlers.ts';
import { useFastRetries } from './support/fast-retries.ts';
import { paste } from './support/mount.ts';
import {
  copy,
  designForm,
  fillPersonal,
  generate,
  GENERATED_URL,
  openDialogTitles,
  openModal,
  openSection,
  PERSON,
  record,
  type Form,
  useApi,
} from './support/design-form.ts';

const server = useApi();
useFastRetries(server);

const submit = (form: Form, lang: 'es' | 'en' = 'es') =>
  form.user.click(form.screen.getByRole('button', { name: copy(lang).modal.submit }));

describe('<obra-design-form> personal-data modal and submission', () => {
  it.each(['es', 'en'] as const)(
    'opens a modal dialog with the close button, title, description and six required fields (%s)',
    async (lang) => {
      const c = copy(lang);
      const form = await designForm(`lang="${lang}"`);
      const opener = form.screen.getByRole('button', { name: c.open });
      await form.user.click(opener);
      const modal = form.shadow.querySelector<HTMLDialogElement>('dialog.modal')!;
      expect(modal.open).toBe(true);
      expect(form.screen.getByRole('button', { name: c.modal.close })).toBeTruthy();
      expect(form.screen.getByRole('heading', { name: c.modal.title })).toBeTruthy();
      // No image yet: the modal says so as it opens, and its description reads it out.
      expect(modal.getAttribute('aria-describedby')).toBe('design-form-modal-description design-form-modal-image');
      const fields = [...modal.querySelectorAll<HTMLInputElement>('input[name]:not([name=website])')].map((i) => [
        i.name,
        i.type,
        i.required,
      ]);
      expect(fields).toEqual([
        ['nombre', 'text', true],
        ['pais', 'text', true],
        ['departamento', 'text', true],
        ['ciudad', 'text', true],
        ['correo', 'email', true],
        ['telefono', 'tel', true],
      ]);
      await form.user.click(form.screen.getByRole('button', { name: c.modal.close }));
      expect(modal.open).toBe(false);
    },
  );

  it.each([
    ['es', 'Imagen no generada'],
    ['en', 'Image not generated'],
  ] as const)('blocks sending without a generated image (%s)', async (lang, title) => {
    const bodies = record(server, 'form-report', () => HttpResponse.json({ id: 'r' }, { status: 201 }));
    const form = await designForm(`lang="${lang}"`);
    await fillPersonal(form, lang);
    await submit(form, lang);
    expect(openDialogTitles(form)).toEqual([title]);
    // The modal said it as it opened; a send without the image still gets the dialog.
    expect(form.shadow.querySelector('dialog.dialog[open] p')!.textContent).toBe(copy(lang).form.error.imageNotGeneratedMessage);
    expect(bodies).toEqual([]);
  });

  it.each(['es', 'en'] as const)(
    'says the image is missing as the modal opens, makes it from there, and keeps what was typed (%s)',
    async (lang) => {
      const c = copy(lang);
      server.use(designFormHandlers.generateFailed);
      const bodies = record(server, 'form-report', () => HttpResponse.json({ id: 'r' }, { status: 201 }));
      const form = await designForm(`lang="${lang}"`);
      const modal = await openModal(form, lang);
      const notice = modal.querySelector<HTMLElement>('#design-form-modal-image')!;
      expect([...notice.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
        c.form.error.imageNotGenerated,
        c.form.error.imageNotGeneratedMessage,
      ]);
      await paste(form.user, modal.querySelector<HTMLInputElement>('[name=nombre]')!, PERSON.nombre);
      // A failure says so in the notice, which stays with its button.
      await form.user.click(within(modal).getByRole('button', { name: c.modal.generateNow }));
      await waitFor(() => expect(notice.querySelectorAll('p')[1]!.textContent).toBe(c.image.failed));
      server.use(designFormHandlers.generated);
      await form.user.click(within(modal).getByRole('button', { name: c.modal.generateNow }));
      await waitFor(() => expect(modal.querySelector('#design-form-modal-image')).toBeNull());
      expect(modal.querySelector('[role=status]')!.textContent).toBe(c.image.generated);
      expect(modal.getAttribute('aria-describedby')).toBe('design-form-modal-description');
      expect([modal.open, modal.querySelector<HTMLInputElement>('[name=nombre]')!.value]).toEqual([true, PERSON.nombre]);
      expect(form.shadow.querySelector('.preview img')!.getAttribute('src')).toBe(GENERATED_URL);
      expect(bodies).toEqual([]);
    },
  );

  it('requires every personal field, in es and en, once an image exists', async () => {
    server.use(designFormHandlers.generated);
    const bodies = record(server, 'form-report', () => HttpResponse.json({ id: 'r' }, { status: 201 }));
    const form = await designForm();
    await generate(form);
    await form.user.click(form.screen.getByRole('button', { name: copy('es').open }));
    await submit(form);
    expect(form.screen.getAllByText('Este campo es obligatorio.')).toHaveLength(6);
    await waitFor(() => expect((form.shadow.activeElement as HTMLInputElement).name).toBe('nombre'));
    form.host.setAttribute('lang', 'en');
    expect(await form.screen.findAllByText('This field is required.')).toHaveLength(6);
    expect(bodies).toEqual([]);
  });

  it('sends every field plus the prompt once, with the overlay, then the success dialog, and resets', async () => {
    server.use(designFormHandlers.generated);
    let answer: (r: Response) => void = () => undefined;
    const bodies = record(server, 'form-report', () => new Promise<Response>((done) => (answer = done)) as unknown as Response);
    const form = await designForm();
    const events: string[] = [];
    for (const name of ['obra-submit', 'obra-success', 'obra-error']) form.host.addEventListener(name, () => events.push(name));
    await openSection(form, 'Uso');
    await form.user.click(form.screen.getByRole('radio', { name: 'Comercial' }));
    await openSection(form, 'Otros');
    await form.user.click(form.screen.getByRole('checkbox', { name: 'Ascensor' }));
    await generate(form);
    const modal = await fillPersonal(form);
    await submit(form);
    await submit(form);
    const overlay = form.shadow.querySelector<HTMLDialogElement>('dialog.overlay')!;
    await waitFor(() => expect(overlay.open).toBe(true));
    expect(overlay.textContent).toBe('Enviando reporte al correo...');
    expect(form.screen.getByRole('button', { name: copy('es').modal.submit, hidden: true }).getAttribute('aria-disabled')).toBe('true');
    answer(HttpResponse.json({ id: 'rep_1' }, { status: 201 }));
    await waitFor(() => expect(openDialogTitles(form)).toEqual(['Formulario enviado con éxito']));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({
      estadoProyecto: '',
      etapaProyecto: '',
      ancho: '',
      longitud: '',
      anchoEdificacion: '',
      largoEdificacion: '',
      altoEdificacion: '',
      uso: 'commercial',
      usoEspecifico: '',
      sistemaConstructivo: '',
      diseno: '',
      tipoFachada: '',
      materialCubierta: '',
      materialFachada: '',
      zona: '',
      otros: ['ascensor'],
      ...PERSON,
      imageUrl: GENERATED_URL,
      prompt: 'Foto realista de edificación de uso comercial. Estilo contemporáneo, luz natural de día, entorno urbano.',
      attribution: expect.objectContaining({ widget: 'design-form' }),
    });
    expect([modal.open, overlay.open]).toEqual([false, false]);
    expect(events).toEqual(['obra-submit', 'obra-success']);
    // Reset to the initial values: nothing chosen, the example image again.
    expect(form.screen.getByRole<HTMLInputElement>('radio', { name: 'Comercial' }).checked).toBe(false);
    expect(form.screen.getByRole('img', { name: copy('es').image.exampleAlt })).toBeTruthy();
    await form.user.click(form.screen.getByRole('button', { name: 'Aceptar' }));
    expect(openDialogTitles(form)).toEqual([]);
    expect(form.shadow.activeElement).toBe(form.screen.getByRole('button', { name: copy('es').open }));
  });

  it.each([
    ['the server’s errorMessage', designFormHandlers.reportFailed, 'El servicio de correo no responde.'],
    ['submitError without one', designFormHandlers.reportFailedSilently, 'Error al enviar el formulario'],
  ])('on failure shows an alert titled networkError with %s, and keeps everything', async (_case, handler, text) => {
    server.use(designFormHandlers.generated, handler);
    const form = await designForm();
    const errors: unknown[] = [];
    form.host.addEventListener('obra-error', (e) => errors.push((e as CustomEvent).detail.message));
    await generate(form);
    const modal = await fillPersonal(form);
    await submit(form);
    await waitFor(() => expect(openDialogTitles(form)).toEqual(['Error de red o del servidor']));
    const alert = [...form.shadow.querySelectorAll('dialog.dialog')].find((d) => (d as HTMLDialogElement).open)!;
    expect([alert.getAttribute('role'), alert.querySelector('p')!.textContent]).toEqual(['alertdialog', text]);
    expect(errors).toEqual([text]);
    expect(modal.open).toBe(true);
    expect(modal.querySelector<HTMLInputElement>('[name=nombre]')!.value).toBe(PERSON.nombre);
  });

  it('unreachable: the overlay says the report waits for the network, and it goes out once, under one key, when it is back', async () => {
    server.use(designFormHandlers.generated, designFormHandlers.reportNetworkError);
    const keys: (string | null)[] = [];
    server.events.on(
      'request:start',
      ({ request }) => void (request.url.endsWith('/form-report') && keys.push(request.headers.get('idempotency-key'))),
    );
    const form = await designForm();
    await generate(form);
    await fillPersonal(form);
    await submit(form);
    const overlay = form.shadow.querySelector<HTMLDialogElement>('dialog.overlay')!;
    await waitFor(() => expect(overlay.querySelector('[role=status]')!.textContent).toBe(designFormCatalogues.es.api.waiting));
    expect(overlay.open).toBe(true);
    server.use(designFormHandlers.reported);
    await waitFor(() => expect(openDialogTitles(form)).toEqual(['Formulario enviado con éxito']));
    server.events.removeAllListeners();
    expect(keys.length).toBeGreaterThan(4);
    expect(new Set(keys).size).toBe(1);
  });

  // Never trap the visitor (issue 17): offline, the overlay closes and the report still goes out later.
  it.each([
    ['es', 'its close button'],
    ['en', 'Esc'],
  ] as const)(
    'waiting for the network (%s), the overlay closes by %s; the form says the report goes out later, and it does',
    async (lang, how) => {
      server.use(designFormHandlers.generated, designFormHandlers.reportNetworkError);
      const keys: (string | null)[] = [];
      server.events.on(
        'request:start',
        ({ request }) => void (request.url.endsWith('/form-report') && keys.push(request.headers.get('idempotency-key'))),
      );
      const form = await designForm(`lang="${lang}"`);
      await generate(form, lang);
      const modal = await fillPersonal(form, lang);
      await submit(form, lang);
      const overlay = form.shadow.querySelector<HTMLDialogElement>('dialog.overlay')!;
      await waitFor(() => expect(overlay.querySelector('[role=status]')!.textContent).toBe(designFormCatalogues[lang].api.waiting));
      if (how === 'Esc') {
        // What a browser does on Esc in a modal dialog: a cancelable `cancel` event (the e2e test presses the key).
        await act(async () => void overlay.dispatchEvent(new Event('cancel', { cancelable: true })));
      } else {
        await form.user.click(form.screen.getByRole('button', { name: copy(lang).overlay.close }));
      }
      expect([overlay.open, modal.open]).toEqual([false, false]);
      const note = form.shadow.querySelector('.delivery[role=status]');
      expect(note?.textContent).toBe(copy(lang).overlay.pending);
      expect(form.shadow.activeElement).toBe(form.screen.getByRole('button', { name: copy(lang).open }));
      expect(Object.keys(localStorage).filter((key) => key.startsWith('obra:outbox:design-form:'))).toHaveLength(1);

      server.use(designFormHandlers.reported);
      await waitFor(() => expect(openDialogTitles(form)).toEqual([copy(lang).form.success.submitted]));
      server.events.removeAllListeners();
      expect(overlay.open).toBe(false);
      expect(form.shadow.querySelector('.delivery')).toBeNull();
      expect(new Set(keys).size).toBe(1);
      expect(Object.keys(localStorage).filter((key) => key.startsWith('obra:outbox:design-form:'))).toEqual([]);
    },
  );

  it('the overlay cannot be closed while the report is being sent (only while it waits for the network)', async () => {
    server.use(designFormHandlers.generated, designFormHandlers.reportPending);
    const form = await designForm();
    await generate(form);
    await fillPersonal(form);
    await submit(form);
    const overlay = form.shadow.querySelector<HTMLDialogElement>('dialog.overlay')!;
    await waitFor(() => expect(overlay.open).toBe(true));
    expect(overlay.querySelector('button')).toBeNull();
    const cancel = new Event('cancel', { cancelable: true });
    await act(async () => void overlay.dispatchEvent(cancel));
    expect([cancel.defaultPrevented, overlay.open]).toEqual([true, true]);
  });

  it('a cancelled obra-submit sends nothing', async () => {
    server.use(designFormHandlers.generated);
    const bodies = record(server, 'form-report', () => HttpResponse.json({ id: 'r' }, { status: 201 }));
    const form = await designForm();
    form.host.addEventListener('obra-submit', (e) => e.preventDefault());
    await generate(form);
    await fillPersonal(form);
    await submit(form);
    expect(bodies).toEqual([]);
    expect(openDialogTitles(form)).toEqual([]);
  });
});
