import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '@obra/wait-list/register';
import { TEST_API, TEST_SHEET, waitListHandlers } from '../msw/wait-list-handlers.ts';
import { useFastRetries } from './support/fast-retries.ts';
import { mount, paste, visitor } from './support/mount.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
useFastRetries(server);

/** Records every wait-list request body, answering 201. */
function recordRequests() {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${TEST_API}/wait-list`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ id: 'wl_1' }, { status: 201 });
    }),
  );
  return bodies;
}

async function widget(attrs = '') {
  const mounted = await mount(`<obra-wait-list api-base="${TEST_API}" ${attrs}></obra-wait-list>`);
  return { ...mounted, user: visitor() };
}

type Widget = Awaited<ReturnType<typeof widget>>;
const valid = {
  nombre: 'Ana Pérez',
  correo: 'ana@example.com',
  telefono: '+57 300 1234567',
  comentario: 'Una casa de dos pisos en Medellín',
};

async function fillValid({ screen, user }: Widget, lang: 'es' | 'en' = 'es') {
  const t =
    lang === 'es'
      ? { who: 'Cliente', nombre: 'Nombre', correo: 'Correo electrónico', telefono: 'Teléfono' }
      : { who: 'Customer', nombre: 'Name', correo: 'E-mail', telefono: 'Phone' };
  await user.click(screen.getByRole('radio', { name: t.who }));
  await paste(user, screen.getByRole('textbox', { name: new RegExp(`^${t.nombre}`) }), valid.nombre);
  await paste(user, screen.getByRole('textbox', { name: new RegExp(`^${t.correo}`) }), valid.correo);
  await paste(user, screen.getByRole('textbox', { name: new RegExp(`^${t.telefono}`) }), valid.telefono);
  const comment = screen.getAllByRole('textbox').find((el) => el.tagName === 'TEXTAREA')!;
  await paste(user, comment, valid.comentario);
}

const submitButton = ({ screen }: Widget) => screen.getByRole('button', { name: /Enviar|Send|Enviando|Sending|Guardado|Saved/ });
const dialogs = ({ shadow }: Widget) => [...shadow.querySelectorAll('dialog')].filter((d) => d.open);

describe('<obra-wait-list> form', () => {
  it('is Spanish by default, English by attribute', async () => {
    const es = await widget();
    expect(es.screen.getByRole('heading', { name: 'Únete a la lista de espera' })).toBeTruthy();
    const en = await widget('lang="en"');
    expect(en.screen.getByRole('heading', { name: 'Join the wait list' })).toBeTruthy();
  });

  it('changes the question with the cliente/proveedor choice', async () => {
    const w = await widget();
    const comment = () => w.shadow.querySelector('textarea')!;
    const label = () => w.shadow.querySelector(`label[for="${comment().id}"]`)!.textContent;
    expect(label()).toMatch(/^¿Qué te gustaría contarnos\?/);
    await w.user.click(w.screen.getByRole('radio', { name: 'Cliente' }));
    expect(label()).toMatch(/^¿Qué proyecto de construcción tienes en mente\?/);
    await w.user.click(w.screen.getByRole('radio', { name: 'Proveedor' }));
    expect(label()).toMatch(/^¿Qué productos o servicios ofreces\?/);
  });

  it.each([
    ['es', 'Este campo es obligatorio.', 'Elige una opción.', 'Revisa los 5 campos marcados.'],
    ['en', 'This field is required.', 'Choose an option.', 'Check the 5 highlighted fields.'],
  ] as const)('requires every field, in %s, focusing the first one and sending nothing', async (lang, required, choose, summary) => {
    const bodies = recordRequests();
    const w = await widget(`lang="${lang}"`);
    await w.user.click(submitButton(w));
    expect(w.screen.getAllByText(required)).toHaveLength(4);
    expect(w.screen.getByText(choose)).toBeTruthy();
    expect(w.screen.getByRole('status').textContent).toBe(summary);
    await waitFor(() => expect(w.shadow.activeElement).toBe(w.screen.getAllByRole('radio')[0]));
    expect(bodies).toEqual([]);
  });

  it('links each error to its control and clears it as the visitor fixes it', async () => {
    const w = await widget();
    await w.user.click(submitButton(w));
    const email = w.screen.getByRole('textbox', { name: /^Correo electrónico/ });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const described = email
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => w.shadow.getElementById(id)?.textContent);
    expect(described).toContain('Este campo es obligatorio.');
    await w.user.type(email, 'ana@');
    expect(w.screen.getByText('Escribe un correo válido, por ejemplo nombre@dominio.com.')).toBeTruthy();
    await w.user.type(email, 'example.com');
    expect(email.hasAttribute('aria-invalid')).toBe(false);
  });

  it.each([
    ['es', 'Nombre', 'Tiene caracteres invisibles o de control que no se pueden guardar; bórralos y vuelve a escribir el texto.'],
    ['en', 'Name', 'It has invisible or control characters that cannot be stored; delete them and type the text again.'],
  ] as const)(
    'refuses a name of invisible characters at the field, in %s, and sends nothing (the text rule)',
    async (lang, label, error) => {
      const bodies = recordRequests();
      const w = await widget(`lang="${lang}"`);
      const name = w.screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
      await paste(w.user, name, '\u200C\u200D\uFFFC');
      await w.user.click(submitButton(w));
      expect(name.getAttribute('aria-invalid')).toBe('true');
      const described = name
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => w.shadow.getElementById(id)?.textContent);
      expect(described).toContain(error);
      expect((name as HTMLInputElement).value).toBe('\u200C\u200D\uFFFC');
      expect(bodies).toEqual([]);
    },
  );

  it('counts comment characters and stops at 300', async () => {
    const w = await widget('lang="en"');
    const comment = w.shadow.querySelector('textarea')!;
    expect(comment.maxLength).toBe(300);
    await w.user.type(comment, 'Hello');
    expect(w.screen.getByText('5 of 300 characters')).toBeTruthy();
    expect(comment.getAttribute('aria-describedby')).toContain(w.shadow.querySelector('.counter')!.id);
  });

  it('has a status live region from the first render', async () => {
    const w = await widget();
    const region = w.screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');
  });
});

describe('<obra-wait-list> sending', () => {
  it('sends its spam signals and its language as headers, the body unchanged; the hidden trap is out of reach', async () => {
    const headers: Headers[] = [];
    const bodies: unknown[] = [];
    server.use(
      http.post(`${TEST_API}/wait-list`, async ({ request }) => {
        headers.push(request.headers);
        bodies.push(await request.json());
        return HttpResponse.json({ id: 'wl_1' }, { status: 201 });
      }),
    );
    const w = await widget('lang="en"');
    const trap = w.shadow.querySelector<HTMLInputElement>('input[name=website]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    await fillValid(w, 'en');
    await w.user.click(submitButton(w));
    await waitFor(() => expect(headers).toHaveLength(1));
    expect(Number(headers[0]!.get('obra-fill-ms'))).toBeGreaterThan(0);
    expect(headers[0]!.get('obra-trap')).toBeNull();
    expect(headers[0]!.get('accept-language')).toBe('en');
    // The entry as typed, plus where it came from (tests/unit/attribution.test.tsx).
    expect(bodies[0]).toEqual({ interesado: 'cliente', ...valid, attribution: expect.objectContaining({ widget: 'wait-list' }) });
    // What a form-filling bot does: it fills every input it finds, the trap included.
    await fillValid(w, 'en');
    await w.user.type(trap, 'http://spam.example');
    await w.user.click(submitButton(w));
    await waitFor(() => expect(headers).toHaveLength(2));
    expect(headers[1]!.get('obra-trap')).toBe('http://spam.example');
  });

  it('sends the trimmed entry once, shows success and clears the form', async () => {
    const bodies = recordRequests();
    const w = await widget();
    await fillValid(w);
    await w.user.type(w.screen.getByRole('textbox', { name: /^Nombre/ }), '  ');
    await w.user.click(submitButton(w));
    await waitFor(() => expect(dialogs(w)).toHaveLength(1));
    expect(bodies).toEqual([{ interesado: 'cliente', ...valid, attribution: expect.objectContaining({ widget: 'wait-list' }) }]);
    const [dialog] = dialogs(w);
    expect(dialog!.textContent).toContain('Formulario enviado');
    expect(dialog!.textContent).toContain('Gracias por compartir tu información. Te contactaremos pronto.');
    expect(
      [...w.shadow.querySelectorAll('input:not([type=radio]):not([name=website]), textarea')].map((el) => (el as HTMLInputElement).value),
    ).toEqual(['', '', '', '']);
    expect(w.screen.getAllByRole<HTMLInputElement>('radio').some((r) => r.checked)).toBe(false);
    await w.user.click(w.screen.getByRole('button', { name: 'Aceptar' }));
    expect(dialogs(w)).toHaveLength(0);
  });

  it('is busy while sending: the button says so and a second send is impossible', async () => {
    let requests = 0;
    // The answer waits for the test: the busy state is checked while the send is surely under way.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(`${TEST_API}/wait-list`, async () => {
        requests += 1;
        await answered;
        return HttpResponse.json({ id: 'x' }, { status: 201 });
      }),
    );
    const w = await widget();
    await fillValid(w);
    await w.user.click(submitButton(w));
    const busy = w.screen.getByRole('button', { name: 'Enviando...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(w.screen.getByRole('status').textContent).toBe('Enviando el formulario…');
    await w.user.click(busy);
    await w.user.type(w.screen.getByRole('textbox', { name: /^Nombre/ }), '{Enter}');
    // A submit that bypasses the button (a script, an assistive tool) is turned away by the store.
    await act(async () => w.shadow.querySelector('form')!.requestSubmit());
    expect(dialogs(w)).toHaveLength(0);
    answer();
    await waitFor(() => expect(dialogs(w)).toHaveLength(1));
    expect(requests).toBe(1);
  });

  it.each([
    ['serverError', 'El servidor tuvo un problema. Inténtalo de nuevo en unos minutos.', 4],
    ['rateLimited', 'Demasiados envíos seguidos. Espera un momento e inténtalo de nuevo.', 4],
    ['rejectedEmail', 'No se aceptaron estos datos: Correo electrónico. Corrígelos en los campos marcados y envía de nuevo.', 1],
  ] as const)('on %s shows the error dialog and keeps what was typed', async (handler, detail, attempts) => {
    const keys: (string | null)[] = [];
    server.use(waitListHandlers[handler]);
    server.events.on('request:start', ({ request }) => void keys.push(request.headers.get('idempotency-key')));
    const w = await widget();
    await fillValid(w);
    await w.user.click(submitButton(w));
    await waitFor(() => expect(dialogs(w)).toHaveLength(1));
    server.events.removeAllListeners();
    const [dialog] = dialogs(w);
    expect(dialog!.getAttribute('role')).toBe('alertdialog');
    expect(dialog!.textContent).toContain('Error');
    expect(dialog!.textContent).toContain('Hubo un problema al enviar el formulario.');
    expect(dialog!.textContent).toContain(detail);
    expect(w.screen.getByRole<HTMLInputElement>('textbox', { name: /^Nombre/ }).value).toBe(valid.nombre);
    expect(w.shadow.querySelector('textarea')!.value).toBe(valid.comentario);
    // 5xx and 429 are retried under one key; a 400 is not.
    expect(keys).toHaveLength(attempts);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[\da-f-]{36}$/);
  });

  it('on a network error waits for the network, says so, and sends once it is back', async () => {
    server.use(waitListHandlers.networkError);
    const w = await widget();
    await fillValid(w);
    await w.user.click(submitButton(w));
    const waiting = 'Sin conexión: tu envío está guardado y saldrá al volver la red, aunque recargues la página.';
    // The retries (5 ms apart here) put the form back to 'sending' for each attempt: read the
    // notice, the live region and the button in one snapshot, never one after the other.
    const snapshot = () => [
      w.shadow.querySelector('.delivery')?.textContent,
      w.shadow.querySelector('[role=status]')!.textContent,
      submitButton(w).textContent,
      submitButton(w).getAttribute('aria-disabled'),
      submitButton(w).getAttribute('aria-busy'),
      dialogs(w).length,
    ];
    // Held (no second entry) but not spinning: nothing is under way until the network returns.
    await waitFor(() => expect(snapshot()).toEqual([waiting, waiting, 'Guardado, pendiente de envío', 'true', null, 0]));
    const [pending] = Object.keys(localStorage).filter((key) => key.startsWith('obra:outbox:wait-list:'));
    expect(JSON.parse(localStorage.getItem(pending!)!).delivery).toMatchObject({
      url: `${TEST_API}/wait-list`,
      body: { interesado: 'cliente', ...valid },
    });

    const bodies = recordRequests();
    await waitFor(() => expect(dialogs(w)).toHaveLength(1));
    expect(dialogs(w)[0]!.textContent).toContain('Formulario enviado');
    expect(bodies).toHaveLength(1);
    expect(localStorage.getItem(pending!)).toBeNull();
  });

  it('shows the error dialog in English', async () => {
    server.use(waitListHandlers.serverError);
    const w = await widget('lang="en"');
    await fillValid(w, 'en');
    await w.user.click(submitButton(w));
    await waitFor(() => expect(dialogs(w)).toHaveLength(1));
    expect(dialogs(w)[0]!.textContent).toContain('There was a problem sending the form.');
  });

  it('marks the fields the server rejected', async () => {
    server.use(waitListHandlers.rejectedEmail);
    const w = await widget();
    await fillValid(w);
    await w.user.click(submitButton(w));
    await waitFor(() => expect(dialogs(w)).toHaveLength(1));
    expect(w.screen.getByRole('textbox', { name: /^Correo/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('no-cors: posts to the endpoint and reports success on an opaque answer', async () => {
    server.use(waitListHandlers.sheet);
    const w = await widget(`transport="no-cors" endpoint="${TEST_SHEET}"`);
    await fillValid(w);
    await w.user.click(submitButton(w));
    await waitFor(() => expect(dialogs(w)).toHaveLength(1));
    expect(dialogs(w)[0]!.textContent).toContain('Formulario enviado');
  });

  it.each([
    ['es', 'Hubo un problema al enviar el formulario.'],
    ['en', 'There was a problem sending the form.'],
  ] as const)(
    'no-cors: a network failure after the retries shows the error alert (%s), and the outbox keeps the entry',
    async (lang, text) => {
      server.use(waitListHandlers.sheetDown);
      const w = await widget(`lang="${lang}" transport="no-cors" endpoint="${TEST_SHEET}"`);
      await fillValid(w, lang);
      await w.user.click(submitButton(w));
      await waitFor(() => expect(dialogs(w)).toHaveLength(1));
      expect(dialogs(w)[0]!.getAttribute('role')).toBe('alertdialog');
      expect(dialogs(w)[0]!.textContent).toContain(text);
      expect(w.shadow.querySelector('.delivery')).toBeNull();
      const [pending] = Object.keys(localStorage).filter((key) => key.startsWith('obra:outbox:wait-list:'));
      expect(JSON.parse(localStorage.getItem(pending!)!).delivery).toMatchObject({
        url: TEST_SHEET,
        mode: 'no-cors',
        body: { interesado: 'cliente', ...valid },
      });
      // The next element at this place would send it again on load: not the next test's.
      localStorage.removeItem(pending!);
    },
  );
});

describe('<obra-wait-list> phone number', () => {
  it.each([
    ['es', 'Este número no es válido para México (+52): revisa los dígitos o elige su país con el botón.'],
    ['en', 'This number is not valid for Mexico (+52): check its digits, or pick its country with the button.'],
  ] as const)(
    "takes the browser's country (es-MX: Mexico), marks a number that does not exist there at the field in %s and sends nothing; sends a valid one in international form",
    async (lang, message) => {
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['es-MX', 'es']);
      const bodies = recordRequests();
      const w = await widget(`lang="${lang}"`);
      const country = () => w.shadow.querySelector('.country-button')!.textContent;
      expect(country()).toBe('MX +52');
      await fillValid(w, lang);
      // The visitor typed +57: their pick. Emptied, the field starts over with the browser's country.
      expect(country()).toBe('CO +57');
      const phone = w.shadow.querySelector<HTMLInputElement>('[name=telefono]')!;
      await w.user.type(phone, '{Backspace}'.repeat(phone.value.length));
      expect([phone.value, country()]).toEqual(['', 'MX +52']);
      await w.user.type(phone, '33 1234 567');
      expect(phone.value).toBe('+52 33 1234 567');
      await w.user.click(submitButton(w));
      await waitFor(() => expect(w.shadow.querySelector('.phone .error')?.textContent).toBe(message));
      expect(phone.getAttribute('aria-invalid')).toBe('true');
      await waitFor(() => expect(w.shadow.activeElement).toBe(phone));
      expect(bodies).toEqual([]);
      await w.user.type(phone, '8');
      await w.user.click(submitButton(w));
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toMatchObject({ telefono: '+52 33 1234 5678' });
    },
  );
});

describe('<obra-wait-list> events', () => {
  it('dispatches obra-submit and obra-success with the entry, composed and bubbling', async () => {
    recordRequests();
    const seen: [string, unknown][] = [];
    const listen = (event: Event) => seen.push([event.type, (event as CustomEvent).detail]);
    document.addEventListener('obra-submit', listen);
    document.addEventListener('obra-success', listen);
    const w = await widget();
    await fillValid(w);
    await w.user.click(submitButton(w));
    await waitFor(() => expect(seen).toHaveLength(2));
    const entry = { interesado: 'cliente', ...valid };
    expect(seen).toEqual([
      ['obra-submit', { entry }],
      ['obra-success', { entry }],
    ]);
    document.removeEventListener('obra-submit', listen);
    document.removeEventListener('obra-success', listen);
  });

  it('dispatches obra-error with the reason', async () => {
    server.use(waitListHandlers.serverError);
    const onError = vi.fn();
    document.addEventListener('obra-error', onError, { once: true });
    const w = await widget();
    await fillValid(w);
    await w.user.click(submitButton(w));
    await waitFor(() => expect(onError).toHaveBeenCalledOnce());
    expect(onError.mock.calls[0]![0].detail).toMatchObject({ reason: 'api.server', message: expect.stringContaining('500') });
  });

  it.each([
    [{ site: 'unapproved' }, 'api.originNotApproved', /is not approved by Obra yet/],
    [{ partner: 'unverified' }, 'api.partnerNotVerified', /does not count from/],
    [{ site: 'unapproved', partner: 'unverified' }, 'api.originNotApproved', /counts for no partner/],
  ])(
    "answered %j (stored, but not counted as this page's): thanks the visitor, and tells the page with obra-error",
    async (notice, reason, message) => {
      server.use(http.post(`${TEST_API}/wait-list`, () => HttpResponse.json({ id: 'wl_1', ...notice }, { status: 201 })));
      const seen: [string, unknown][] = [];
      const listen = (event: Event) => seen.push([event.type, (event as CustomEvent).detail]);
      for (const type of ['obra-success', 'obra-error']) document.addEventListener(type, listen);
      const w = await widget('partner="Acme"');
      await fillValid(w);
      await w.user.click(submitButton(w));
      await waitFor(() => expect(seen).toHaveLength(1));
      expect(seen[0]).toEqual([
        'obra-error',
        { entry: { interesado: 'cliente', ...valid }, reason, message: expect.stringMatching(message) },
      ]);
      // The visitor's submission reached Obra: the usual thank-you, and the form is empty again.
      await waitFor(() => expect(dialogs(w)[0]?.classList.contains('success')).toBe(true));
      for (const type of ['obra-success', 'obra-error']) document.removeEventListener(type, listen);
    },
  );

  it('sends nothing when a listener cancels obra-submit', async () => {
    const bodies = recordRequests();
    const cancel = (event: Event) => event.preventDefault();
    document.addEventListener('obra-submit', cancel);
    const w = await widget();
    await fillValid(w);
    await w.user.click(submitButton(w));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(bodies).toEqual([]);
    expect(submitButton(w).textContent).toBe('Enviar');
    document.removeEventListener('obra-submit', cancel);
  });

  it('keeps two elements apart', async () => {
    const a = await widget();
    const b = await widget('lang="en"');
    await a.user.type(a.screen.getByRole('textbox', { name: /^Nombre/ }), 'Ana');
    expect(b.screen.getByRole<HTMLInputElement>('textbox', { name: /^Name/ }).value).toBe('');
  });
});
