/** @jsxImportSource preact */
// The <html> shell of every page: language, title, description, canonical and hreflang links.
import type { ComponentChildren } from 'preact';
import { alternatePath, pathFor, type Route } from '../routes.ts';
import { SITE } from '../site.ts';

/** Hashed asset URLs the pre-renderer produced. */
export interface Assets {
  css: string;
  script: string;
  /** The ESM widget loader, on pages that mount widgets. */
  loader: string;
}

interface DocumentProps {
  lang: 'es' | 'en';
  title: string;
  description: string;
  /** The page's route; the 404 page has none (no canonical, no alternates). */
  route?: Route | undefined;
  /** Whether the page mounts widgets and so needs the loader. */
  widgets?: boolean;
  assets: Assets;
  children: ComponentChildren;
}

/** The full HTML document of a page. */
export function Document({ lang, title, description, route, widgets, assets, children }: DocumentProps) {
  return (
    <html lang={lang}>
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
        <meta name="obra-loader" content={assets.loader} />
        <link rel="stylesheet" href={assets.css} />
        {/* Marks that the enhancing script will run, so the mobile menu may start collapsed. */}
        <script dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('js')" }} />
        <script type="module" src={assets.script} />
        {widgets && <script type="module" src={assets.loader} />}
      </head>
      <body>{children}</body>
    </html>
  );
}
