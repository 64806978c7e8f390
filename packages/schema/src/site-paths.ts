// The site's pages and their first path segment in each language (docs/contributors/behaviour.md#screens):
// one table for the host's router, the checkout's return addresses, the marketplace's product
// links and the partners' snippets.
import { LANGS, type Lang } from './lang.ts';

/** Every page of the site. */
export type PageId =
  'home' | 'form' | 'waitList' | 'values' | 'vision' | 'marketplace' | 'registration' | 'product' | 'success' | 'testCheckout';

/**
 * Each page's segment (home has none): `path` in every language, or the language's own spelling
 * where it has one. The pages' URLs are public (links, search engines): a spelling never changes.
 */
const SPELLINGS: Readonly<Record<Exclude<PageId, 'home'>, { path: string } & Partial<Record<Lang, string>>>> = {
  form: { path: 'form', es: 'formulario' },
  waitList: { path: 'wait_list', es: 'lista_de_espera' },
  values: { path: 'values', es: 'valores' },
  vision: { path: 'view', es: 'vision' },
  marketplace: { path: 'marketplace' },
  registration: { path: 'registration', es: 'inscripcion' },
  product: { path: 'product', es: 'producto' },
  success: { path: 'success' },
  // The embedded test checkout (no Stripe keys): where the buy button leads; see docs/operators/payments.md.
  testCheckout: { path: 'test-checkout' },
};

/** The first path segment of each page (home has none), per language. */
export const SEGMENTS = Object.fromEntries(
  Object.entries(SPELLINGS).map(([page, spelling]) => [
    page,
    Object.fromEntries(LANGS.map((lang) => [lang, spelling[lang] ?? spelling.path])),
  ]),
) as Readonly<Record<Exclude<PageId, 'home'>, Readonly<Record<Lang, string>>>>;

/** A page's path in `lang` (`/es/formulario`); the product page's ends with `slug`, as given (a `{slug}` template keeps its braces). */
export function sitePath(page: PageId, lang: Lang, slug = ''): string {
  if (page === 'home') return `/${lang}`;
  const base = `/${lang}/${SEGMENTS[page][lang]}`;
  return page === 'product' ? `${base}/${slug}` : base;
}
