// The host's route table (docs/contributors/behaviour.md#screens): every page under /<lang> (each language of @obra/schema's list) with translated segments.
// Pure: no I/O, so the server, the pre-renderer and the tests share exactly one table.

import { DEFAULT_LANG, isLang, LANGS, SEGMENTS, sitePath, type Lang, type PageId } from '@obra/schema';

// The site's languages are the widgets' (the first is the default), its pages' segments the ones
// the checkout and the widgets link to (@obra/schema site-paths.ts); pages import them from here.
export { LANGS, SEGMENTS, type Lang, type PageId };
import type { WidgetTag } from '@obra/schema/widgets';

/** Extra spellings accepted for a page (the product segment's plural too: docs/contributors/behaviour.md#screens). */
const EXTRA_ALIASES: Readonly<Record<string, Exclude<PageId, 'home'>>> = { productos: 'product', products: 'product' };

/** Every page in the order menus and tests list them. */
export const PAGES: readonly PageId[] = [
  'home',
  'form',
  'waitList',
  'values',
  'vision',
  'marketplace',
  'registration',
  'product',
  'success',
  'testCheckout',
];

/** The widget tag each widget page mounts. */
export const WIDGET_OF: Readonly<Partial<Record<PageId, WidgetTag>>> = {
  form: 'obra-design-form',
  waitList: 'obra-wait-list',
  registration: 'obra-partner-registration',
  marketplace: 'obra-marketplace',
  product: 'obra-software-detail',
};

/** One page in one language; `slug` only for the product page. */
export interface Route {
  page: PageId;
  lang: Lang;
  slug?: string;
}

/** What the server does with a path. */
export type Resolution =
  | { kind: 'page'; route: Route }
  | { kind: 'redirect'; status: 301 | 308; location: string }
  | {
      kind: 'not-found';
      /** The language the path names, if any: its 404 page speaks it. */
      lang?: Lang;
      /** Set for a product slug that is not in the catalogue. */
      page?: 'product';
    };

const bySegment = new Map<string, Exclude<PageId, 'home'>>(Object.entries(EXTRA_ALIASES));
for (const [page, names] of Object.entries(SEGMENTS) as [Exclude<PageId, 'home'>, Record<Lang, string>][]) {
  for (const lang of LANGS) bySegment.set(names[lang], page);
}

/** The canonical path of a route, e.g. `{ page: 'product', lang: 'en', slug: 'sketchup' }` → `/en/product/sketchup`. */
export function pathFor(route: Route): string {
  return sitePath(route.page, route.lang, encodeURIComponent(route.slug ?? ''));
}

/** The same page in the other language: the ES/EN toggle's target. */
export function alternatePath(route: Route, lang: Lang): string {
  return pathFor({ ...route, lang });
}

/**
 * Resolves a request path. Canonical paths are pages; the other language's spelling, a trailing
 * slash or `/` redirect (308 keeps the method) to the canonical path; anything else is not found.
 * `slugs` are the product slugs that exist.
 */
export function resolve(pathname: string, slugs: readonly string[]): Resolution {
  const parts = pathname.split('/').slice(1);
  if (parts.length === 1 && parts[0] === '')
    return { kind: 'redirect', status: 308, location: pathFor({ page: 'home', lang: DEFAULT_LANG }) };
  const [first, second, third, ...rest] = parts;
  if (!isLang(first)) return { kind: 'not-found' };
  const lang: Lang = first;
  const notFound = { kind: 'not-found', lang } as const;
  let route: Route | undefined;
  if (second === undefined) route = { page: 'home', lang };
  else if (second === '' && third === undefined) return { kind: 'redirect', status: 308, location: `/${lang}` };
  else {
    const page = bySegment.get(second);
    if (!page) return notFound;
    if (page === 'product') {
      const slug = third === undefined ? undefined : safeDecode(third);
      if (third === undefined) return notFound;
      if (slug === undefined || !slugs.includes(slug)) return { kind: 'not-found', lang, page: 'product' };
      route = { page, lang, slug };
      if (rest.length > 1 || (rest.length === 1 && rest[0] !== '')) return notFound;
    } else {
      if (third !== undefined && (third !== '' || rest.length)) return notFound;
      route = { page, lang };
    }
  }
  const canonical = pathFor(route);
  return canonical === pathname ? { kind: 'page', route } : { kind: 'redirect', status: 308, location: canonical };
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The page for a product slug that is not in the catalogue (status 404), per language. */
export const productNotFoundFile = (lang: Lang): string => `${lang}/product-not-found.html`;

/**
 * The 404 page of a path: an unknown product's page, or the 404 page of the language the path
 * names (its menu and footer in that language); a path that names none gets the page of
 * `preferred`, the language the browser asks for (Accept-Language).
 */
export function notFoundFile(resolution: Extract<Resolution, { kind: 'not-found' }>, preferred: Lang): string {
  const lang = resolution.lang ?? preferred;
  return resolution.page === 'product' ? productNotFoundFile(lang) : `${lang}/not-found.html`;
}

/** Where the pre-renderer writes a route's HTML, relative to the pages folder. */
export function pageFile(route: Route): string {
  return route.page === 'product' ? `${route.lang}/product/${route.slug}.html` : `${route.lang}/${route.page}.html`;
}

/** Every route of the site: each page in each language, the product page once per slug. */
export function allRoutes(slugs: readonly string[]): Route[] {
  return LANGS.flatMap((lang) =>
    PAGES.flatMap((page): Route[] => (page === 'product' ? slugs.map((slug) => ({ page, lang, slug })) : [{ page, lang }])),
  );
}
