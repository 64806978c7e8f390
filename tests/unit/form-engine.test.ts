// The form engine's core (@obra/form): one send at a time, one key per submitted value, the
// visible state, resuming what a previous load left in the outbox, drafts after a pause in
// typing, and the error of docs/contributors/behaviour.md#errors → message. The widgets' own tests cover the same through the view.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, stored, type Delivery } from '@obra/api';
import { createAutosave, createFormStore, createSubmission, DRAFT_DELAY_MS, failureMessage } from '@obra/form';
import { validatePartner } from '@obra/schema';
import { useFastRetries } from './support/fast-retries.ts';

const URL = 'http://api.test/api/partner';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
  localStorage.clear();
});
afterAll(() => server.close());
useFastRetries(server);

const spam = { startedAt: 0, trap: '' };

describe('createSubmission', () => {
  it('claims the form once, reports sending, and gives it back after the outcome', async () => {
    const statuses: string[] = [];
    const submission = createSubmission((status) => statuses.push(status));
    expect(submission.begin()).toBe(true);
    expect([submission.busy, submission.begin()]).toEqual([true, false]);
    let finish!: (answer: string) => void;
    const sent = submission.send('v', spam, () => new Promise<string>((resolve) => (finish = resolve)));
    finish('ok');
    expect(await sent).toEqual({ ok: true, answer: 'ok' });
    expect([submission.busy, statuses]).toEqual([false, ['sending']]);
    expect(submission.begin()).toBe(true);
    submission.cancel();
    expect(submission.busy).toBe(false);
  });

  it('keeps the key while the same value is sent again after a failure, and makes a new one after a success', async () => {
    const submission = createSubmission(() => {});
    const keys: string[] = [];
    const fail = async ({ key }: { key: string }) => {
      keys.push(key);
      throw new ApiError('api.server', 'down', 503);
    };
    const ok = async ({ key }: { key: string }) => void keys.push(key);
    for (const run of [fail, fail, ok, ok]) {
      submission.begin();
      await submission.send({ a: 1 }, spam, run);
    }
    submission.begin();
    await submission.send({ a: 2 }, spam, ok);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[1]).toBe(keys[2]);
    expect(new Set(keys).size).toBe(3);
  });

  it('hands the spam signals to the send as headers, and any thrown value back as an ApiError', async () => {
    const submission = createSubmission(() => {});
    submission.begin();
    let headers: Record<string, string> = {};
    const sent = await submission.send('v', { startedAt: Date.now() - 5000, trap: 'bot' }, async (context) => {
      headers = context.headers;
      throw new TypeError('boom');
    });
    expect(Number(headers['Obra-Fill-Ms'])).toBeGreaterThanOrEqual(5000);
    expect(headers['Obra-Trap']).toBe('bot');
    expect(sent).toMatchObject({ ok: false, error: { key: 'api.unexpected', message: 'TypeError: boom' } });
  });

  it('resumes what the outbox holds under its first key; offline it says waiting until the outcome', async () => {
    const keys: (string | null)[] = [];
    let up = false;
    server.use(
      http.post(
        URL,
        ({ request }) => (
          keys.push(request.headers.get('idempotency-key')),
          up ? HttpResponse.json({ id: 'p1' }, { status: 201 }) : HttpResponse.error()
        ),
      ),
    );
    const outbox = stored<Delivery>(localStorage, 'obra:outbox:test', 'delivery');
    const pending: Delivery = { url: URL, body: { nombre: 'Ana' }, key: 'first-key' };
    outbox.write(pending);
    const statuses: string[] = [];
    const submission = createSubmission((status) => statuses.push(status));
    submission.begin();
    const sent = submission.resume(pending, outbox);
    // Four failed attempts go first; under a loaded machine they take longer than waitFor's 1 s default.
    await vi.waitFor(() => expect(statuses).toContain('waiting'), { timeout: 10_000 });
    const waitedAt = keys.length;
    up = true;
    expect(await sent).toEqual({ ok: true, answer: { id: 'p1' } });
    // Quiet retries while waiting never flip the state back to sending. Each wait for the network
    // says waiting again, and more than one may pass before the test sees the first: the states
    // in a row that are the same count once.
    expect(statuses.filter((status, i) => status !== statuses[i - 1])).toEqual(['sending', 'waiting']);
    expect(keys.length).toBeGreaterThan(waitedAt);
    expect(new Set(keys)).toEqual(new Set(['first-key']));
    expect(outbox.read()).toBeUndefined();
  });
});

describe('createFormStore.resume', () => {
  it('finishes a pending submission, emits success with it, and is busy meanwhile', async () => {
    server.use(http.post(URL, () => HttpResponse.json({ id: 'p1' }, { status: 201 })));
    const store = createFormStore({
      empty: { nombre: '', telefono: '', correo: '', pais: '', especializacion: '' },
      validate: validatePartner,
      detail: 'registration',
    });
    const outbox = stored<Delivery>(localStorage, 'obra:outbox:test', 'delivery');
    const pending: Delivery = { url: URL, body: { nombre: 'Ana' }, key: 'k' };
    const emit = vi.fn(() => true);
    const done = store.getState().resume(pending, { outbox, emit });
    expect(store.getState().status).toBe('sending');
    expect(await store.getState().resume(pending, { outbox, emit })).toBe('busy');
    expect(await done).toBe('sent');
    expect(store.getState().status).toBe('success');
    expect(emit.mock.calls).toEqual([['obra-success', { registration: { nombre: 'Ana' } }]]);
  });
});

describe('createAutosave', () => {
  it('writes after a pause in typing, flushes on demand, and clears (forgetting a waiting write)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const record = stored<{ text: string }>(localStorage, 'obra:draft:test', 'draft');
    let text = 'a';
    const autosave = createAutosave(record, () => (text ? { text } : undefined));
    autosave.schedule();
    vi.advanceTimersByTime(DRAFT_DELAY_MS - 1);
    text = 'ab';
    autosave.schedule();
    vi.advanceTimersByTime(DRAFT_DELAY_MS - 1);
    expect([record.read(), autosave.pending]).toEqual([undefined, true]);
    vi.advanceTimersByTime(1);
    expect([record.read(), autosave.pending]).toEqual([{ text: 'ab' }, false]);
    text = 'abc';
    autosave.schedule();
    autosave.flush();
    expect(record.read()).toEqual({ text: 'abc' });
    text = '';
    autosave.flush();
    expect(record.read()).toBeUndefined();
    text = 'x';
    autosave.schedule();
    autosave.clear();
    vi.advanceTimersByTime(DRAFT_DELAY_MS);
    expect(record.read()).toBeUndefined();
  });
});

describe('failureMessage (docs/contributors/behaviour.md#errors)', () => {
  const texts = {
    submitError: 'Error al enviar el formulario',
    generic: 'Inténtalo más tarde.',
    network: 'Sin conexión con el servidor.',
    timeout: 'El servidor no respondió a tiempo.',
  };
  it.each([
    ['the server’s errorMessage', new ApiError('api.server', '', 500, {}, { serverMessage: 'Correo caído.' }), 'Correo caído.'],
    ['submitError for a refusal without one', new ApiError('api.invalid', 'POST x answered 400', 400), texts.submitError],
    ['the network advice for an unreachable server', new ApiError('api.network', 'Failed to fetch'), texts.network],
    [
      'the timeout advice for a server that did not answer in time',
      new ApiError('api.timeout', 'POST x got no whole answer'),
      texts.timeout,
    ],
    ['its own message for an error raised before any answer', new ApiError('api.unexpected', 'needs an endpoint'), 'needs an endpoint'],
    ['an Error’s message', new Error('boom'), 'boom'],
    ['the generic text for anything else', 'a string', texts.generic],
  ])('gives %s', (_case, cause, message) => {
    expect(failureMessage(cause, texts)).toBe(message);
  });
});
