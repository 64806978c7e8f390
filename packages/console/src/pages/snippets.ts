// The embed code the console hands an approved partner: per widget, the one-tag snippet of
// docs/embedding.md with `partner="CODE"`, and the loader for several widgets on one page. The
// scripts come from the origin the console is served from (the host serves /widgets and /esm).

/** The widgets, in the order the partner's page shows them. */
export const SNIPPET_WIDGETS = ['wait-list', 'design-form', 'partner-registration', 'marketplace', 'software-detail'] as const;
/** One of {@link SNIPPET_WIDGETS}. */
export type SnippetWidget = (typeof SNIPPET_WIDGETS)[number];

// What each element needs besides `partner` (the software detail shows one program: an example slug).
const EXTRA: Partial<Record<SnippetWidget, string>> = { 'software-detail': ' slug="sketchup"' };

/** The element of `widget` with the partner's code. Codes are [A-Za-z0-9_-] only: nothing to escape. */
const element = (widget: SnippetWidget, code: string) => `<obra-${widget} partner="${code}"${EXTRA[widget] ?? ''}></obra-${widget}>`;

/** The snippet of one widget: its self-contained bundle and its element. */
export function widgetSnippet(origin: string, widget: SnippetWidget, code: string): string {
  return `<script src="${origin}/widgets/obra-${widget}.js" defer></script>\n${element(widget, code)}`;
}

/** Several widgets on one page: the loader (each widget's code loads when its element is near the view). */
export function loaderSnippet(origin: string, code: string, widgets: readonly SnippetWidget[] = ['wait-list', 'design-form']): string {
  return [`<script type="module" src="${origin}/esm/loader.js"></script>`, ...widgets.map((widget) => element(widget, code))].join('\n');
}
