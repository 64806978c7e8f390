// A widget's first view, rendered at build time into its host page as declarative shadow DOM
// (`<template shadowrootmode="open">`): the widget's content and layout paint with the page,
// before any script, and the element runtime takes the shadow root over when its code runs
// (packages/element/src/define-widget.ts). Built by esbuild with react aliased to preact/compat,
// exactly like the bundles, so the markup is what the browser would render.
import { createElement } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { createI18n, type Catalogue, type Lang } from '@obra/i18n';
import { readAttributes, type AttributeTable, type WidgetDefinition, type WidgetProps } from '@obra/element';
import { PRERENDERED } from '@obra/element/loader';
import { minifyCss } from '@obra/element/minify-css';
import type { WidgetTag } from '@obra/schema/widgets';
import { designFormWidget } from '@obra/design-form';
import { marketplaceWidget, softwareDetailWidget } from '@obra/marketplace';
import { partnerRegistrationWidget } from '@obra/partner-registration';
import { waitListWidget } from '@obra/wait-list';
import { cspHash } from './security.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one table of differently typed widgets
type AnyWidget = WidgetDefinition<AttributeTable, any, any, Catalogue>;

/** Every widget of the list (packages/schema/src/widgets.ts) by tag: the host pre-renders each. */
const WIDGETS: Record<string, AnyWidget> = {
  'obra-design-form': designFormWidget,
  'obra-marketplace': marketplaceWidget,
  'obra-software-detail': softwareDetailWidget,
  'obra-partner-registration': partnerRegistrationWidget,
  'obra-wait-list': waitListWidget,
} satisfies Record<WidgetTag, unknown> as unknown as Record<string, AnyWidget>;

/**
 * What the widget's code reads from its element while rendering: the document (for its storage
 * key: no storage at build time, so no draft and no outbox) and nothing else.
 */
function hostStub(tag: string): HTMLElement {
  const ownerDocument = { querySelectorAll: () => [], location: undefined, defaultView: undefined };
  return { localName: tag, id: '', ownerDocument, getAttribute: () => null } as unknown as HTMLElement;
}

/** The element's attributes as `readAttributes` reads them, from a plain name → value table. */
const attributeReader = (attributes: Record<string, string | undefined>) =>
  ({ getAttribute: (name: string) => attributes[name] ?? null }) as unknown as HTMLElement;

/**
 * The shadow root's CSS of a widget, minified as the bundles carry it (the same `minifyCss` as
 * rollup.config.ts), so every page does not carry the source formatting; the pages' CSP allows it by hash.
 */
const widgetCss = (tag: string): string => minifyCss(widget(tag).styles);

function widget(tag: string): AnyWidget {
  const def = WIDGETS[tag];
  if (!def) throw new Error(`No widget ${tag} to pre-render`);
  return def;
}

// The page's CSP forbids inline `style` attributes; the client sets those through the CSSOM
// when it takes over, and the widgets' CSS lays out the first view without them.
const withoutStyleAttributes = (html: string) => html.replace(/ style="[^"]*"/g, '');

/**
 * The declarative shadow root of `<tag>` in `lang` with these attributes: the widget's styles and
 * its first render inside the same `.obra-root` container the runtime creates, marked as pre-rendered
 * (the mark the runtime and the loader take over, packages/element/src/loader-prerendered.ts).
 */
export function prerenderWidget(tag: string, lang: Lang, attributes: Record<string, string | undefined> = {}): string {
  const def = widget(tag);
  const props: WidgetProps<unknown, never, unknown, Catalogue> = {
    attrs: readAttributes(attributeReader(attributes), def.attributes),
    lang,
    i18n: createI18n(def.catalogues, lang),
    store: def.createStore(),
    emit: () => true,
    host: hostStub(tag),
  };
  const body = withoutStyleAttributes(renderToString(createElement(def.component as never, props as never)));
  return `<template shadowrootmode="open"><style>${widgetCss(tag)}</style><div part="root" class="obra-root" ${PRERENDERED} lang="${lang}" dir="ltr">${body}</div></template>`;
}

/** The CSP hashes of every widget's pre-rendered `<style>`. */
export const widgetStyleHashes = (): string[] => Object.keys(WIDGETS).map((tag) => cspHash(widgetCss(tag)));
