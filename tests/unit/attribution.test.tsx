// Attribution on the client (issue 15): the collector keeps nothing personal (no fragment, no query
// parameter but utm_*, the referrer's origin and path only), cuts values to the server's limits,
// ignores a partner attribute that is not a code; a widget's submission carries it in the body,
// every retry and the outbox's resend carry the same one, and no-cors endpoints never get it.
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_VERSION, collectAttribution, deliver, stored, type Delivery } from '@obra/api';
import { attr } from '@obra/element';
import { validateAttribution } from '@obra/schema';
import '@obra/wait-list/register';
import { TEST_API, TEST_SHEET } from '../msw/wait-list-handlers.ts';
import { useFastRetries } from './support/fast-retries.ts';
import { mount, paste, visitor } from './support/mount.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  history.replaceState(null, '', '/');
  localStorage.clear();
});
afterAll(() => server.close());
useFastRetries(server);

describe('collectAttribution', () => {
  const collect = (href: string, referrer = '', partner?: string) => collectAttribution({ href, referrer, widget: 'wait-list', partner });

  it('keeps only the utm_* parameters of the page URL and drops its fragment', () => {
    const a = collect(
      'https://socio.example/obra/casas?email=secret%40x.com&utm_source=feria&token=abc&utm_campaign=Primavera&utm_medium=qr#correo=ana@x.com',
    );
    // Rebuilt from the UTM values in their usual order (source, medium, campaign, term, content).
    expect(a.page).toBe('https://socio.example/obra/casas?utm_source=feria&utm_medium=qr&utm_campaign=Primavera');
    expect(a).toMatchObject({
      utm_source: 'feria',
      utm_campaign: 'Primavera',
      utm_medium: 'qr',
      widget: 'wait-list',
      version: BUNDLE_VERSION,
    });
    expect(JSON.stringify(a)).not.toMatch(/secret|token|abc|ana@/);
    expect(collect('https://socio.example/?q=1').page).toBe('https://socio.example/');
  });

  it('decodes UTM values, keeps non-ASCII text, trims, cuts at 200 and drops control characters', () => {
    const a = collect(
      `https://socio.example/?utm_term=${encodeURIComponent('  casas año  ')}&utm_content=${'x'.repeat(250)}&utm_source=a%0Ab&utm_medium=`,
    );
    expect(a.utm_term).toBe('casas año');
    expect(a.utm_content).toBe('x'.repeat(200));
    expect(a).not.toHaveProperty('utm_source');
    expect(a).not.toHaveProperty('utm_medium');
  });

  it('reduces the referrer to its origin and path', () => {
    expect(collect('https://socio.example/', 'https://buscador.example/search?q=ana%40x.com#top').referrer).toBe(
      'https://buscador.example/search',
    );
    expect(collect('https://socio.example/', '')).not.toHaveProperty('referrer');
    expect(collect('https://socio.example/', 'android-app://com.example')).not.toHaveProperty('referrer');
  });

  it('keeps a page URL within 2,048 characters, and reports none for a page that is not http(s)', () => {
    const long = collect(`https://socio.example/${'p'.repeat(1990)}?utm_campaign=${'c'.repeat(200)}`);
    expect(long.page).toBe(`https://socio.example/${'p'.repeat(1990)}`);
    expect(long.utm_campaign).toBe('c'.repeat(200));
    expect(collect('about:blank')).not.toHaveProperty('page');
    expect(collect('file:///home/ana/page.html')).not.toHaveProperty('page');
  });

  it('sends a partner code only when it is one: 3 to 32 of A-Z a-z 0-9 _ -', () => {
    expect(collect('https://socio.example/', '', 'ACME_2-b').partner).toBe('ACME_2-b');
    for (const bad of ['AC', 'A'.repeat(33), 'ACME CORP', 'acmé', '<script>', ''])
      expect(collect('https://socio.example/', '', bad)).not.toHaveProperty('partner');
  });

  it("always passes the server's own check", () => {
    const hostile = collect(
      `https://socio.example/${'%0A'.repeat(900)}?utm_source=${'€'.repeat(300)}`,
      `https://r.example/${'z'.repeat(3000)}`,
      'ACME',
    );
    expect(validateAttribution(hostile)).toEqual({ ok: true, value: hostile });
  });

  it('parses the partner attribute the same way (a bad one reads as empty)', () => {
    const partner = attr.partner();
    expect(partner.parse(' ACME ')).toBe('ACME');
    expect(partner.parse('no valid')).toBe('');
    expect(partner.parse(null)).toBe('');
  });
});

const valid = { nombre: 'Ana Pérez', correo: 'ana@example.com', telefono: '+57 300 1234567', comentario: 'Una casa' };

async function waitList(attrs: string) {
  const mounted = await mount(`<obra-wait-list api-base="${TEST_API}" ${attrs}></obra-wait-list>`);
  const user = visitor();
  await user.click(mounted.screen.getByRole('radio', { name: 'Cliente' }));
  await paste(user, mounted.screen.getByRole('textbox', { name: /^Nombre/ }), valid.nombre);
  await paste(user, mounted.screen.getByRole('textbox', { name: /^Correo/ }), valid.correo);
  await paste(user, mounted.screen.getByRole('textbox', { name: /^Teléfono/ }), valid.telefono);
  await paste(user, mounted.shadow.querySelector('textarea')!, valid.comentario);
  return { ...mounted, send: () => user.click(mounted.screen.getByRole('button', { name: /Enviar/ })) };
}

/** Answers each wait-list request with the next status of `statuses` (then 201), keeping the bodies. */
function answer(...statuses: number[]) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(`${TEST_API}/wait-list`, async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      const status = statuses.shift() ?? 201;
      return HttpResponse.json(status === 201 ? { id: 'wl_1' } : { errorMessage: 'busy' }, { status });
    }),
  );
  return bodies;
}

describe('a widget submission', () => {
  it('carries the attribution in the body, beside the untouched entry', async () => {
    history.replaceState(null, '', '/obra/casas?utm_source=feria&utm_campaign=Primavera&email=secret@x#top');
    Object.defineProperty(document, 'referrer', { value: 'https://buscador.example/search?q=ana', configurable: true });
    const bodies = answer();
    const w = await waitList('partner="ACME"');
    await w.send();
    await waitFor(() => expect(bodies).toHaveLength(1));
    const { attribution, ...entry } = bodies[0]!;
    expect(entry).toEqual({ interesado: 'cliente', ...valid });
    expect(attribution).toEqual({
      page: `${location.origin}/obra/casas?utm_source=feria&utm_campaign=Primavera`,
      referrer: 'https://buscador.example/search',
      utm_source: 'feria',
      utm_campaign: 'Primavera',
      partner: 'ACME',
      widget: 'wait-list',
      version: BUNDLE_VERSION,
    });
    Object.defineProperty(document, 'referrer', { value: '', configurable: true });
  });

  it('leaves out a partner attribute that is not a code, and still sends', async () => {
    const bodies = answer();
    const w = await waitList('partner="ACME CORP"');
    await w.send();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.attribution).not.toHaveProperty('partner');
    expect(bodies[0]!.attribution).toMatchObject({ widget: 'wait-list' });
  });

  it('carries the same attribution on every retry, even if the page URL changed meanwhile', async () => {
    history.replaceState(null, '', '/?utm_campaign=primera');
    const bodies = answer(503, 503);
    server.events.on('request:start', () => history.replaceState(null, '', '/?utm_campaign=segunda'));
    const w = await waitList('partner="ACME"');
    await w.send();
    await waitFor(() => expect(bodies).toHaveLength(3));
    server.events.removeAllListeners();
    expect(bodies.map((b) => (b.attribution as { utm_campaign: string }).utm_campaign)).toEqual(['primera', 'primera', 'primera']);
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });

  it('keeps it in the outbox, so the send after a reload carries the first attribution', async () => {
    history.replaceState(null, '', '/lista?utm_campaign=antes');
    // Four 503s: every attempt failed, and one of them may have been stored, so the outbox keeps it.
    const failed = answer(503, 503, 503, 503);
    const first = await waitList('partner="ACME" id="wl"');
    await first.send();
    await waitFor(() => expect([...first.shadow.querySelectorAll('dialog')].some((d) => d.open)).toBe(true));
    expect(failed).toHaveLength(4);
    const [name] = Object.keys(localStorage).filter((key) => key.startsWith('obra:outbox:wait-list:'));
    const kept = stored<Delivery>(localStorage, name!, 'delivery').read()!;
    expect(kept.attribution).toMatchObject({ utm_campaign: 'antes', partner: 'ACME' });
    // The page is loaded again from another campaign link: the kept submission keeps its own.
    first.host.remove();
    history.replaceState(null, '', '/lista?utm_campaign=despues');
    server.resetHandlers();
    const bodies = answer();
    await mount(`<obra-wait-list api-base="${TEST_API}" partner="OTRO" id="wl"></obra-wait-list>`);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual(failed[0]);
    expect(bodies[0]!.attribution).toEqual(kept.attribution);
  });

  it('is not sent to a no-cors endpoint (a spreadsheet gets exactly the entry)', async () => {
    const seen: string[] = [];
    server.use(
      http.post(TEST_SHEET, async ({ request }) => {
        seen.push(await request.text());
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const w = await waitList(`partner="ACME" transport="no-cors" endpoint="${TEST_SHEET}"`);
    await w.send();
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(JSON.parse(seen[0]!)).toEqual({ interesado: 'cliente', ...valid });
  });

  it('sending the same data again after a failure keeps the first attribution with the first key', async () => {
    const bodies: Record<string, unknown>[] = [];
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${TEST_API}/wait-list`, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({ id: 'wl_1' }, { status: 201 });
      }),
    );
    const outbox = stored<Delivery>(localStorage, 'obra:outbox:test', 'delivery');
    const first = collectAttribution({ href: 'https://s.example/?utm_campaign=antes', referrer: '', widget: 'wait-list' });
    outbox.write({ url: `${TEST_API}/wait-list`, body: { nombre: 'Ana' }, key: 'first-key', attribution: first });
    const later = collectAttribution({ href: 'https://s.example/?utm_campaign=despues', referrer: '', widget: 'wait-list' });
    await deliver({ url: `${TEST_API}/wait-list`, body: { nombre: 'Ana' }, key: 'second-key', attribution: later }, { outbox });
    expect(keys).toEqual(['first-key']);
    expect(bodies).toEqual([{ nombre: 'Ana', attribution: first }]);
  });

  it('deliver() merges it into the JSON body as `attribution`', async () => {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(`${TEST_API}/partner`, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ id: 'p_1' }, { status: 201 });
      }),
    );
    await deliver({
      url: `${TEST_API}/partner`,
      body: { nombre: 'Luis' },
      key: 'k',
      attribution: collectAttribution({ href: 'https://s.example/', referrer: '', widget: 'partner-registration', partner: 'ACME' }),
    });
    expect(bodies[0]).toEqual({
      nombre: 'Luis',
      attribution: { page: 'https://s.example/', widget: 'partner-registration', partner: 'ACME', version: BUNDLE_VERSION },
    });
  });
});
