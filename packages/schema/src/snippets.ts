// The embed code Obra hands an approved partner (the console's partner page and the approval
// e-mail): per widget, the one-tag snippet of docs/partners/embedding.md with `partner="CODE"`,
// and the loader for several widgets on one page. The scripts come from Obra's origin; a
// catalogue's "More" links lead to Obra's product pages with the code, which goes on to a purchase.
import { PARTNER_CODE } from './attribution.ts';
import { DEFAULT_LANG, type Lang } from './lang.ts';
import { SEGMENTS } from './site-paths.ts';
import type { WidgetName } from './widgets.ts';

/** Every widget of the list (widgets.ts), in the order the partner's page shows them. */
export const SNIPPET_WIDGETS = [
  'wait-list',
  'design-form',
  'partner-registration',
  'marketplace',
  'software-detail',
] as const satisfies readonly WidgetName[];
/** One of {@link SNIPPET_WIDGETS}. */
export type SnippetWidget = (typeof SNIPPET_WIDGETS)[number];

/**
 * What each element needs besides `partner`: the catalogue Obra's product pages (its More links
 * add the partner's code), the software detail one program (an example slug).
 */
const extra = (widget: SnippetWidget, origin: string, lang: Lang): string =>
  widget === 'marketplace'
    ? ` detail-href="${origin}/{lang}/${SEGMENTS.product[lang]}/{slug}"`
    : widget === 'software-detail'
      ? ' slug="sketchup"'
      : '';

/** The element of `widget` with the partner's code. */
function element(widget: SnippetWidget, origin: string, code: string, lang: Lang): string {
  // Codes are [A-Za-z0-9_-] only and origins come from the server: nothing to escape, but nothing else gets in either.
  if (!PARTNER_CODE.test(code)) throw new Error(`Not a partner code: ${code}`);
  return `<obra-${widget} partner="${code}"${extra(widget, origin, lang)}></obra-${widget}>`;
}

/** The snippet of one widget: its self-contained bundle and its element (`lang` picks the product pages' spelling). */
export function widgetSnippet(origin: string, widget: SnippetWidget, code: string, lang: Lang = DEFAULT_LANG): string {
  return `<script src="${origin}/widgets/obra-${widget}.js" defer></script>\n${element(widget, origin, code, lang)}`;
}

/** Several widgets on one page: the loader (each widget's code loads when its element is near the view). */
export function loaderSnippet(
  origin: string,
  code: string,
  widgets: readonly SnippetWidget[] = ['wait-list', 'design-form'],
  lang: Lang = DEFAULT_LANG,
): string {
  return [
    `<script type="module" src="${origin}/esm/loader.js"></script>`,
    ...widgets.map((widget) => element(widget, origin, code, lang)),
  ].join('\n');
}
