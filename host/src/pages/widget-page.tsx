/** @jsxImportSource preact */
// The pages that mount a widget. The ESM loader imports a widget's code when its tag appears, so
// each page downloads only its own widget; CSS reserves the element's space so nothing shifts.
import type { HostT } from '../texts.ts';
import { pathFor, type Route } from '../routes.ts';
import { SITE } from '../site.ts';
import type { Assets } from './document.tsx';

/**
 * The widget element of each widget page, with its first view pre-rendered inside as a
 * declarative shadow root (visible before any script; the runtime takes it over).
 */
function Widget({ route, prerender }: { route: Route; prerender: Assets['prerender'] }) {
  const shadow = (tag: string, attributes: Record<string, string | undefined> = {}) =>
    prerender ? { dangerouslySetInnerHTML: { __html: prerender(tag, route.lang, attributes) } } : {};
  switch (route.page) {
    case 'form':
      return <obra-design-form {...shadow('obra-design-form')} />;
    case 'waitList':
      return <obra-wait-list {...shadow('obra-wait-list')} />;
    case 'registration':
      return <obra-partner-registration {...shadow('obra-partner-registration')} />;
    case 'marketplace': {
      const detailHref = pathFor({ page: 'product', lang: route.lang, slug: '{slug}' }).replace('%7Bslug%7D', '{slug}');
      return <obra-marketplace detail-href={detailHref} {...shadow('obra-marketplace', { 'detail-href': detailHref })} />;
    }
    case 'product':
      return <obra-software-detail slug={route.slug} {...shadow('obra-software-detail', { slug: route.slug })} />;
    default:
      return null;
  }
}

/**
 * A widget page: the widget shows its own visible title, so the page's h1 (for outlines, search
 * engines and screen readers) is visually hidden rather than said twice.
 */
export function WidgetPage({
  t,
  route,
  heading,
  prerender,
}: {
  t: HostT;
  route: Route & { page: 'form' | 'waitList' | 'marketplace' | 'registration' | 'product' };
  heading?: string | undefined;
  prerender?: Assets['prerender'];
}) {
  return (
    <section class="widget-page">
      <h1 class="visually-hidden">{heading ?? t(`host.pages.${route.page}.title`)}</h1>
      <noscript>
        <p class="lead">
          {t(`host.pages.${route.page}.lead`)} {t('host.noscript', { email: SITE.email })}
        </p>
      </noscript>
      <Widget route={route} prerender={prerender} />
    </section>
  );
}
