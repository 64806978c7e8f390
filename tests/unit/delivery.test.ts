// The delivery rules every form relies on (packages/api/src/delivery.ts, outbox.ts): retries with
// backoff under one Idempotency-Key, Retry-After, no retry of a 4xx, and the outbox that waits
// for the network. Time is fake: each test says exactly when a request may go out.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, backoff, createKeyring, deliver, parseRetryAfter, RETRY, stored, STORED_TTL_MS, type Delivery } from '@obra/api';

const URL = 'http://api.test/api/wait-list';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});
afterAll(() => server.close());
beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));

type Answer = () => Response | Promise<Response>;
/** Answers the requests in turn with `answers` (the last one repeats) and records them. */
function answer(...answers: Answer[]) {
  const seen: { key: string | null; at: number; type: string | null; body: string }[] = [];
  server.use(
    http.post(URL, async ({ request }) => {
      seen.push({
        key: request.headers.get('idempotency-key'),
        at: Date.now(),
        type: request.headers.get('content-type'),
        body: await request.text(),
      });
      return answers[Math.min(seen.length, answers.length) - 1]!();
    }),
  );
  return seen;
}
const created: Answer = () => HttpResponse.json({ id: 'wl_1' }, { status: 201 });
const failed =
  (status: number, headers: Record<string, string> = {}): Answer =>
  () =>
    HttpResponse.json({ errorMessage: `failed ${status}` }, { status, headers });
const dropped: Answer = () => HttpResponse.error();

const delivery: Delivery = { url: URL, body: { nombre: 'Ana' }, key: 'key-1' };
/** Lets pending promises and fetches run, `ms` of fake time at a time. */
const run = async (ms: number) => {
  for (let t = 0; t < ms; t += 50) await vi.advanceTimersByTimeAsync(50);
};
/** Settles `promise` into a value or the error it threw, for assertions. */
const settle = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

describe('deliver: retries', () => {
  it('retries a 500 after a jittered backoff with the same key, and returns the answer', async () => {
    const seen = answer(failed(500), created);
    const start = Date.now();
    const result = settle(deliver(delivery));
    await run(200);
    expect(seen).toHaveLength(1);
    await run(400);
    expect(await result).toEqual({ value: { id: 'wl_1' } });
    expect(seen.map((s) => s.key)).toEqual(['key-1', 'key-1']);
    // The first wait is between half and all of baseMs (500 ms).
    expect(seen[1]!.at - start).toBeGreaterThanOrEqual(250);
    expect(seen[1]!.at - start).toBeLessThanOrEqual(550);
    expect(seen[0]!.type).toMatch(/^application\/json/);
    expect(JSON.parse(seen[0]!.body)).toEqual({ nombre: 'Ana' });
  });

  it('honours a 429 Retry-After (seconds) instead of its own backoff', async () => {
    const seen = answer(failed(429, { 'Retry-After': '3' }), created);
    const start = Date.now();
    const result = settle(deliver(delivery));
    await run(2900);
    expect(seen).toHaveLength(1);
    await run(200);
    expect(await result).toEqual({ value: { id: 'wl_1' } });
    expect(seen[1]!.at - start).toBeGreaterThanOrEqual(3000);
  });

  it('gives up after RETRY.attempts, doubling the waits, and throws the last error', async () => {
    const seen = answer(failed(503));
    const result = settle(deliver(delivery));
    await run(10_000);
    const { error } = (await result) as { error: ApiError };
    expect(error).toBeInstanceOf(ApiError);
    expect([error.key, error.status, error.serverMessage]).toEqual(['api.server', 503, 'failed 503']);
    expect(seen).toHaveLength(RETRY.attempts);
    const gaps = seen.slice(1).map((s, i) => s.at - seen[i]!.at);
    gaps.forEach((gap, n) => {
      expect(gap).toBeGreaterThanOrEqual((RETRY.baseMs * 2 ** n) / 2);
      expect(gap).toBeLessThanOrEqual(RETRY.baseMs * 2 ** n + 50);
    });
    expect(new Set(seen.map((s) => s.key))).toEqual(new Set(['key-1']));
  });

  it.each([400, 413, 422])('does not retry a %i: it throws at once with the server fields', async (status) => {
    const seen = answer(() => HttpResponse.json({ errorMessage: 'no', errors: { correo: 'email' } }, { status }));
    const result = settle(deliver(delivery));
    await run(3000);
    const { error } = (await result) as { error: ApiError };
    expect(seen).toHaveLength(1);
    expect(error.status).toBe(status);
    expect(error.fields).toEqual({ correo: 'email' });
  });

  it('retries a network failure, then throws api.network when there is no outbox', async () => {
    const seen = answer(dropped);
    const result = settle(deliver(delivery));
    await run(10_000);
    expect(((await result) as { error: ApiError }).error.key).toBe('api.network');
    expect(seen).toHaveLength(RETRY.attempts);
  });

  it('no-cors: text/plain without the key header, an opaque answer is success, only a failed request is retried', async () => {
    const seen = answer(dropped, () => new HttpResponse(null, { status: 500 }));
    const result = settle(deliver({ ...delivery, mode: 'no-cors' }));
    await run(2000);
    expect(await result).toEqual({ value: undefined });
    expect(seen).toHaveLength(2);
    expect(seen.map((s) => [s.key, s.type?.split(';')[0]])).toEqual([
      [null, 'text/plain'],
      [null, 'text/plain'],
    ]);
  });
});

describe('deliver: the outbox', () => {
  const outbox = () => stored<Delivery>(localStorage, 'obra:outbox:test', 'delivery');

  it('keeps the submission while the network is down, says so, and sends it on the online event', async () => {
    const seen = answer(dropped);
    const events: string[] = [];
    const box = outbox();
    const result = settle(
      deliver(delivery, { outbox: box, onWaiting: () => events.push('waiting'), onSending: () => events.push('sending') }),
    );
    await run(4000);
    expect(events).toEqual(['waiting']);
    expect(box.read()).toEqual(delivery);
    const attempts = seen.length;
    answer(created);
    window.dispatchEvent(new Event('online'));
    await run(100);
    expect(await result).toEqual({ value: { id: 'wl_1' } });
    expect(events).toEqual(['waiting', 'sending']);
    expect(attempts).toBe(RETRY.attempts);
    expect(box.read()).toBeUndefined();
  });

  it('no-cors: a network failure after the retries is thrown (the error alert of docs/contributors/behaviour.md#errors), even offline; the outbox keeps it', async () => {
    const seen = answer(dropped);
    const box = outbox();
    const events: string[] = [];
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const noCors: Delivery = { ...delivery, mode: 'no-cors' };
    const result = settle(deliver(noCors, { outbox: box, onWaiting: () => events.push('waiting') }));
    await run(10_000);
    expect(((await result) as { error: ApiError }).error.key).toBe('api.network');
    expect(seen).toHaveLength(RETRY.attempts);
    expect(events).toEqual([]);
    expect(box.read()).toEqual(noCors);
  });

  it('tries again by itself after pollMs when no online event comes', async () => {
    const seen = answer(dropped, dropped, dropped, dropped, created);
    const box = outbox();
    const result = settle(deliver(delivery, { outbox: box }));
    await run(4000 + RETRY.pollMs);
    expect(await result).toEqual({ value: { id: 'wl_1' } });
    expect(seen).toHaveLength(5);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
  });

  it('sends nothing while the browser is offline, then sends once it is online', async () => {
    const seen = answer(created);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const waiting = vi.fn();
    const result = settle(deliver(delivery, { outbox: outbox(), onWaiting: waiting }));
    await run(1000);
    expect(seen).toHaveLength(0);
    expect(waiting).toHaveBeenCalledOnce();
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await run(100);
    expect(await result).toEqual({ value: { id: 'wl_1' } });
    expect(seen).toHaveLength(1);
  });

  it('keeps a refused submission, marked with why, and the next send replaces it (a refusal loses nothing)', async () => {
    server.use(
      http.post(URL, () => HttpResponse.json({ errorMessage: 'no', errors: { telefono: 'phone' } }, { status: 400 }), { once: true }),
    );
    const box = outbox();
    const result = settle(deliver(delivery, { outbox: box }));
    await run(100);
    expect(((await result) as { error: ApiError }).error.status).toBe(400);
    expect(box.read()).toEqual({ ...delivery, refused: { key: 'api.invalid', fields: { telefono: 'phone' } } });
    // The corrected data goes out unmarked, and its delivery empties the outbox.
    const seen = answer(created);
    const corrected = { ...delivery, body: { nombre: 'Ana', telefono: '+57 300 123 4567' }, key: 'key-2' };
    const second = settle(deliver(corrected, { outbox: box }));
    expect(box.read()).toEqual(corrected);
    await run(100);
    expect(await second).toEqual({ value: { id: 'wl_1' } });
    expect(seen).toHaveLength(1);
    expect(box.read()).toBeUndefined();
  });

  it('keeps a submission that got 5xx or 429 through every attempt, and the same data sent again takes its key', async () => {
    const seen = answer(failed(503));
    const box = outbox();
    const result = settle(deliver(delivery, { outbox: box }));
    await run(10_000);
    expect(((await result) as { error: ApiError }).error.status).toBe(503);
    // One of those attempts may have been stored behind the error: the submission stays.
    expect(box.read()).toEqual(delivery);
    // A reload made a new keyring, hence a new key for the same data: the kept key wins.
    answer(created);
    expect(await deliver({ ...delivery, key: 'key-2' }, { outbox: box })).toEqual({ id: 'wl_1' });
    expect(seen.map((s) => s.key)).toEqual(Array(RETRY.attempts).fill('key-1'));
    expect(box.read()).toBeUndefined();
  });

  it('a different submission replaces the one kept, under its own key', async () => {
    const seen = answer(failed(500), failed(500), failed(500), failed(500), created);
    const box = outbox();
    const first = settle(deliver(delivery, { outbox: box }));
    await run(10_000);
    expect(((await first) as { error: ApiError }).error.status).toBe(500);
    expect(box.read()?.key).toBe('key-1');
    const changed = { ...delivery, body: { nombre: 'Ana María' }, key: 'key-2' };
    const second = settle(deliver(changed, { outbox: box }));
    await run(100);
    expect(await second).toEqual({ value: { id: 'wl_1' } });
    expect(seen.at(-1)!.key).toBe('key-2');
  });
});

describe('stored', () => {
  it('reads what was written, drops it after a week, and survives junk and a throwing storage', () => {
    const box = stored<{ a: number }>(localStorage, 'k', 'value');
    box.write({ a: 1 });
    expect(box.read()).toEqual({ a: 1 });
    vi.setSystemTime(Date.now() + STORED_TTL_MS + 1000);
    expect(box.read()).toBeUndefined();
    expect(localStorage.getItem('k')).toBeNull();
    localStorage.setItem('k', '{not json');
    expect(box.read()).toBeUndefined();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    const quiet = stored(broken, 'k');
    expect(() => quiet.write({ a: 2 })).not.toThrow();
    expect(quiet.read()).toBeUndefined();
    expect(stored(undefined, 'k').read()).toBeUndefined();
  });
});

describe('helpers', () => {
  it('parseRetryAfter reads seconds and HTTP dates, and ignores junk', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect([parseRetryAfter(null, now), parseRetryAfter('soon', now), parseRetryAfter('-1', now)]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('backoff doubles up to maxMs, with equal jitter', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect([0, 1, 2, 10].map((n) => backoff(n, RETRY))).toEqual([250, 500, 1000, RETRY.maxMs / 2]);
    vi.spyOn(Math, 'random').mockReturnValue(1);
    expect(backoff(0, RETRY)).toBe(500);
  });

  it('a keyring gives one key per set of data until it is forgotten', () => {
    const keys = createKeyring();
    const first = keys.keyFor({ a: 1 });
    expect(first).toMatch(/^[\da-f-]{36}$/);
    expect(keys.keyFor({ a: 1 })).toBe(first);
    const other = keys.keyFor({ a: 2 });
    expect(other).not.toBe(first);
    keys.forget();
    expect(keys.keyFor({ a: 2 })).not.toBe(other);
  });
});
