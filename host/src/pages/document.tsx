/** @jsxImportSource preact */
// The <html> shell of every page: language, title, description, canonical and hreflang links.
import type { ComponentChildren } from 'preact';
import { alternatePath, pathFor, type Lang, type PageId, type Route } from '../routes.ts';
import { INLINE_SCRIPT } from '../security.ts';
import { SITE } from '../site.ts';

/** Hashed asset URLs the pre-renderer produced. */
export interface Assets {
  /** The site's stylesheet, inlined: no render-blocking request before the first paint. */
  css: string;
  script: string;
  /**
   * Modules the site script imports at start, preloaded from the head so the browser fetches
   * them beside the script instead of one import after another (in Lighthouse's simulated slow
   * network each link of that chain pushed LCP back): `all` on every page, and per page what
   * its script imports there (the test checkout's module).
   */
  modules?: { all: string[] } & Partial<Record<PageId, string[]>>;
  /** The ESM widget loader, on pages that mount widgets. */
  loader: string;
  /** Per widget tag, its ESM modules (entry and static chunks), preloaded on its page. */
  preload?: Record<string, string[]>;
  /**
   * A widget's first view as declarative shadow DOM (host/src/widget-shadow.ts), put inside its
   * element; without it the element arrives empty and renders when its code runs.
   */
  prerender?: (tag: string, lang: Lang, attributes: Record<string, string | undefined>) => string;
}

interface DocumentProps {
  lang: Lang;
  title: string;
  description: string;
  /** The page's route; the 404 page has none (no canonical, no alternates). */
  route?: Route | undefined;
  /** The widget tag the page mounts, if any: the page then loads the loader and its modules. */
  widget?: string | undefined;
  assets: Assets;
  children: ComponentChildren;
}

// Preact's JSX types do not know `fetchpriority` nor `blocking` yet; a spread is not checked for unknown names.
const LOW: Record<string, string> = { fetchpriority: 'low' };
const RENDER_BLOCKING: Record<string, string> = { blocking: 'render' };
/** The id of the body's last element: the page renders once the parser has reached it. */
const PARSED = 'parsed';

/** The full HTML document of a page. */
export function Document({ lang, title, description, route, widget, assets, children }: DocumentProps) {
  return (
    <html lang={lang} data-home-notice={route?.page === 'home' ? '' : undefined}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        <meta name="theme-color" content="#0f3d3e" />
        <link rel="icon" href="/img/favicon.svg" type="image/svg+xml" />
        {route && <link rel="canonical" href={SITE.origin + pathFor(route)} />}
        {route && <link rel="alternate" hrefLang="es" href={SITE.origin + alternatePath(route, 'es')} />}
        {route && <link rel="alternate" hrefLang="en" href={SITE.origin + alternatePath(route, 'en')} />}
        {route && <link rel="alternate" hrefLang="x-default" href={SITE.origin + alternatePath(route, 'es')} />}
        {/* No frame before the whole document is parsed (up to the empty element that ends the body). A busy
            browser painted pages half parsed: the footer's first lines pushed to the bottom of the screen, a
            widget's pagination with one button, both moving when the rest arrived (layout shifts). */}
        <link rel="expect" href={`#${PARSED}`} {...RENDER_BLOCKING} />
        <meta name="obra-loader" content={assets.loader} />
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
        {/* Marks that the enhancing script will run, so the mobile menu may start collapsed. */}
        <script dangerouslySetInnerHTML={{ __html: INLINE_SCRIPT }} />
        <script type="module" src={assets.script} />
        {[...new Set([...(assets.modules?.all ?? []), ...((route && assets.modules?.[route.page]) ?? [])])].map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        {/* Low priority: the widget's code must not compete with the first paint, only start early. */}
        {widget && <script type="module" src={assets.loader} {...LOW} />}
        {/* The widget's modules, prefetched by the site script once the page has loaded (client/preload.ts):
            the pre-rendered view needs none of them to paint, and early fetches would compete with it. */}
        {widget && assets.preload?.[widget] && <meta name="obra-preload" content={assets.preload[widget].join(' ')} />}
      </head>
      <body>
        {children}
        <div id={PARSED} hidden />
      </body>
    </html>
  );
}
