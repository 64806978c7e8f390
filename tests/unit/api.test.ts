// @vitest-environment node
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, apiBaseFrom, createApiClient, deliver, obraOriginFrom, request, RETRY, sendWaitList } from '@obra/api';
import type { WaitListEntry } from '@obra/schema';
import { held } from '../msw/held.ts';
import { TEST_API, TEST_SHEET, waitListHandlers } from '../msw/wait-list-handlers.ts';
import { useFastRetries } from './support/fast-retries.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
// A network failure is retried with backoff first (~3 s of real waiting by the default policy).
useFastRetries(server);

const entry: WaitListEntry = {
  interesado: 'proveedor',
  nombre: 'Ana',
  correo: 'ana@example.com',
  telefono: '+57 300 123 4567',
  comentario: 'Vendo acero',
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('createApiClient', () => {
  it('posts JSON to base + path and returns the JSON answer', async () => {
    let seen: { url: string; type: string | null; body: unknown } | undefined;
    server.use(
      http.post(`${TEST_API}/echo`, async ({ request }) => {
        seen = { url: request.url, type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ id: 7 });
      }),
    );
    await expect(createApiClient(`${TEST_API}/`).post('/echo', { a: 1 })).resolves.toEqual({ id: 7 });
    expect(seen).toEqual({ url: `${TEST_API}/echo`, type: 'application/json', body: { a: 1 } });
  });

  it.each([
    [500, 'api.server'],
    [503, 'api.server'],
    [429, 'api.rateLimited'],
    [413, 'api.tooLarge'],
    [400, 'api.invalid'],
    [404, 'api.unexpected'],
  ] as const)('maps status %i to %s, keeping the server message for developers', async (status, key) => {
    server.use(http.post(`${TEST_API}/x`, () => HttpResponse.json({ errorMessage: 'boom' }, { status })));
    const error = await failure(createApiClient(TEST_API).post('x', {}));
    expect([error.key, error.status]).toEqual([key, status]);
    expect(error.message).toContain(`answered ${status}: boom`);
  });

  it('reports an unreachable server as a network error', async () => {
    server.use(waitListHandlers.networkError);
    const error = await failure(createApiClient(TEST_API).post('wait-list', {}));
    expect(error.key).toBe('api.network');
    expect(error.message).toMatch(/could not reach the server/);
  });

  it('carries the field errors of a 400', async () => {
    server.use(waitListHandlers.rejectedEmail);
    const error = await failure(createApiClient(TEST_API).post('wait-list', {}));
    expect(error.fields).toEqual({ correo: 'email' });
  });

  it('survives a non-JSON error body', async () => {
    server.use(http.post(`${TEST_API}/x`, () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' })));
    const error = await failure(createApiClient(TEST_API).post('x', {}));
    expect(error.message).toContain('502: Bad Gateway');
  });
});

describe('sendWaitList', () => {
  it('posts the entry to {apiBase}/wait-list by default', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${TEST_API}/wait-list`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: 'x' }, { status: 201 });
      }),
    );
    await sendWaitList(entry, { apiBase: TEST_API, transport: 'cors' });
    expect(bodies).toEqual([entry]);
  });

  it('posts to the endpoint attribute instead when given', async () => {
    const urls: string[] = [];
    server.use(http.post('http://other.test/leads', ({ request }) => (urls.push(request.url), HttpResponse.json({}))));
    await sendWaitList(entry, { apiBase: TEST_API, endpoint: 'http://other.test/leads', transport: 'cors' });
    expect(urls).toEqual(['http://other.test/leads']);
  });

  it('no-cors: sends the JSON as text/plain and resolves on an opaque answer', async () => {
    let seen: { type: string | null; body: string } | undefined;
    server.use(
      http.post(TEST_SHEET, async ({ request }) => {
        seen = { type: request.headers.get('content-type'), body: await request.text() };
        return new HttpResponse(null, { status: 302 });
      }),
    );
    await sendWaitList(entry, { apiBase: TEST_API, endpoint: TEST_SHEET, transport: 'no-cors' });
    expect(seen?.type).toBe('text/plain;charset=UTF-8');
    expect(JSON.parse(seen!.body)).toEqual(entry);
  });

  it('no-cors: fails only when the request itself fails, and needs an endpoint', async () => {
    server.use(http.post(TEST_SHEET, () => HttpResponse.error()));
    expect((await failure(sendWaitList(entry, { apiBase: TEST_API, endpoint: TEST_SHEET, transport: 'no-cors' }))).key).toBe('api.network');
    expect((await failure(sendWaitList(entry, { apiBase: TEST_API, transport: 'no-cors' }))).message).toMatch(/needs an endpoint/);
  });
});

describe('the answer deadline', () => {
  it('a server that has not answered by the deadline is api.timeout, not a spinner forever', async () => {
    // An answer held until the test is over: later than any deadline here.
    server.use(http.post(`${TEST_API}/slow`, () => held()));
    const error = await failure(request(`${TEST_API}/slow`, { body: {}, deadlineMs: 50 }));
    expect([error.key, error.status]).toEqual(['api.timeout', undefined]);
  });

  it("the caller's abort stays an abort", async () => {
    server.use(http.post(`${TEST_API}/slow`, () => held()));
    const caller = new AbortController();
    const sent = request(`${TEST_API}/slow`, { body: {}, signal: caller.signal });
    caller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a delivery that times out is not sent again at once: one request, and the error to show', async () => {
    let hits = 0;
    server.use(
      http.post(`${TEST_API}/wait-list`, () => {
        hits += 1;
        return held();
      }),
    );
    const saved = RETRY.answerMs;
    RETRY.answerMs = 50;
    try {
      const error = await failure(deliver({ url: `${TEST_API}/wait-list`, body: entry, key: 'k1' }));
      expect([error.key, hits]).toEqual(['api.timeout', 1]);
    } finally {
      RETRY.answerMs = saved;
    }
  });
});

describe('apiBaseFrom', () => {
  it('is /api on the origin the bundle came from, or page-relative /api', () => {
    expect(apiBaseFrom('https://cdn.obra.example/widgets/obra-wait-list.js')).toBe('https://cdn.obra.example/api');
    expect(apiBaseFrom('file:///work/main/packages/x.ts')).toBe('/api');
    // The marketplace's default More link is on the same origin: Obra's, wherever the page is.
    expect(obraOriginFrom('https://cdn.obra.example:8443/esm/chunks/runtime-x.js')).toBe('https://cdn.obra.example:8443');
    expect(obraOriginFrom('file:///srv/obra/packages/x.ts')).toBe('');
  });
});
