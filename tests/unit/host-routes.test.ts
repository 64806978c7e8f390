// @vitest-environment node
// The host's route table (host/src/routes.ts): every page and spelling in both languages.
import { describe, expect, it } from 'vitest';
import {
  allRoutes,
  alternatePath,
  LANGS,
  notFoundFile,
  PAGES,
  pageFile,
  pathFor,
  resolve,
  SEGMENTS,
  type Lang,
  type PageId,
} from '../../host/src/routes.ts';

const SLUGS = ['sketchup', 'revit', 'v-ray'];

/** the table of docs/contributors/behaviour.md#screens, written out by hand so the module cannot agree with itself by mistake. */
const CANONICAL: Record<Lang, Record<PageId, string>> = {
  es: {
    home: '/es',
    form: '/es/formulario',
    waitList: '/es/lista_de_espera',
    values: '/es/valores',
    vision: '/es/vision',
    marketplace: '/es/marketplace',
    registration: '/es/inscripcion',
    product: '/es/producto/sketchup',
    success: '/es/success',
    testCheckout: '/es/test-checkout',
  },
  en: {
    home: '/en',
    form: '/en/form',
    waitList: '/en/wait_list',
    values: '/en/values',
    vision: '/en/view',
    marketplace: '/en/marketplace',
    registration: '/en/registration',
    product: '/en/product/sketchup',
    success: '/en/success',
    testCheckout: '/en/test-checkout',
  },
};

describe('host routes', () => {
  it.each(LANGS.flatMap((lang) => PAGES.map((page) => [lang, page] as const)))('%s %s: the canonical path is a page', (lang, page) => {
    const path = CANONICAL[lang][page];
    const route = page === 'product' ? { page, lang, slug: 'sketchup' } : { page, lang };
    expect(pathFor(route)).toBe(path);
    expect(resolve(path, SLUGS)).toEqual({ kind: 'page', route });
  });

  it('redirects the other language’s spelling of every page to the canonical one (308)', () => {
    const checked: string[] = [];
    for (const lang of LANGS) {
      const other: Lang = lang === 'es' ? 'en' : 'es';
      for (const page of PAGES) {
        if (page === 'home') continue;
        const foreign = SEGMENTS[page][other];
        if (foreign === SEGMENTS[page][lang]) continue;
        const suffix = page === 'product' ? '/sketchup' : '';
        expect(resolve(`/${lang}/${foreign}${suffix}`, SLUGS)).toEqual({ kind: 'redirect', status: 308, location: CANONICAL[lang][page] });
        checked.push(`/${lang}/${foreign}`);
      }
    }
    // formulario/form, lista_de_espera/wait_list, valores/values, vision/view, inscripcion/registration, producto/product: 6 per language.
    expect(checked).toHaveLength(12);
    expect(checked).toContain('/en/formulario');
    expect(checked).toContain('/es/view');
  });

  it('names the examples of the issue', () => {
    expect(resolve('/en/formulario', SLUGS)).toMatchObject({ kind: 'redirect', location: '/en/form' });
    expect(resolve('/es/view', SLUGS)).toMatchObject({ kind: 'redirect', location: '/es/vision' });
    expect(resolve('/es/product/sketchup', SLUGS)).toMatchObject({ kind: 'redirect', location: '/es/producto/sketchup' });
    expect(resolve('/en/productos/v-ray', SLUGS)).toMatchObject({ kind: 'redirect', location: '/en/product/v-ray' });
  });

  it('redirects / to /es and drops a trailing slash', () => {
    expect(resolve('/', SLUGS)).toEqual({ kind: 'redirect', status: 308, location: '/es' });
    expect(resolve('/en/', SLUGS)).toEqual({ kind: 'redirect', status: 308, location: '/en' });
    expect(resolve('/es/valores/', SLUGS)).toEqual({ kind: 'redirect', status: 308, location: '/es/valores' });
    expect(resolve('/en/values/', SLUGS)).toEqual({ kind: 'redirect', status: 308, location: '/en/values' });
  });

  it.each([
    ['/es/nada', 'es'],
    ['/en/values/extra', 'en'],
    ['/en/product', 'en'],
    ['/es/producto/sketchup/extra', 'es'],
  ] as const)('%s is not found, in the language it names (its 404 page speaks it)', (path, lang) => {
    expect(resolve(path, SLUGS)).toEqual({ kind: 'not-found', lang });
    expect(notFoundFile({ kind: 'not-found', lang }, lang === 'es' ? 'en' : 'es')).toBe(`${lang}/not-found.html`);
  });

  it.each(['/fr', '/valores', '/ES/valores'])(
    '%s is not found, in no language (the 404 page of the language the browser asks for)',
    (path) => {
      expect(resolve(path, SLUGS)).toEqual({ kind: 'not-found' });
      expect(notFoundFile({ kind: 'not-found' }, 'en')).toBe('en/not-found.html');
      expect(notFoundFile({ kind: 'not-found' }, 'es')).toBe('es/not-found.html');
    },
  );

  it.each([
    ['/en/product/unknown', 'en'],
    ['/es/product/unknown', 'es'],
    ['/es/producto/%E0%A4%A', 'es'],
  ])('%s is an unknown software slug (its own 404 page)', (path, lang) => {
    expect(resolve(path, SLUGS)).toEqual({ kind: 'not-found', lang, page: 'product' });
  });

  it('gives every page, in both languages, a toggle target that is the same page in the other language', () => {
    for (const route of allRoutes(SLUGS)) {
      const other: Lang = route.lang === 'es' ? 'en' : 'es';
      const target = alternatePath(route, other);
      expect(resolve(target, SLUGS)).toEqual({ kind: 'page', route: { ...route, lang: other } });
    }
    expect(alternatePath({ page: 'product', lang: 'es', slug: 'v-ray' }, 'en')).toBe('/en/product/v-ray');
    expect(alternatePath({ page: 'vision', lang: 'en' }, 'es')).toBe('/es/vision');
  });

  it('lists every route once, with a distinct file', () => {
    const routes = allRoutes(SLUGS);
    expect(routes).toHaveLength(2 * (9 + SLUGS.length));
    expect(new Set(routes.map(pageFile)).size).toBe(routes.length);
    expect(pageFile({ page: 'product', lang: 'en', slug: 'v-ray' })).toBe('en/product/v-ray.html');
  });
});
