// @vitest-environment node
// Partners' pure parts: the code and origin checks (the contract's approval schema, partners/checks.ts), the CORS allow-list's
// cache (partners/allow-list.ts), the embed snippets (@obra/schema) and the console's partner routes in the URL.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loaderSnippet, widgetSnippet } from '@obra/schema';
import { checkAdminBody } from '@obra/schema/admin-contract';
import { parseRoute, routeUrl } from '@obra/console';
import { createLogger } from '@obra/server';
import { checkOrigins, codeFromName, createAllowList, HttpError, normaliseOrigin } from '@obra/server/testing';

describe('origins', () => {
  it('normalise to what a browser sends in Origin', () => {
    expect(normaliseOrigin(' https://Socio.Example/ ')).toBe('https://socio.example');
    expect(normaliseOrigin('https://socio.example:443')).toBe('https://socio.example');
    expect(normaliseOrigin('https://socio.example:8443')).toBe('https://socio.example:8443');
    expect(normaliseOrigin('https://bücher.example')).toBe('https://xn--bcher-kva.example');
    expect(normaliseOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(normaliseOrigin('http://tienda.localhost')).toBe('http://tienda.localhost');
  });

  it('refuse paths, queries, wildcards, credentials, plain http, IP literals and other schemes', () => {
    for (const bad of [
      'https://socio.example/tienda',
      'https://socio.example/?a',
      'https://socio.example#x',
      'https://*.socio.example',
      '*',
      'https://ana@socio.example',
      'http://socio.example',
      'https://192.168.1.10',
      'https://[::1]',
      'ftp://socio.example',
      'javascript:alert(1)',
      'socio.example',
      'https://intranet',
      '',
      `https://${'a'.repeat(200)}.example`,
    ]) {
      expect(normaliseOrigin(bad), bad).toBeUndefined();
    }
  });

  it('as a list: deduplicated after normalising; a 400 naming the field and the value otherwise', () => {
    expect(checkOrigins(['https://a.example', 'HTTPS://A.example/', 'https://b.example'])).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(checkOrigins([])).toEqual([]);
    const refused = (() => {
      try {
        checkOrigins(['https://a.example', 'https://b.example/x']);
      } catch (error) {
        return error as HttpError;
      }
    })();
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused?.status).toBe(400);
    expect(refused?.body).toMatchObject({ errors: { origins: 'partner-origin' }, value: 'https://b.example/x' });
    // Not a list, or more than 20: the contract's schema refuses them before the origins are read.
    expect(approval({ code: 'acme', origins: 'https://a.example' })).toMatchObject({ ok: false, details: { code: 'partner-origins' } });
    expect(approval({ code: 'acme', origins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example`) })).toMatchObject({
      ok: false,
      message: 'A partner may have at most 20 origins.',
      details: { code: 'partner-origins-many', errors: { origins: 'partner-origins-many' } },
    });
  });
});

/** An admin's approval as the contract's schema checks it. */
const approval = (body: unknown) => checkAdminBody('POST partners/:id/approve', body);
/** The code the approval schema takes from `code`, or undefined when it refuses it. */
const checkCode = (code: unknown) => {
  const result = approval({ code });
  return result.ok ? result.body.code : undefined;
};

describe('codes', () => {
  it('take 3 to 32 of [A-Za-z0-9_-], trimmed', () => {
    expect(checkCode(' Acme_2-b ')).toBe('Acme_2-b');
    for (const bad of ['ab', 'con espacio', 'ñandú', 'a'.repeat(33), 'a/b', 7, null]) expect(checkCode(bad), String(bad)).toBeUndefined();
  });

  it('are suggested from the name: accents dropped, lower case, valid', () => {
    expect(codeFromName('Constructora Andina S.A.S.')).toBe('constructora-andina-sas');
    expect(codeFromName('Ñandú & Pérez')).toBe('nandu-perez');
    // Letters NFD does not split fold as the searches fold them (foldText); full-width forms become plain first (NFKC).
    expect(codeFromName('Øresund Bygg')).toBe('oresund-bygg');
    expect(codeFromName('ＡＢＣ Obras')).toBe('abc-obras');
    expect(codeFromName('Jo')).toBe('partner-jo');
    expect(codeFromName('北京')).toBe('partner-x');
    expect(codeFromName('Una empresa con un nombre larguísimo de verdad')).toBe('una-empresa-con-un-nombr');
    for (const name of ['Jo', '北京', 'Una empresa con un nombre larguísimo de verdad', '---'])
      expect(checkCode(codeFromName(name))).toBe(codeFromName(name));
  });
});

describe('the allow-list', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['performance'] }));
  afterEach(() => vi.useRealTimers());
  const silent = createLogger('silent');

  it("reads the partners' origins once per cache time, shares one read, and re-reads after invalidate()", async () => {
    let partners = [{ code: 'Acme', origins: ['https://a.example'] }];
    const query = vi.fn(async () => partners);
    const list = createAllowList({ query, exec: async () => {} } as never, ['https://fijo.example'], 10_000, silent);
    const [first, second] = await Promise.all([list.sites(), list.sites()]);
    expect(second).toBe(first);
    expect(query).toHaveBeenCalledTimes(1);
    expect(['https://fijo.example', 'https://a.example', 'https://b.example'].map(first.approved)).toEqual([true, true, false]);
    partners = [{ code: 'Beta', origins: ['https://b.example'] }];
    vi.advanceTimersByTime(9_999);
    expect((await list.sites()).approved('https://b.example')).toBe(false);
    vi.advanceTimersByTime(2);
    const later = await list.sites();
    expect([later.approved('https://a.example'), later.approved('https://b.example')]).toEqual([false, true]);
    partners = [];
    list.invalidate();
    expect((await list.sites()).approved('https://b.example')).toBe(false);
    expect((await list.sites()).approved('https://fijo.example')).toBe(true);
    expect(query).toHaveBeenCalledTimes(3);
  });

  it("knows which partner's code an origin may claim, in any case, and answers with the code as given", async () => {
    const partners = [
      { code: 'Acme', origins: ['https://a.example', 'https://compartido.example'] },
      { code: 'beta', origins: ['https://compartido.example'] },
    ];
    const sites = await createAllowList(
      { query: async () => partners, exec: async () => {} } as never,
      ['https://fijo.example'],
      0,
      silent,
    ).sites();
    expect(sites.partnerAt('https://a.example', 'ACME')).toBe('Acme');
    expect(sites.partnerAt('https://a.example', 'beta')).toBeUndefined();
    expect(sites.partnerAt('https://compartido.example', 'BETA')).toBe('beta');
    // APPROVED_ORIGINS approve a site, but make no partner's.
    expect(sites.partnerAt('https://fijo.example', 'Acme')).toBeUndefined();
    expect(sites.partnerAt('https://otro.example', 'Acme')).toBeUndefined();
  });

  it('approves every site with *', async () => {
    const sites = await createAllowList({ query: async () => [], exec: async () => {} } as never, ['*'], 0, silent).sites();
    expect(sites.approved('https://cualquiera.example')).toBe(true);
    expect(sites.partnerAt('https://cualquiera.example', 'Acme')).toBeUndefined();
  });

  it('keeps the last list when the database fails', async () => {
    let fail = false;
    const query = vi.fn(async () => {
      if (fail) throw new Error('connection lost');
      return [{ code: 'Acme', origins: ['https://a.example'] }];
    });
    const list = createAllowList({ query, exec: async () => {} } as never, [], 0, silent);
    expect((await list.sites()).approved('https://a.example')).toBe(true);
    fail = true;
    expect((await list.sites()).partnerAt('https://a.example', 'acme')).toBe('Acme');
  });
});

describe('the embed snippets', () => {
  it("makes each widget's snippet and the loader's with the partner's code", () => {
    expect(widgetSnippet('https://obra.example', 'wait-list', 'Acme')).toBe(
      '<script src="https://obra.example/widgets/obra-wait-list.js" defer></script>\n<obra-wait-list partner="Acme"></obra-wait-list>',
    );
    expect(widgetSnippet('https://obra.example', 'software-detail', 'Acme')).toContain(
      '<obra-software-detail partner="Acme" slug="sketchup"></obra-software-detail>',
    );
    expect(loaderSnippet('https://obra.example', 'Acme').split('\n')).toEqual([
      '<script type="module" src="https://obra.example/esm/loader.js"></script>',
      '<obra-wait-list partner="Acme"></obra-wait-list>',
      '<obra-design-form partner="Acme"></obra-design-form>',
    ]);
  });

  it("points the catalogue's More links at Obra's product pages, in the partner's language (the widget adds the code)", () => {
    expect(widgetSnippet('https://obra.example', 'marketplace', 'Acme', 'en')).toContain(
      '<obra-marketplace partner="Acme" detail-href="https://obra.example/{lang}/product/{slug}"></obra-marketplace>',
    );
    expect(widgetSnippet('https://obra.example', 'marketplace', 'Acme', 'es')).toContain(
      'detail-href="https://obra.example/{lang}/producto/{slug}"',
    );
  });

  it('refuses to write a code that is not one into a page', () => {
    expect(() => widgetSnippet('https://obra.example', 'wait-list', '"><script>')).toThrow(/Not a partner code/);
  });
});

describe('the console', () => {
  it("keeps the partners' state and page, and a partner's id, in the URL", () => {
    expect(parseRoute('/admin/partners', '?status=pending&page=2')).toEqual({ name: 'partners', status: 'pending', page: 2 });
    expect(parseRoute('/admin/partners/', '?page=-1')).toEqual({ name: 'partners', status: '', page: 1 });
    expect(parseRoute('/admin/partners/0b8e4a8e-6b1c-4e3f-9a57-2f1d1e9c0a11')).toEqual({
      name: 'partner',
      id: '0b8e4a8e-6b1c-4e3f-9a57-2f1d1e9c0a11',
    });
    expect(routeUrl({ name: 'partners', status: 'approved', page: 1 })).toBe('/admin/partners?status=approved');
    expect(routeUrl({ name: 'partners', status: '', page: 3 })).toBe('/admin/partners?page=3');
    expect(routeUrl({ name: 'partner', id: 'x' })).toBe('/admin/partners/x');
  });
});
