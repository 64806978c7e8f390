// Every message the wait list and the design form can show, in es and en, against the catalogue
// (docs/contributors/behaviour.md#errors): each failure reason (ApiErrorKey), each state of a
// send and each field error key, rendered, reads exactly the catalogue's text in the widget's
// language: never a key, a raw field name, or the text of the other language.
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '@obra/wait-list/register';
import { waitListCatalogues } from '@obra/wait-list';
import { designFormCatalogues } from '@obra/design-form';
import esServer from '@obra/i18n/locales/es/server.json' with { type: 'json' };
import enServer from '@obra/i18n/locales/en/server.json' with { type: 'json' };
import { designFormHandlers } from '../msw/design-form-handlers.ts';
import { held } from '../msw/held.ts';
import { TEST_SHEET } from '../msw/wait-list-handlers.ts';
import { useFastRetries } from './support/fast-retries.ts';
import { mount, paste, visitor } from './support/mount.ts';
import { designForm, fillPersonal, generate, openDialogTitles, openModal, TEST_API, useApi, type Lang } from './support/design-form.ts';

const server = useApi();
useFastRetries(server);

const LANGS = ['es', 'en'] as const;
const other = (lang: Lang): Lang => (lang === 'es' ? 'en' : 'es');
const SERVER = { es: esServer, en: enServer };
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

/** A catalogue key (`api.invalid`, `common.phone` …) or a field name the way the server writes it. */
const KEY = /\b(api|common|waitList|designForm|estimate)\.[a-zA-Z]/;
const RAW_FIELDS = /\b(interesado|telefono|comentario|departamento|imageUrl|usoEspecifico|altoEdificacion|errorMessage)\b/;

/** `shown` is the catalogue's `expected[lang]`, exactly; and it is not the other language's text. */
function expectText(shown: string | null | undefined, expected: Record<Lang, string>, lang: Lang) {
  expect(shown).toBe(expected[lang]);
  if (expected.es !== expected.en) expect(shown).not.toBe(expected[other(lang)]);
  expect(shown).not.toMatch(KEY);
  expect(shown).not.toMatch(RAW_FIELDS);
}
/** The same text in both languages, from a catalogue path. */
const both = <C,>(catalogues: Record<Lang, C>, pick: (c: C) => string) => ({ es: pick(catalogues.es), en: pick(catalogues.en) });
/** Nothing in the widget's visible text is a key or a raw field name. */
function expectNoKeys(shadow: ShadowRoot) {
  const text = [...shadow.querySelectorAll('p, h2, label, legend, button, [role=alert], [role=status], .error')]
    .map((el) => el.textContent)
    .join('\n');
  expect(text).not.toMatch(KEY);
  expect(text).not.toMatch(RAW_FIELDS);
}

const wl = waitListCatalogues;
const field = (shadow: ShadowRoot, name: string) => shadow.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name=${name}]`)!;
/** The message under a field (the error its aria-describedby names). */
function errorOf(shadow: ShadowRoot, name: string) {
  const control = shadow.querySelector(`[name=${name}]`)!;
  const described =
    control.getAttribute('aria-describedby') ?? control.closest('[aria-describedby]')?.getAttribute('aria-describedby') ?? '';
  return (
    described
      .split(/\s+/)
      .map((id) => shadow.getElementById(id))
      .find((el) => el?.classList.contains('error'))?.textContent ?? null
  );
}

describe.each(LANGS)('<obra-wait-list> in %s: every message is the catalogue’s', (lang) => {
  const mountWaitList = async (attrs = '') => {
    const mounted = await mount(`<obra-wait-list api-base="${TEST_API}" lang="${lang}" ${attrs}></obra-wait-list>`);
    return { ...mounted, user: visitor() };
  };
  type W = Awaited<ReturnType<typeof mountWaitList>>;
  const submit = (w: W) => w.user.click(w.shadow.querySelector<HTMLButtonElement>('button[type=submit]')!);
  const fillValid = async (w: W) => {
    await w.user.click(w.shadow.querySelector<HTMLInputElement>('[name=interesado][value=cliente]')!);
    for (const [name, value] of [
      ['nombre', 'Ana'],
      ['correo', 'ana@example.com'],
      ['telefono', '+57 300 123 4567'],
      ['comentario', 'Casa'],
    ] as const)
      await paste(w.user, field(w.shadow, name), value);
  };
  const dialog = (w: W) => [...w.shadow.querySelectorAll<HTMLDialogElement>('dialog')].find((d) => d.open);
  const live = (w: W) => w.shadow.querySelector('[aria-live]')?.textContent ?? '';

  it('each field error key, under its field, and the count announced', async () => {
    // The input refuses a 301st character as typed: an over-long comment comes from a draft.
    localStorage.setItem(
      `obra:wait-list:${location.pathname}:0`,
      JSON.stringify({ savedAt: Date.now(), draft: { comentario: 'x'.repeat(301) } }),
    );
    const w = await mountWaitList();
    await submit(w);
    for (const name of ['nombre', 'correo', 'telefono'])
      expectText(
        errorOf(w.shadow, name),
        both(wl, (c) => c.common.required),
        lang,
      );
    expectText(
      errorOf(w.shadow, 'interesado'),
      both(wl, (c) => c.common.choose),
      lang,
    );
    await waitFor(() => expect(live(w)).toBe(fill(wl[lang].common.invalidCount_other, { count: 5 })));
    await paste(w.user, field(w.shadow, 'correo'), 'ana@');
    await paste(w.user, field(w.shadow, 'telefono'), '12');
    await paste(w.user, field(w.shadow, 'nombre'), 'A\u0007na');
    expectText(
      errorOf(w.shadow, 'correo'),
      both(wl, (c) => c.common.email),
      lang,
    );
    expectText(
      errorOf(w.shadow, 'telefono'),
      both(wl, (c) => c.common.phone),
      lang,
    );
    expectText(
      errorOf(w.shadow, 'nombre'),
      both(wl, (c) => c.common.characters),
      lang,
    );
    expectText(
      errorOf(w.shadow, 'comentario'),
      both(wl, (c) => fill(c.common.tooLong, { max: 300 })),
      lang,
    );
    expectNoKeys(w.shadow);
  });

  it.each([
    ['api.server', 500, {}],
    ['api.rateLimited', 429, {}],
    ['api.invalid', 400, {}],
    ['api.tooLarge', 413, {}],
    ['api.unexpected', 404, {}],
    ['api.refused', 400, { telefono: 'phone' }],
  ] as const)('the failure %s: its dialog, reason and announcement', async (reason, status, errors) => {
    server.use(
      http.post(`${TEST_API}/wait-list`, () =>
        HttpResponse.json({ errorMessage: 'Some fields are invalid (telefono)', errors }, { status }),
      ),
    );
    const w = await mountWaitList();
    await fillValid(w);
    await submit(w);
    await waitFor(() => expect(dialog(w)).toBeDefined());
    const [title, message, detail] = [...dialog(w)!.querySelectorAll('h2, p')].map((el) => el.textContent);
    expectText(
      title,
      both(wl, (c) => c.waitList.error.title),
      lang,
    );
    expectText(
      message,
      both(wl, (c) => c.waitList.error.message),
      lang,
    );
    const key = reason.slice(4) as Exclude<keyof (typeof wl)['es']['api'], 'refused'> | 'refused';
    expectText(
      detail,
      both(wl, (c) => fill(c.api[key], { fields: c.waitList.telefono })),
      lang,
    );
    expectText(
      dialog(w)!.querySelector('button')!.textContent,
      both(wl, (c) => c.common.close),
      lang,
    );
    expectText(
      live(w),
      both(wl, (c) => c.waitList.status.failed),
      lang,
    );
    if (reason === 'api.refused')
      expectText(
        errorOf(w.shadow, 'telefono'),
        both(wl, (c) => c.common.phone),
        lang,
      );
    expectNoKeys(w.shadow);
  });

  it('sending: the button and the announcement', async () => {
    server.use(
      http.post(`${TEST_API}/wait-list`, async () => {
        await held();
        return HttpResponse.json({ id: 'wl_1' }, { status: 201 });
      }),
    );
    const w = await mountWaitList();
    await fillValid(w);
    await submit(w);
    await waitFor(() =>
      expectText(
        w.shadow.querySelector('button[type=submit]')!.textContent,
        both(wl, (c) => c.waitList.sending),
        lang,
      ),
    );
    expectText(
      live(w),
      both(wl, (c) => c.waitList.status.sending),
      lang,
    );
  });

  it('waiting for the network: the line and the button', async () => {
    server.use(http.post(`${TEST_API}/wait-list`, () => HttpResponse.error()));
    const w = await mountWaitList();
    await fillValid(w);
    await submit(w);
    await waitFor(() =>
      expectText(
        w.shadow.querySelector('.delivery')?.textContent,
        both(wl, (c) => c.api.waiting),
        lang,
      ),
    );
    expectText(
      w.shadow.querySelector('button[type=submit]')!.textContent,
      both(wl, (c) => c.api.queued),
      lang,
    );
    expectText(
      live(w),
      both(wl, (c) => c.api.waiting),
      lang,
    );
  });

  it('sent: the success dialog and its announcement', async () => {
    server.use(http.post(`${TEST_API}/wait-list`, () => HttpResponse.json({ id: 'wl_1' }, { status: 201 })));
    const w = await mountWaitList();
    await fillValid(w);
    await submit(w);
    await waitFor(() => expect(dialog(w)).toBeDefined());
    const [title, message] = [...dialog(w)!.querySelectorAll('h2, p')].map((el) => el.textContent);
    expectText(
      title,
      both(wl, (c) => c.waitList.success.title),
      lang,
    );
    expectText(
      message,
      both(wl, (c) => c.waitList.success.message),
      lang,
    );
    expectText(
      live(w),
      both(wl, (c) => c.waitList.status.sent),
      lang,
    );
  });

  it('an earlier send refused after the page was left, and the spreadsheet endpoint out of reach', async () => {
    const body = { interesado: 'cliente', nombre: 'Ana', correo: 'ana@example.com', telefono: '+57 123 4567', comentario: 'Casa' };
    const refused = { key: 'api.invalid', fields: { telefono: 'phone' } };
    localStorage.setItem(
      `obra:outbox:wait-list:${location.pathname}:0`,
      JSON.stringify({ savedAt: Date.now(), delivery: { url: `${TEST_API}/wait-list`, body, key: 'k', refused } }),
    );
    const w = await mountWaitList();
    await waitFor(() => expect(dialog(w)).toBeDefined());
    const [, message, detail] = [...dialog(w)!.querySelectorAll('h2, p')].map((el) => el.textContent);
    expectText(
      message,
      both(wl, (c) => c.api.notAccepted),
      lang,
    );
    expectText(
      detail,
      both(wl, (c) => fill(c.api.refused, { fields: c.waitList.telefono })),
      lang,
    );
    expectNoKeys(w.shadow);
    document.body.innerHTML = '';
    localStorage.clear();
    server.use(http.post(TEST_SHEET, () => HttpResponse.error()));
    const sheet = await mountWaitList(`transport="no-cors" endpoint="${TEST_SHEET}"`);
    await fillValid(sheet);
    await submit(sheet);
    await waitFor(() => expect(dialog(sheet)).toBeDefined());
    expectText(
      dialog(sheet)!.querySelector('.detail')!.textContent,
      both(wl, (c) => c.api.network),
      lang,
    );
  });
});

const df = designFormCatalogues;

describe.each(LANGS)('<obra-design-form> in %s: every message is the catalogue’s', (lang) => {
  const c = (l: Lang) => df[l].designForm;
  const mountForm = () => designForm(`lang="${lang}"`);
  type F = Awaited<ReturnType<typeof mountForm>>;
  const submit = (form: F) => form.user.click(form.shadow.querySelector<HTMLButtonElement>('dialog.modal button[type=submit]')!);
  const alert = (form: F) => form.shadow.querySelector<HTMLDialogElement>('dialog.dialog[open]');

  it('the dialog of a report without an image, and each field error key in the modal', async () => {
    // The input refuses a 101st character as typed: an over-long name comes from a draft.
    localStorage.setItem(
      `obra:design-form:${location.pathname}:0`,
      JSON.stringify({ savedAt: Date.now(), draft: { values: { nombre: 'x'.repeat(101) }, generatedUrl: '', prompt: '' } }),
    );
    const form = await mountForm();
    const modal = await openModal(form, lang);
    await submit(form);
    expect(openDialogTitles(form)).toEqual([c(lang).form.error.imageNotGenerated]);
    expectText(
      alert(form)!.querySelector('p')!.textContent,
      both(df, (d) => d.designForm.form.error.imageNotGeneratedMessage),
      lang,
    );
    await form.user.click(alert(form)!.querySelector('button')!);
    server.use(designFormHandlers.generated);
    await form.user.click(form.screen.getByRole('button', { name: c(lang).modal.generateNow }));
    await waitFor(() => expect(modal.querySelector('#design-form-modal-image')).toBeNull());
    await submit(form);
    for (const name of ['pais', 'departamento', 'ciudad', 'correo', 'telefono'])
      expectText(
        errorOf(form.shadow, name),
        both(df, (d) => d.common.required),
        lang,
      );
    await paste(form.user, field(form.shadow, 'correo'), 'ana@');
    await paste(form.user, field(form.shadow, 'telefono'), '12');
    await paste(form.user, field(form.shadow, 'ciudad'), 'Me\u0007dellín');
    const expected = { correo: 'email', telefono: 'phone', ciudad: 'characters' } as const;
    for (const [name, key] of Object.entries(expected))
      expectText(
        errorOf(form.shadow, name),
        both(df, (d) => d.common[key]),
        lang,
      );
    expectText(
      errorOf(form.shadow, 'nombre'),
      both(df, (d) => fill(d.common.tooLong, { max: 100 })),
      lang,
    );
    expectNoKeys(form.shadow);
  });

  const serverText = (l: Lang, key: 'failed' | 'rateLimited') => fill(SERVER[l][key], { seconds: 1 });
  it.each([
    [
      'api.server, with the server’s message',
      500,
      (l: Lang) => ({ errorMessage: serverText(l, 'failed') }),
      (l: Lang) => serverText(l, 'failed'),
    ],
    ['api.server, without one', 500, () => ({}), (l: Lang) => c(l).form.error.submitError],
    ['api.rateLimited', 429, (l: Lang) => ({ errorMessage: serverText(l, 'rateLimited') }), (l: Lang) => serverText(l, 'rateLimited')],
    [
      'api.refused: a field',
      400,
      () => ({ errorMessage: 'Some fields are invalid (telefono)', errors: { telefono: 'phone' } }),
      (l: Lang) => fill(df[l].api.refused, { fields: c(l).modal.telefono }),
    ],
    [
      'api.refused: two fields, one of the project',
      400,
      () => ({
        errorMessage: 'Some fields are invalid (altoEdificacion, telefono)',
        errors: { altoEdificacion: 'dimension', telefono: 'phone' },
      }),
      (l: Lang) =>
        fill(df[l].api.refused, {
          fields: new Intl.ListFormat(l, { type: 'conjunction' }).format([c(l).dimensions.altoEdificacion, c(l).modal.telefono]),
        }),
    ],
    [
      'api.invalid: no field of the form',
      400,
      () => ({ errorMessage: 'Some fields are invalid (attribution)', errors: { attribution: 'required' } }),
      (l: Lang) => c(l).form.error.submitError,
    ],
    [
      'api.invalid: the image',
      400,
      () => ({ errorMessage: 'Some fields are invalid (imageUrl)', errors: { imageUrl: 'url' } }),
      (l: Lang) => c(l).form.error.imageNotGeneratedMessage,
    ],
  ] as const)('the failure %s: the alert', async (_case, status, answer, text) => {
    server.use(
      designFormHandlers.generated,
      http.post(`${TEST_API}/form-report`, ({ request }) =>
        HttpResponse.json(answer(request.headers.get('accept-language') === 'en' ? 'en' : 'es'), { status }),
      ),
    );
    const form = await mountForm();
    await generate(form, lang);
    await fillPersonal(form, lang);
    await submit(form);
    await waitFor(() => expect(alert(form)).not.toBeNull());
    expectText(
      alert(form)!.querySelector('h2')!.textContent,
      both(df, (d) => d.designForm.form.error.networkError),
      lang,
    );
    expectText(alert(form)!.querySelector('p')!.textContent, { es: text('es'), en: text('en') }, lang);
    expectText(
      alert(form)!.querySelector('button')!.textContent,
      both(df, (d) => d.common.close),
      lang,
    );
    expectNoKeys(form.shadow);
  });

  it('sending: the overlay', async () => {
    server.use(
      designFormHandlers.generated,
      http.post(`${TEST_API}/form-report`, async () => {
        await held();
        return HttpResponse.json({ id: 'r' }, { status: 201 });
      }),
    );
    const form = await mountForm();
    await generate(form, lang);
    await fillPersonal(form, lang);
    await submit(form);
    const overlay = form.shadow.querySelector<HTMLDialogElement>('dialog.overlay')!;
    await waitFor(() => expect(overlay.open).toBe(true));
    expectText(
      overlay.querySelector('[role=status]')!.textContent,
      both(df, (d) => d.designForm.modal.sending),
      lang,
    );
  });

  it('waiting for the network: the overlay, its button, then the line by the opener', async () => {
    server.use(
      designFormHandlers.generated,
      http.post(`${TEST_API}/form-report`, () => HttpResponse.error()),
    );
    const form = await mountForm();
    await generate(form, lang);
    await fillPersonal(form, lang);
    await submit(form);
    const overlay = form.shadow.querySelector<HTMLDialogElement>('dialog.overlay')!;
    await waitFor(() =>
      expectText(
        overlay.querySelector('[role=status]')!.textContent,
        both(df, (d) => d.api.waiting),
        lang,
      ),
    );
    expectText(
      overlay.querySelector('button')!.textContent,
      both(df, (d) => d.designForm.overlay.close),
      lang,
    );
    await form.user.click(overlay.querySelector('button')!);
    expectText(
      form.shadow.querySelector('.delivery')!.textContent,
      both(df, (d) => d.designForm.overlay.pending),
      lang,
    );
  });

  it('the success dialog, and an earlier report refused after the page was left', async () => {
    server.use(designFormHandlers.generated, designFormHandlers.reported);
    const form = await mountForm();
    await generate(form, lang);
    await fillPersonal(form, lang);
    await submit(form);
    await waitFor(() => expect(alert(form)).not.toBeNull());
    const [title, message, button] = [...alert(form)!.querySelectorAll('h2, p, button')].map((el) => el.textContent);
    expectText(
      title,
      both(df, (d) => d.designForm.form.success.submitted),
      lang,
    );
    expectText(
      message,
      both(df, (d) => d.designForm.form.success.message),
      lang,
    );
    expectText(
      button,
      both(df, (d) => d.designForm.form.success.confirm),
      lang,
    );
    document.body.innerHTML = '';
    localStorage.clear();
    const report = { nombre: 'Ana', pais: 'Colombia', departamento: 'Antioquia', ciudad: 'Medellín', correo: 'ana@example.com' };
    const refused = { key: 'api.invalid', fields: { telefono: 'phone' } };
    localStorage.setItem(
      `obra:outbox:design-form:${location.pathname}:0`,
      JSON.stringify({
        savedAt: Date.now(),
        delivery: { url: `${TEST_API}/form-report`, body: { ...report, telefono: '+57 123 4567' }, key: 'k', refused },
      }),
    );
    const again = await mountForm();
    const modal = again.shadow.querySelector<HTMLDialogElement>('dialog.modal')!;
    await waitFor(() => expect(modal.open).toBe(true));
    expectText(
      modal.querySelector('form [role=alert]')!.textContent,
      both(df, (d) => `${d.api.notAccepted} ${fill(d.api.refused, { fields: d.designForm.modal.telefono })}`),
      lang,
    );
    expectText(
      errorOf(again.shadow, 'telefono'),
      both(df, (d) => d.common.phone),
      lang,
    );
    expectNoKeys(again.shadow);
  });
});
