import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendPartner } from '@obra/api';
import '@obra/partner-registration/register';
import { SPECIALIZATIONS, type Specialization } from '@obra/schema';
import { PARTNER_URL, partnerHandlers, TEST_API } from '../msw/partner-handlers.ts';
import { useFastRetries } from './support/fast-retries.ts';
import { mount, paste, visitor } from './support/mount.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
// sendPartner logs the accepted answer (docs/contributors/behaviour.md#calls); the tests read the log instead of printing it.
const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
beforeEach(() => info.mockClear());
useFastRetries(server);

/** Records every registration request body, answering 201 after `delayMs`. */
/** Records the bodies sent; with `held`, each answer waits until that promise resolves. */
function recordRequests(held?: Promise<void>) {
  const bodies: unknown[] = [];
  server.use(
    http.post(PARTNER_URL, async ({ request }) => {
      bodies.push(await request.json());
      await held;
      return HttpResponse.json({ id: 'pr_1' }, { status: 201 });
    }),
  );
  return bodies;
}

type Lang = 'es' | 'en';
const COPY = {
  es: {
    title: 'Inscríbete como profesional',
    nombre: 'Nombre completo',
    telefono: 'Teléfono',
    correo: 'Correo electrónico',
    pais: 'País',
    especializacion: 'Especialización',
    submit: 'Registrarme',
    sending: 'Enviando...',
    queued: 'Guardado, pendiente de envío',
    required: 'Este campo es obligatorio.',
    choose: 'Elige una opción.',
    success: '¡Registro completado exitosamente! Gracias.',
    error: 'Hubo un problema con tu registro. Por favor, inténtalo más tarde.',
  },
  en: {
    title: 'Register as a professional',
    nombre: 'Full name',
    telefono: 'Phone',
    correo: 'E-mail',
    pais: 'Country',
    especializacion: 'Specialisation',
    submit: 'Register',
    sending: 'Sending...',
    queued: 'Saved, waiting to send',
    required: 'This field is required.',
    choose: 'Choose an option.',
    success: 'Registration completed successfully! Thank you.',
    error: 'There was a problem with your registration. Please try again later.',
  },
} as const;
type Field = 'nombre' | 'telefono' | 'correo' | 'pais';

async function widget(lang: Lang = 'es') {
  const mounted = await mount(`<obra-partner-registration api-base="${TEST_API}" lang="${lang}"></obra-partner-registration>`);
  const copy = COPY[lang];
  const { screen } = mounted;
  return {
    ...mounted,
    copy,
    user: visitor(),
    /** A text control by its label (the required mark is not part of the name). */
    input: (name: Field) =>
      screen.getByRole<HTMLInputElement>('textbox', { name: (accessible: string) => accessible.startsWith(copy[name]) }),
    select: () =>
      screen.getByRole<HTMLSelectElement>('combobox', { name: (accessible: string) => accessible.startsWith(copy.especializacion) }),
    button: () => screen.getByRole('button', { name: new RegExp(`^(${copy.submit}|${copy.sending}|${copy.queued})$`) }),
    fieldErrors: () => [...mounted.shadow.querySelectorAll('form .field .error')].map((el) => el.textContent),
    outcome: (role: 'status' | 'alert') => mounted.shadow.querySelector(`.outcome[role=${role}]`)!,
  };
}
type Widget = Awaited<ReturnType<typeof widget>>;

/** A valid registration with the stray spaces visitors type (an e-mail input drops its own). */
const TYPED: Record<Field, string> & { especializacion: Specialization } = {
  nombre: '  Ana Pérez ',
  telefono: ' +57 300 1234567',
  correo: 'ana@example.com',
  pais: ' Colombia ',
  especializacion: 'bim',
};
const SENT = {
  nombre: 'Ana Pérez',
  telefono: '+57 300 1234567',
  correo: 'ana@example.com',
  pais: 'Colombia',
  especializacion: 'bim' as const,
};

async function fill(w: Widget, values: Partial<typeof TYPED> = TYPED) {
  for (const name of ['nombre', 'telefono', 'correo', 'pais'] as const)
    if (values[name] !== undefined) await paste(w.user, w.input(name), values[name]);
  if (values.especializacion) await w.user.selectOptions(w.select(), values.especializacion);
}
const formValues = (w: Widget) =>
  Object.fromEntries(
    [...w.shadow.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input:not([name=website]), select')].map((el) => [
      el.name,
      el.value,
    ]),
  );
const EMPTY = { nombre: '', telefono: '', correo: '', pais: '', especializacion: '' };

describe('<obra-partner-registration> form', () => {
  it.each(['es', 'en'] as const)('labels every control in %s, with the input types and autocomplete hints', async (lang) => {
    const w = await widget(lang);
    expect(w.screen.getByRole('heading', { name: w.copy.title })).toBeTruthy();
    const attrs = (el: Element) => [el.getAttribute('type'), el.getAttribute('autocomplete'), el.hasAttribute('required')];
    expect(attrs(w.input('nombre'))).toEqual(['text', 'name', true]);
    expect(attrs(w.input('telefono'))).toEqual(['tel', 'tel', true]);
    expect(attrs(w.input('correo'))).toEqual(['email', 'email', true]);
    expect(attrs(w.input('pais'))).toEqual(['text', 'country-name', true]);
    expect(w.select().required).toBe(true);
    expect(w.button().getAttribute('type')).toBe('submit');
  });

  it('offers the 13 specialisations after an empty "Choose…" option, labelled in es and en', async () => {
    const es = await widget('es');
    const en = await widget('en');
    const options = (w: Widget) => [...w.select().options].map((o) => [o.value, o.textContent]);
    expect(options(es)).toHaveLength(14);
    expect(options(es)[0]).toEqual(['', 'Elige…']);
    expect(options(en)[0]).toEqual(['', 'Choose…']);
    expect(
      options(es)
        .slice(1)
        .map(([value]) => value),
    ).toEqual([...SPECIALIZATIONS]);
    expect(
      options(en)
        .slice(1)
        .map(([value]) => value),
    ).toEqual([...SPECIALIZATIONS]);
    expect(Object.fromEntries(options(es))).toMatchObject({
      'ingenieria-civil': 'Ingeniería civil',
      'diseno-interior': 'Diseño interior',
      'supervision-obra': 'Supervisión de obra',
      bim: 'BIM',
      otro: 'Otro',
    });
    expect(Object.fromEntries(options(en))).toMatchObject({
      'ingenieria-civil': 'Civil engineering',
      'diseno-interior': 'Interior design',
      'supervision-obra': 'Site supervision',
      bim: 'BIM',
      otro: 'Other',
    });
    expect(es.select().value).toBe('');
  });

  it.each([
    ['es', 'Revisa los 5 campos marcados.'],
    ['en', 'Check the 5 highlighted fields.'],
  ] as const)('requires every field in %s, focusing the first and sending nothing', async (lang, summary) => {
    const bodies = recordRequests();
    const w = await widget(lang);
    await w.user.click(w.button());
    const { required, choose } = w.copy;
    expect(w.fieldErrors()).toEqual([required, required, required, required, choose]);
    expect(w.shadow.querySelector('.visually-hidden[role=status]')!.textContent).toBe(summary);
    await waitFor(() => expect(w.shadow.activeElement).toBe(w.input('nombre')));
    expect(bodies).toEqual([]);
  });

  it('checks the e-mail and the phone number (for the country typed in pais), and focuses the first wrong field', async () => {
    const w = await widget('en');
    await fill(w, { ...TYPED, telefono: '12345', correo: 'ana@' });
    await w.user.click(w.button());
    await waitFor(() =>
      expect(w.fieldErrors()).toEqual([
        'This number is not valid for Colombia (+57): check its digits, or pick its country with the button.',
        'Enter a valid e-mail, for example name@domain.com.',
      ]),
    );
    await waitFor(() => expect(w.shadow.activeElement).toBe(w.input('telefono')));
    // Errors follow the typing once a send was attempted.
    await w.user.type(w.input('telefono'), '67');
    expect(w.input('telefono').hasAttribute('aria-invalid')).toBe(false);
    expect(w.fieldErrors()).toEqual(['Enter a valid e-mail, for example name@domain.com.']);
  });

  it('requires a specialisation: the select is marked invalid, its error linked, cleared when chosen', async () => {
    const w = await widget('es');
    await fill(w, { ...TYPED, especializacion: undefined });
    await w.user.click(w.button());
    const select = w.select();
    expect(select.getAttribute('aria-invalid')).toBe('true');
    const described = select
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => w.shadow.getElementById(id)?.textContent);
    expect(described).toEqual(['Elige una opción.']);
    await waitFor(() => expect(w.shadow.activeElement).toBe(select));
    await w.user.selectOptions(select, 'arquitectura');
    expect(select.hasAttribute('aria-invalid')).toBe(false);
    expect(w.fieldErrors()).toEqual([]);
  });
});

describe('<obra-partner-registration> phone number', () => {
  it('follows the country typed in pais until the visitor picks one, and sends the number in international form', async () => {
    const bodies = recordRequests();
    const w = await widget('es');
    await fill(w, { ...TYPED, telefono: undefined, pais: 'Argentina' });
    const phone = w.input('telefono');
    await w.user.type(phone, '011 15-2345-6789');
    expect(phone.value).toBe('+54 011 15-2345-6789');
    expect(w.shadow.querySelector('.country-button')!.textContent).toBe('AR +54');
    await w.user.click(w.button());
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ pais: 'Argentina', telefono: '+54 9 11 2345 6789' });
  });
});

describe('<obra-partner-registration> sending', () => {
  it('sends exactly the five trimmed fields once, thanks the visitor and clears the form', async () => {
    const bodies = recordRequests();
    const w = await widget('es');
    await fill(w);
    await w.user.click(w.button());
    await waitFor(() => expect(w.outcome('status').textContent).toBe(COPY.es.success));
    // Exactly the five fields, plus where the registration came from (tests/unit/attribution.test.tsx).
    expect(bodies).toStrictEqual([{ ...SENT, attribution: expect.objectContaining({ widget: 'partner-registration' }) }]);
    expect(Object.keys(bodies[0] as object).sort()).toEqual(['attribution', 'correo', 'especializacion', 'nombre', 'pais', 'telefono']);
    expect(formValues(w)).toEqual(EMPTY);
    expect(w.fieldErrors()).toEqual([]);
    expect(w.outcome('alert').textContent).toBe('');
    // Quiet on the partner's page: nothing in its console (docs/contributors/behaviour.md#calls).
    expect(info).not.toHaveBeenCalled();
    // Typing the next registration retires the thanks, without showing the empty form as invalid.
    await w.user.type(w.input('nombre'), 'Luis');
    expect(w.outcome('status').textContent).toBe('');
    expect(w.fieldErrors()).toEqual([]);
  });

  it('shows the success message in English', async () => {
    recordRequests();
    const w = await widget('en');
    await fill(w);
    await w.user.click(w.button());
    await waitFor(() => expect(w.outcome('status').textContent).toBe(COPY.en.success));
  });

  it("is busy while sending: 'Enviando...', aria-disabled, and a second send is impossible", async () => {
    // The answer waits for the test: the busy state is checked while the send is surely under way.
    let answer!: () => void;
    const bodies = recordRequests(new Promise<void>((resolve) => (answer = resolve)));
    const w = await widget('es');
    await fill(w);
    await w.user.click(w.button());
    const busy = w.screen.getByRole('button', { name: 'Enviando...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(w.shadow.querySelector('.visually-hidden[role=status]')!.textContent).toBe('Enviando tu registro…');
    await w.user.click(busy);
    await w.user.type(w.input('pais'), '{Enter}');
    // A submit that bypasses the button (a script, an assistive tool) is turned away by the store.
    await act(async () => w.shadow.querySelector('form')!.requestSubmit());
    answer();
    await waitFor(() => expect(w.outcome('status').textContent).toBe(COPY.es.success));
    expect(bodies).toHaveLength(1);
    expect(w.button().textContent).toBe('Registrarme');
    expect(w.button().hasAttribute('aria-disabled')).toBe(false);
  });

  it.each([
    ['serverError', 'es', 'El servidor tuvo un problema. Inténtalo de nuevo en unos minutos.'],
    ['serverError', 'en', 'The server had a problem. Try again in a few minutes.'],
  ] as const)('on %s (%s) shows the error message with the reason and keeps what was typed', async (handler, lang, reason) => {
    server.use(partnerHandlers[handler]);
    const w = await widget(lang);
    await fill(w);
    await w.user.click(w.button());
    await waitFor(() => expect(w.outcome('alert').textContent).not.toBe(''));
    expect([...w.outcome('alert').querySelectorAll('p')].map((p) => p.textContent)).toEqual([COPY[lang].error, reason]);
    expect(w.outcome('status').textContent).toBe('');
    expect(formValues(w)).toEqual(TYPED);
    expect(w.button().textContent).toBe(COPY[lang].submit);
    expect(info).not.toHaveBeenCalled();
  });

  it('on a network error says it waits for the network, keeps the values, and sends once when it is back', async () => {
    server.use(partnerHandlers.networkError);
    const w = await widget();
    await fill(w);
    await w.user.click(w.button());
    await waitFor(() =>
      expect(w.outcome('status').textContent).toBe(
        'Sin conexión: tu envío está guardado y saldrá al volver la red, aunque recargues la página.',
      ),
    );
    expect(w.outcome('alert').textContent).toBe('');
    // Held (no second registration) but not spinning: nothing is under way until the network returns.
    expect([w.button().textContent, w.button().getAttribute('aria-disabled'), w.button().getAttribute('aria-busy')]).toEqual([
      COPY.es.queued,
      'true',
      null,
    ]);
    expect(formValues(w)).toEqual(TYPED);
    const bodies = recordRequests();
    await waitFor(() => expect(w.outcome('status').textContent).toBe(COPY.es.success));
    expect(bodies).toEqual([{ ...SENT, attribution: expect.objectContaining({ widget: 'partner-registration' }) }]);
    expect(formValues(w)).toEqual(EMPTY);
  });

  it('keeps a draft of what was typed in a new element, and clears it after a successful send', async () => {
    const key = `obra:partner-registration:${location.pathname}:0`;
    const first = await widget();
    await fill(first, { nombre: 'Ana', pais: 'Chile', especializacion: 'bim' });
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(key) ?? '{}').draft).toMatchObject({ nombre: 'Ana', pais: 'Chile', especializacion: 'bim' }),
    );
    await act(async () => void (document.body.innerHTML = ''));
    const again = await widget();
    expect(formValues(again)).toEqual({ ...EMPTY, nombre: 'Ana', pais: 'Chile', especializacion: 'bim' });
    const bodies = recordRequests();
    await fill(again, { telefono: TYPED.telefono, correo: TYPED.correo });
    await again.user.click(again.button());
    await waitFor(() => expect(again.outcome('status').textContent).toBe(COPY.es.success));
    expect(bodies).toHaveLength(1);
    await waitFor(() => expect(localStorage.getItem(key)).toBeNull());
  });

  it('sends what a previous load left in its outbox on load, under its first key, then thanks the visitor', async () => {
    const keys: (string | null)[] = [];
    const bodies = recordRequests();
    server.events.on('request:start', ({ request }) => void keys.push(request.headers.get('idempotency-key')));
    const key = `obra:outbox:partner-registration:${location.pathname}:0`;
    localStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), delivery: { url: PARTNER_URL, body: SENT, key: 'k-from-last-load' } }));
    const w = await widget();
    await waitFor(() => expect(w.outcome('status').textContent).toBe(COPY.es.success));
    server.events.removeAllListeners();
    expect(bodies).toEqual([SENT]);
    expect(keys).toEqual(['k-from-last-load']);
    expect(localStorage.getItem(key)).toBeNull();
  });

  it('marks the fields the server rejected, with their messages', async () => {
    server.use(partnerHandlers.rejected);
    const w = await widget('es');
    await fill(w);
    await w.user.click(w.button());
    await waitFor(() =>
      expect(w.outcome('alert').textContent).toContain(
        'No se aceptaron estos datos: Teléfono y Correo electrónico. Corrígelos en los campos marcados y envía de nuevo.',
      ),
    );
    expect(w.input('correo').getAttribute('aria-invalid')).toBe('true');
    expect(w.input('telefono').getAttribute('aria-invalid')).toBe('true');
    expect(w.fieldErrors()).toEqual([
      'Escribe un teléfono válido; si es de otro país que el indicado, empieza por su código (por ejemplo +34 612 345 678).',
      'Escribe un correo válido, por ejemplo nombre@dominio.com.',
    ]);
    expect(formValues(w)).toEqual(TYPED);
  });
});

describe('<obra-partner-registration> events', () => {
  /** Records the obra-* events that reach `document`. */
  function listen() {
    const seen: { type: string; detail: unknown; composed: boolean; bubbles: boolean }[] = [];
    const record = (event: Event) =>
      seen.push({ type: event.type, detail: (event as CustomEvent).detail, composed: event.composed, bubbles: event.bubbles });
    const types = ['obra-submit', 'obra-success', 'obra-error'];
    for (const type of types) document.addEventListener(type, record);
    return { seen, stop: () => types.forEach((type) => document.removeEventListener(type, record)) };
  }

  it('dispatches obra-submit and obra-success with the registration, composed and bubbling', async () => {
    recordRequests();
    const events = listen();
    const w = await widget();
    await fill(w);
    await w.user.click(w.button());
    await waitFor(() => expect(events.seen).toHaveLength(2));
    const travel = { composed: true, bubbles: true };
    expect(events.seen).toEqual([
      { type: 'obra-submit', detail: { registration: SENT }, ...travel },
      { type: 'obra-success', detail: { registration: SENT }, ...travel },
    ]);
    events.stop();
  });

  it('dispatches obra-error with the reason and a developer message', async () => {
    server.use(partnerHandlers.serverError);
    const events = listen();
    const w = await widget();
    await fill(w);
    await w.user.click(w.button());
    await waitFor(() => expect(events.seen).toHaveLength(2));
    expect(events.seen[1]).toMatchObject({
      type: 'obra-error',
      detail: { registration: SENT, reason: 'api.server', message: expect.stringContaining('500') },
    });
    events.stop();
  });

  it('sends nothing when a listener cancels obra-submit, and keeps the values', async () => {
    const bodies = recordRequests();
    const cancel = (event: Event) => event.preventDefault();
    document.addEventListener('obra-submit', cancel);
    const w = await widget();
    await fill(w);
    await w.user.click(w.button());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(bodies).toEqual([]);
    expect(w.button().textContent).toBe('Registrarme');
    expect(formValues(w)).toEqual(TYPED);
    document.removeEventListener('obra-submit', cancel);
  });

  it('keeps two elements apart', async () => {
    const a = await widget('es');
    const b = await widget('en');
    await a.user.type(a.input('nombre'), 'Ana');
    await a.user.click(a.button());
    expect(b.input('nombre').value).toBe('');
    expect(b.fieldErrors()).toEqual([]);
  });
});

describe('sendPartner', () => {
  it('posts exactly {nombre, telefono, correo, pais, especializacion} to {apiBase}/partner', async () => {
    const bodies = recordRequests();
    const withExtra = { ...SENT, honeypot: 'x', id: 7 };
    await sendPartner(withExtra, { apiBase: `${TEST_API}/` });
    expect(bodies).toStrictEqual([SENT]);
  });

  it('throws ApiError on a non-OK status', async () => {
    server.use(partnerHandlers.serverError);
    await expect(sendPartner(SENT, { apiBase: TEST_API })).rejects.toMatchObject({ name: 'ApiError', key: 'api.server', status: 500 });
  });
});
