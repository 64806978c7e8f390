// Every errorMessage a visitor can see follows the request's Accept-Language (es by default, en),
// with the texts of locales/{es,en}/server.json — the same refusals in both languages.
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '@obra/i18n/locales/en/server.json' with { type: 'json' };
import es from '@obra/i18n/locales/es/server.json' with { type: 'json' };
import { requestLang } from '@obra/server/testing';
import { VALID, postJson, startLocalApi, type LocalApi } from './support/api.ts';

let local: LocalApi;
beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '2', RATE_LIMIT_READS: '0', BODY_LIMIT: '2048' });
});
afterAll(() => local.close());

const message = async (response: Response) => ((await response.json()) as { errorMessage: string }).errorMessage;
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

describe.each([
  ['es', { 'Accept-Language': 'es-CO,es;q=0.9' }, es],
  ['en', { 'Accept-Language': 'en-GB,en;q=0.9,es;q=0.5' }, en],
  ['es (no header)', {}, es],
] as const)('refusals in %s', (_lang, language, words) => {
  it('400: invalid fields, named, with their keys', async () => {
    const response = await postJson(`${local.base}/api/estimate`, { uso: 'castle', pais: 'Colombia' }, language);
    expect(response.status).toBe(400);
    expect(await message(response)).toBe(fill(words.invalid, { fields: 'uso' }));
  });

  it('400: a body that is not JSON', async () => {
    const response = await postJson(`${local.base}/api/estimate`, '{"uso": ', language);
    expect(response.status).toBe(400);
    expect(await message(response)).toMatch(new RegExp(`^${fill(words.body.json, { detail: 'x' }).split('(x)')[0]}\\(.+\\)\\.$`));
  });

  it('413: a body past BODY_LIMIT', async () => {
    const response = await postJson(`${local.base}/api/estimate`, { usoEspecifico: 'x'.repeat(3000) }, language);
    expect(response.status).toBe(413);
    expect(await message(response)).toBe(fill(words.body.tooLarge, { limit: 2048 }));
  });

  it('415: a body that is not JSON by its Content-Type, or not UTF-8', async () => {
    const form = await fetch(`${local.base}/api/estimate`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', ...language },
      body: 'hola',
    });
    expect(form.status).toBe(415);
    expect(await message(form)).toBe(words.body.type);
    const latin = await fetch(`${local.base}/api/estimate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=latin1', ...language },
      body: '{}',
    });
    expect(latin.status).toBe(415);
    expect(await message(latin)).toBe(fill(words.body.charset, { charset: 'latin1' }));
  });

  it('404 and 405: an unknown path, a wrong method', async () => {
    const missing = await fetch(`${local.base}/api/nada`, { headers: language });
    expect(missing.status).toBe(404);
    expect(await message(missing)).toBe(fill(words.notFound, { path: '/api/nada' }));
    const method = await fetch(`${local.base}/api/estimate`, { headers: language });
    expect(method.status).toBe(405);
    expect(await message(method)).toBe(fill(words.method, { methods: 'POST', path: '/api/estimate' }));
  });
});

describe('429 in each language', () => {
  it('past RATE_LIMIT writes, with the seconds to wait', async () => {
    // Two writes are allowed; the idempotency key is bad, so nothing is stored and the limit still counts.
    for (let i = 0; i < 2; i += 1)
      expect((await postJson(`${local.base}/api/contact`, VALID.contact, { 'Idempotency-Key': '' })).status).toBe(400);
    for (const [language, words] of [
      [{ 'Accept-Language': 'en' }, en],
      [{ 'Accept-Language': 'es' }, es],
    ] as const) {
      const limited = await postJson(`${local.base}/api/contact`, VALID.contact, language);
      expect(limited.status).toBe(429);
      const seconds = Number(limited.headers.get('retry-after'));
      expect(await message(limited)).toBe(fill(words.rateLimited, { seconds }));
    }
    expect(await local.rows('contact')).toHaveLength(0);
  });
});

describe('requestLang', () => {
  const lang = (header?: string) => requestLang({ headers: header === undefined ? {} : { 'accept-language': header } } as IncomingMessage);
  it.each([
    [undefined, 'es'],
    ['', 'es'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR, en;q=0.8, es;q=0.5', 'en'],
    ['fr, de', 'es'],
    ['en;q=0.3, es;q=0.7', 'es'],
    ['en;q=0, fr', 'es'],
    ['ES-mx', 'es'],
    ['*', 'es'],
  ])('%j → %s', (header, expected) => {
    expect(lang(header)).toBe(expected);
  });
});
