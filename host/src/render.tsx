/** @jsxImportSource preact */
// Renders every page of the site to static HTML (build time only; see host/build.ts).
import { renderToString } from 'preact-render-to-string';
import { softwareCatalogue } from '@obra/catalogue';
import { SITE } from './site.ts';
import { textsIn } from './texts.ts';
import { Document, type Assets } from './pages/document.tsx';
import { Home } from './pages/home.tsx';
import { Layout } from './pages/layout.tsx';
import { NotFound, ProductNotFound } from './pages/not-found.tsx';
import { Success } from './pages/success.tsx';
import { TestCheckout } from './pages/test-checkout.tsx';
import { Values } from './pages/values.tsx';
import { Vision } from './pages/vision.tsx';
import { WidgetPage } from './pages/widget-page.tsx';
import { allRoutes, LANGS, notFoundFile, pageFile, productNotFoundFile, WIDGET_OF, type Route } from './routes.ts';

export type { Assets } from './pages/document.tsx';
// Bundled into the renderer by host/build.ts (react → preact/compat); the unit tests render the
// pages without it.
export { prerenderWidget, widgetStyleHashes } from './widget-shadow.ts';

/** The catalogue's slugs: the product pages that exist. */
export const SLUGS: readonly string[] = softwareCatalogue.map((item) => item.slug);

const nameOf = (slug: string | undefined) => softwareCatalogue.find((item) => item.slug === slug)?.name ?? '';

function content(route: Route, assets: Assets) {
  const t = textsIn(route.lang);
  switch (route.page) {
    case 'home':
      return <Home t={t} lang={route.lang} />;
    case 'values':
      return <Values t={t} />;
    case 'vision':
      return <Vision t={t} />;
    case 'success':
      return <Success t={t} lang={route.lang} />;
    case 'testCheckout':
      return <TestCheckout t={t} lang={route.lang} />;
    case 'product':
      return <WidgetPage t={t} route={{ ...route, page: 'product' }} heading={nameOf(route.slug)} prerender={assets.prerender} />;
    default:
      return <WidgetPage t={t} route={{ ...route, page: route.page }} prerender={assets.prerender} />;
  }
}

const html = (vnode: preact.VNode) => `<!doctype html>${renderToString(vnode)}`;

/** One page's HTML. */
export function renderRoute(route: Route, assets: Assets): string {
  const t = textsIn(route.lang);
  const name = nameOf(route.slug);
  return html(
    <Document
      lang={route.lang}
      title={t(`host.meta.${route.page}.title`, { name })}
      description={t(`host.meta.${route.page}.description`, { name })}
      route={route}
      widget={WIDGET_OF[route.page]}
      assets={assets}
    >
      <Layout t={t} lang={route.lang} route={route}>
        {content(route, assets)}
      </Layout>
    </Document>,
  );
}

/** Every page of the site plus the 404 pages (per language, and per language for an unknown slug), as file → HTML. */
export function renderSite(assets: Assets): Map<string, string> {
  const files = new Map(allRoutes(SLUGS).map((route) => [pageFile(route), renderRoute(route, assets)]));
  for (const lang of LANGS) {
    const t = textsIn(lang);
    // A path that is no page: a 404 page in that language only, its menu and footer too.
    files.set(
      notFoundFile({ kind: 'not-found', lang }, lang),
      html(
        <Document lang={lang} title={t('host.meta.notFound.title')} description={t('host.meta.notFound.description')} assets={assets}>
          <Layout t={t} lang={lang}>
            <NotFound t={t} lang={lang} />
          </Layout>
        </Document>,
      ),
    );
    files.set(
      productNotFoundFile(lang),
      html(
        <Document
          lang={lang}
          title={`${t('host.notFound.product')} — ${SITE.name}`}
          description={t('host.notFound.productText')}
          assets={assets}
        >
          <Layout t={t} lang={lang}>
            <ProductNotFound t={t} lang={lang} />
          </Layout>
        </Document>,
      ),
    );
  }
  return files;
}
