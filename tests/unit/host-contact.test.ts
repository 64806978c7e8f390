// The values page's contact popup (host/src/client/contact.ts): validation in es and en, the
// sending state, success and error messages, nothing typed lost on an error; and the delivery
// guarantees every form gives (docs/partners/delivery.md): one Idempotency-Key per message
// kept by every retry, a 4xx not retried, a draft, and an outbox that waits for the network and
// is sent on the next load of the page.
import { waitFor } from '@testing-library/dom';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STORED_TTL_MS } from '@obra/api';
import { enhanceContact } from '../../host/src/client/contact.ts';
import { renderRoute } from '../../host/src/render.tsx';
import type { Lang } from '../../host/src/routes.ts';
import { TEST_API } from '../msw/wait-list-handlers.ts';
import { useFastRetries } from './support/fast-retries.ts';

const URL = `${TEST_API}/contact`;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  // The page goes away: a draft save still waiting for the typing pause is done now, before
  // the setup's afterEach empties localStorage, so it cannot land in the next test.
  window.dispatchEvent(new Event('pagehide'));
});
afterAll(() => server.close());
useFastRetries(server);

/** Renders the values page in `lang`, wires the popup (as a page load does) and opens it. */
function mountValues(lang: Lang, { open = true } = {}) {
  const html = renderRoute({ page: 'values', lang }, { css: 'body{}', script: '/a.js', loader: '/esm/loader.js' });
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
  // The page's own <html lang>, as the pre-rendered page has it.
  document.documentElement.lang = /<html lang="(\w+)"/.exec(html)![1]!;
  enhanceContact(document, TEST_API);
  if (open) document.querySelector<HTMLButtonElement>('[data-contact-open]')!.click();
}
const field = (name: string) => document.querySelector<HTMLInputElement>(`[data-contact-form] [name=${name}]`)!;
const error = (name: string) => document.querySelector(`[data-error-for=${name}]`)!.textContent;
const submit = () => document.querySelector<HTMLButtonElement>('[data-contact-submit]')!;
const status = () => document.querySelector('[data-contact-status]')!.textContent;
const statusClass = () => document.querySelector('[data-contact-status]')!.className;
const dialogOpen = () => document.querySelector<HTMLDialogElement>('[data-contact]')!.open;
/** Types into the fields as a visitor does (input events, which the draft listens to). */
function fill(values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) {
    field(name).value = value;
    field(name).dispatchEvent(new Event('input', { bubbles: true }));
  }
}
const values = () => ['name', 'email', 'message'].map((name) => field(name).value);

const MARTA = { name: 'Marta', email: 'marta@example.com', message: '¿Hacen casas modulares?' };
const draftKey = () => `obra:contact:${location.pathname}`;
const outboxKey = () => `obra:outbox:contact:${location.pathname}`;
const WAITING_ES = 'Sin conexión: tu envío está guardado y saldrá al volver la red, aunque recargues la página.';
const WAITING_EN = 'Offline: your submission is saved and goes out when the network is back, even after a reload.';
const SENT_ES = '¡Gracias! Recibimos tu mensaje y te responderemos pronto.';

type Answer = () => Response | Promise<Response>;
const created: Answer = () => HttpResponse.json({ id: 'c1' }, { status: 201 });
const failed =
  (status: number, body: object = { errorMessage: 'database unavailable' }): Answer =>
  () =>
    HttpResponse.json(body, { status });
const dropped: Answer = () => HttpResponse.error();
/** Answers the contact requests in turn with `answers` (the last one repeats) and records them. */
function answer(...answers: Answer[]) {
  const seen: { key: string | null; body: Record<string, unknown>; headers: Headers }[] = [];
  server.use(
    http.post(URL, async ({ request }) => {
      seen.push({
        key: request.headers.get('idempotency-key'),
        body: (await request.json()) as Record<string, unknown>,
        headers: request.headers,
      });
      return answers[Math.min(seen.length, answers.length) - 1]!();
    }),
  );
  return seen;
}

describe('contact popup', () => {
  it('shows the validation messages in Spanish and sends nothing', () => {
    const seen = answer(created);
    mountValues('es');
    fill({ name: '  ', email: 'ana@', message: 'Hola' });
    submit().click();
    expect(error('name')).toBe('Este campo es obligatorio.');
    expect(error('email')).toBe('Escribe un correo válido, por ejemplo nombre@dominio.com.');
    expect(error('message')).toBe('');
    expect(field('name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('name'));
    expect(seen).toEqual([]);
  });

  it('shows them in English', () => {
    answer(created);
    mountValues('en');
    submit().click();
    expect(error('message')).toBe('This field is required.');
  });

  it('sends {name, email, message} to /api/contact, shows "Sending..." meanwhile, then thanks and clears', async () => {
    const seen: unknown[] = [];
    const headers: Headers[] = [];
    server.use(
      http.post(URL, async ({ request }) => {
        headers.push(request.headers);
        seen.push(await request.json());
        await delay(30);
        return HttpResponse.json({ id: 'c1' }, { status: 201 });
      }),
    );
    mountValues('en');
    fill({ name: 'Marta', email: 'marta@example.com', message: 'Do you build modular homes?' });
    submit().click();
    expect(submit().textContent).toBe('Sending...');
    expect(submit().getAttribute('aria-disabled')).toBe('true');
    expect(status()).toBe('Sending your message…');
    // A second press and a second Enter while it sends are turned away.
    submit().click();
    document.querySelector<HTMLFormElement>('[data-contact-form]')!.requestSubmit();
    await waitFor(() => expect(status()).toBe('Thank you! We received your message and will answer soon.'));
    expect(seen).toHaveLength(1);
    // Exactly the three fields and where the message came from; the spam signals and the language travel as headers.
    expect(seen[0]).toEqual({
      name: 'Marta',
      email: 'marta@example.com',
      message: 'Do you build modular homes?',
      attribution: { page: location.href.split('#')[0], widget: 'contact', version: 'dev' },
    });
    expect(headers[0]!.get('obra-fill-ms')).toMatch(/^\d+$/);
    expect(headers[0]!.get('obra-trap')).toBeNull();
    expect(headers[0]!.get('accept-language')).toBe('en');
    expect(submit().textContent).toBe('Send message');
    expect(values()).toEqual(['', '', '']);
  });

  it('keeps everything typed and says so when the send fails', async () => {
    answer(failed(503));
    mountValues('es');
    fill(MARTA);
    submit().click();
    await waitFor(() => expect(status()).toMatch(/^No pudimos enviar tu mensaje/));
    expect(status()).toBe(
      'No pudimos enviar tu mensaje; lo que escribiste sigue aquí. El servidor tuvo un problema. Inténtalo de nuevo en unos minutos.',
    );
    expect(values()).toEqual([MARTA.name, MARTA.email, MARTA.message]);
    expect(submit().getAttribute('aria-disabled')).toBeNull();
  });
});

describe('contact popup delivery', () => {
  it('sends an Idempotency-Key that every retry of the message repeats', async () => {
    const seen = answer(failed(500), failed(503), created);
    mountValues('es');
    fill(MARTA);
    submit().click();
    await waitFor(() => expect(status()).toBe(SENT_ES));
    expect(seen).toHaveLength(3);
    expect(seen[0]!.key).toMatch(/^[\da-f-]{36}$/);
    expect(new Set(seen.map((s) => s.key))).toEqual(new Set([seen[0]!.key]));
  });

  it('a 500 then a 200: stored once, under the key of the first request', async () => {
    // A server that stores each key once, as the reference API does.
    const stored = new Map<string, unknown>();
    let requests = 0;
    server.use(
      http.post(URL, async ({ request }) => {
        requests += 1;
        if (requests === 1) return failed(500)();
        stored.set(request.headers.get('idempotency-key')!, await request.json());
        return created();
      }),
    );
    const keys: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => void keys.push(request.headers.get('idempotency-key')));
    mountValues('es');
    fill(MARTA);
    submit().click();
    await waitFor(() => expect(status()).toBe(SENT_ES));
    expect(requests).toBe(2);
    expect(keys[1]).toBe(keys[0]);
    expect([...stored.keys()]).toEqual([keys[0]]);
  });

  it('sending the same message again after a failure reuses its key; a changed message gets a new one', async () => {
    const seen = answer(failed(500));
    mountValues('es');
    fill(MARTA);
    submit().click();
    await waitFor(() => expect(statusClass()).toBe('status failed'));
    expect(seen).toHaveLength(4);
    submit().click();
    await waitFor(() => expect(seen).toHaveLength(8));
    await waitFor(() => expect(statusClass()).toBe('status failed'));
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
    fill({ message: 'Otra pregunta' });
    submit().click();
    await waitFor(() => expect(seen).toHaveLength(12));
    await waitFor(() => expect(statusClass()).toBe('status failed'));
    expect(seen[8]!.key).not.toBe(seen[0]!.key);
  });

  it('a 4xx is not retried: shows its message and field errors and keeps everything typed', async () => {
    const seen = answer(failed(400, { errorMessage: 'invalid', errors: { email: 'email' } }));
    mountValues('es');
    fill(MARTA);
    submit().click();
    await waitFor(() => expect(statusClass()).toBe('status failed'));
    expect(document.querySelector('[data-contact-status] .detail')!.textContent).toBe(
      'No se aceptaron estos datos: Correo electrónico. Corrígelos en los campos marcados y envía de nuevo.',
    );
    expect(field('email').getAttribute('aria-invalid')).toBe('true');
    expect(error('email')).toBe('Escribe un correo válido, por ejemplo nombre@dominio.com.');
    expect(document.activeElement).toBe(field('email'));
    expect(values()).toEqual([MARTA.name, MARTA.email, MARTA.message]);
    expect(seen).toHaveLength(1);
    // Refused, kept: the next load is not a second send but the same message, marked, with why.
    expect(JSON.parse(localStorage.getItem(outboxKey())!).delivery.refused).toEqual({ key: 'api.invalid', fields: { email: 'email' } });
    expect(JSON.parse(localStorage.getItem(draftKey())!).draft).toMatchObject(MARTA);
    localStorage.removeItem(draftKey());
    mountValues('es', { open: false });
    expect(dialogOpen()).toBe(true);
    expect(values()).toEqual([MARTA.name, MARTA.email, MARTA.message]);
    expect(error('email')).toBe('Escribe un correo válido, por ejemplo nombre@dominio.com.');
    expect(statusClass()).toBe('status failed');
    expect(status()).toBe(
      'Tu envío anterior no fue aceptado; lo que escribiste sigue aquí. No se aceptaron estos datos: Correo electrónico. Corrígelos en los campos marcados y envía de nuevo.',
    );
    expect(seen).toHaveLength(1);
    // Corrected and sent: delivered, and the kept message goes away.
    answer(created);
    fill({ email: 'marta@example.org' });
    submit().click();
    await waitFor(() => expect(statusClass()).toBe('status ok'));
    expect(localStorage.getItem(outboxKey())).toBeNull();
  });

  it.each([
    ['es', WAITING_ES],
    ['en', WAITING_EN],
  ] as const)('waits for the network in the outbox and says so (%s), then sends once', async (lang, waiting) => {
    answer(dropped);
    mountValues(lang);
    fill(MARTA);
    submit().click();
    await waitFor(() => expect(status()).toBe(waiting));
    expect(statusClass()).toBe('status waiting');
    expect(document.querySelector('[data-contact-form]')!.getAttribute('aria-busy')).toBe('true');
    expect(JSON.parse(localStorage.getItem(outboxKey())!).delivery).toMatchObject({ url: URL, body: MARTA });
    const seen = answer(created);
    await waitFor(() => expect(statusClass()).toBe('status ok'));
    expect(seen).toHaveLength(1);
    expect(localStorage.getItem(outboxKey())).toBeNull();
    expect(values()).toEqual(['', '', '']);
  });
});

describe('contact popup draft and outbox', () => {
  it('keeps a draft of the three fields after a pause in typing, never the honeypot', async () => {
    mountValues('es');
    fill({ ...MARTA, website: 'bot' });
    expect(localStorage.getItem(draftKey())).toBeNull();
    await waitFor(() => expect(localStorage.getItem(draftKey())).not.toBeNull());
    const { draft, savedAt } = JSON.parse(localStorage.getItem(draftKey())!);
    expect(Object.keys(draft).sort()).toEqual(['email', 'message', 'name', 'startedAt']);
    expect(draft).toMatchObject(MARTA);
    expect(typeof savedAt).toBe('number');
  });

  it('keeps the last keystrokes when the page goes away within the pause', () => {
    mountValues('es');
    fill(MARTA);
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem(draftKey())!).draft).toMatchObject(MARTA);
  });

  it('restores the draft on the next load, with the time the visitor started', async () => {
    const startedAt = Date.now() - 60_000;
    localStorage.setItem(draftKey(), JSON.stringify({ savedAt: Date.now(), draft: { ...MARTA, startedAt } }));
    const seen = answer(created);
    mountValues('es');
    expect(values()).toEqual([MARTA.name, MARTA.email, MARTA.message]);
    submit().click();
    await waitFor(() => expect(status()).toBe(SENT_ES));
    // Not taken for a bot's quick fill: the message was begun a minute ago.
    expect(Number(seen[0]!.headers.get('obra-fill-ms'))).toBeGreaterThanOrEqual(60_000);
    // Sent: the draft is gone, so the next load starts empty.
    expect(localStorage.getItem(draftKey())).toBeNull();
    mountValues('es');
    expect(values()).toEqual(['', '', '']);
  });

  it('drops a draft older than a week', () => {
    localStorage.setItem(draftKey(), JSON.stringify({ savedAt: Date.now() - STORED_TTL_MS - 1, draft: MARTA }));
    mountValues('es');
    expect(values()).toEqual(['', '', '']);
    expect(localStorage.getItem(draftKey())).toBeNull();
  });

  it('sends what a previous load left in the outbox, under its first key, with the popup open', async () => {
    const body = { ...MARTA, website: '', elapsedMs: 5000 };
    localStorage.setItem(outboxKey(), JSON.stringify({ savedAt: Date.now(), delivery: { url: URL, body, key: 'key-of-the-first-press' } }));
    localStorage.setItem(draftKey(), JSON.stringify({ savedAt: Date.now(), draft: MARTA }));
    const seen = answer(failed(502), created);
    mountValues('es', { open: false });
    expect(dialogOpen()).toBe(true);
    expect(status()).toBe('Enviando tu mensaje…');
    expect(values()).toEqual([MARTA.name, MARTA.email, MARTA.message]);
    await waitFor(() => expect(status()).toBe(SENT_ES));
    expect(seen.map((s) => s.key)).toEqual(['key-of-the-first-press', 'key-of-the-first-press']);
    expect(seen[1]!.body).toEqual(body);
    expect(localStorage.getItem(outboxKey())).toBeNull();
    expect(localStorage.getItem(draftKey())).toBeNull();
    expect(values()).toEqual(['', '', '']);
  });

  it('keeps what was typed after the pending message was sent', async () => {
    const body = { ...MARTA, website: '' };
    localStorage.setItem(outboxKey(), JSON.stringify({ savedAt: Date.now(), delivery: { url: URL, body, key: 'k' } }));
    localStorage.setItem(draftKey(), JSON.stringify({ savedAt: Date.now(), draft: { ...MARTA, message: 'Y otra cosa' } }));
    answer(created);
    mountValues('es', { open: false });
    await waitFor(() => expect(status()).toBe(SENT_ES));
    expect(values()).toEqual([MARTA.name, MARTA.email, 'Y otra cosa']);
    expect(JSON.parse(localStorage.getItem(draftKey())!).draft.message).toBe('Y otra cosa');
  });
});
