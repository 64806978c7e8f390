// The pre-rendered pages (host/src/render.tsx): head, toggle and content without JavaScript.
import { describe, expect, it } from 'vitest';
import { renderRoute, renderSite, SLUGS } from '../../host/src/render.tsx';
import { allRoutes, alternatePath, pathFor, type Lang } from '../../host/src/routes.ts';
import { SITE } from '../../host/src/site.ts';
import { textsIn } from '../../host/src/texts.ts';
import { PROJECTS } from '../../host/src/projects.ts';

const ASSETS = {
  css: 'main{color:red}',
  script: '/assets/main-TEST1234.js',
  loader: '/esm/loader.js',
  preload: { 'obra-wait-list': ['/esm/obra-wait-list.js', '/esm/chunks/common-X.js'] },
  modules: { all: ['/assets/chunk-A.js'], testCheckout: ['/assets/test-checkout-B.js', '/assets/chunk-A.js'] },
};
const modulePreloads = (doc: Document) => [...doc.querySelectorAll('link[rel=modulepreload]')].map((link) => link.getAttribute('href'));
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('host pages', () => {
  it('render every route with lang, title, description, canonical, hreflang and a toggle to the same page', () => {
    const titles = new Set<string>();
    for (const route of allRoutes(SLUGS)) {
      const doc = parse(renderRoute(route, ASSETS));
      const other: Lang = route.lang === 'es' ? 'en' : 'es';
      expect(doc.documentElement.lang).toBe(route.lang);
      expect(doc.title).not.toBe('');
      titles.add(doc.title);
      expect(doc.querySelector('meta[name=description]')?.getAttribute('content')).toMatch(/\w{3}/);
      expect(doc.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(SITE.origin + pathFor(route));
      expect(doc.querySelector('link[hreflang=es]')?.getAttribute('href')).toBe(SITE.origin + alternatePath(route, 'es'));
      expect(doc.querySelector('link[hreflang=en]')?.getAttribute('href')).toBe(SITE.origin + alternatePath(route, 'en'));
      expect(doc.querySelector('link[hreflang=x-default]')?.getAttribute('href')).toBe(SITE.origin + alternatePath(route, 'es'));
      expect(doc.querySelector('[data-lang-toggle]')?.getAttribute('href')).toBe(alternatePath(route, other));
      expect(doc.querySelector('.brand')?.getAttribute('href')).toBe(`/${route.lang}`);
      expect(doc.querySelectorAll('h1')).toHaveLength(1);
    }
    expect(titles.size).toBe(allRoutes(SLUGS).length);
  });

  it('puts the site facts in the footer: address, social, e-mail, WhatsApp with the Spanish message, 2025', () => {
    const doc = parse(renderRoute({ page: 'home', lang: 'en' }, ASSETS));
    const footer = doc.querySelector('footer')!;
    expect(footer.textContent).toContain(SITE.city);
    expect(footer.textContent).toContain(SITE.address);
    expect(footer.querySelector(`a[href="mailto:${SITE.email}"]`)?.textContent).toContain('Write to us');
    const whatsapp = new URL(footer.querySelector<HTMLAnchorElement>('a[href^="https://wa.me/"]')!.href);
    expect(whatsapp.searchParams.get('text')).toMatch(/^Hola, quiero más información sobre la solución de diseño con IA/);
    expect(footer.querySelector(`a[href="${SITE.social.href}"]`)).not.toBeNull();
    expect(footer.textContent).toContain('© 2025');
  });

  it('mounts each widget on its page only, and loads the ESM loader only there', () => {
    const expected = {
      form: 'obra-design-form',
      waitList: 'obra-wait-list',
      registration: 'obra-partner-registration',
      marketplace: 'obra-marketplace',
      product: 'obra-software-detail',
    } as const;
    for (const [page, tag] of Object.entries(expected)) {
      const doc = parse(renderRoute({ page: page as keyof typeof expected, lang: 'es', slug: 'sketchup' }, ASSETS));
      expect(
        doc.querySelectorAll('obra-design-form, obra-wait-list, obra-partner-registration, obra-marketplace, obra-software-detail'),
      ).toHaveLength(1);
      expect(doc.querySelector(tag)).not.toBeNull();
      expect(doc.querySelector('script[src="/esm/loader.js"]')).not.toBeNull();
    }
    expect(
      parse(renderRoute({ page: 'marketplace', lang: 'en' }, ASSETS))
        .querySelector('obra-marketplace')
        ?.getAttribute('detail-href'),
    ).toBe('/en/product/{slug}');
    expect(
      parse(renderRoute({ page: 'product', lang: 'en', slug: 'v-ray' }, ASSETS))
        .querySelector('obra-software-detail')
        ?.getAttribute('slug'),
    ).toBe('v-ray');
    const home = parse(renderRoute({ page: 'home', lang: 'es' }, ASSETS));
    expect(home.querySelector('script[src="/esm/loader.js"]')).toBeNull();
    expect(home.querySelector('style')?.textContent).toBe('main{color:red}');
    const waitList = parse(renderRoute({ page: 'waitList', lang: 'en' }, ASSETS));
    // Named for the site script, which preloads them after load (client/preload.ts); no early fetch.
    expect(modulePreloads(waitList)).toEqual(['/assets/chunk-A.js']);
    expect(waitList.querySelector('meta[name="obra-preload"]')?.getAttribute('content')).toBe(
      '/esm/obra-wait-list.js /esm/chunks/common-X.js',
    );
  });

  it("preloads the site script's chunks on every page, and the test checkout's module on its page, each once", () => {
    for (const route of allRoutes(SLUGS).filter((r) => r.page !== 'testCheckout'))
      expect(modulePreloads(parse(renderRoute(route, ASSETS))), pathFor(route)).toEqual(['/assets/chunk-A.js']);
    expect(modulePreloads(parse(renderRoute({ page: 'testCheckout', lang: 'en' }, ASSETS)))).toEqual([
      '/assets/chunk-A.js',
      '/assets/test-checkout-B.js',
    ]);
    expect(modulePreloads(parse(renderSite(ASSETS).get('en/not-found.html')!))).toEqual(['/assets/chunk-A.js']);
  });

  it('renders nothing before the whole page is parsed: the head expects the empty element that ends the body', () => {
    for (const route of allRoutes(SLUGS)) {
      const doc = parse(renderRoute(route, ASSETS));
      const expectLinks = [...doc.head.querySelectorAll('link[rel=expect]')];
      expect(expectLinks.map((link) => [link.getAttribute('href'), link.getAttribute('blocking')])).toEqual([['#parsed', 'render']]);
      const last = doc.body.lastElementChild!;
      expect(last.id).toBe('parsed');
      expect(last.childNodes).toHaveLength(0);
      expect(last.hasAttribute('hidden')).toBe(true);
      expect(doc.querySelectorAll('#parsed')).toHaveLength(1);
    }
  });

  it('renders the home, values, vision and success content in HTML', () => {
    const home = parse(renderRoute({ page: 'home', lang: 'es' }, ASSETS));
    expect(home.querySelectorAll('.cards > li')).toHaveLength(6);
    expect(home.querySelector('dialog[data-overlay]')).not.toBeNull();
    // The company's projects, on the home page and as the values page's gallery: the pictures the
    // build draws (lazy, sized: nothing moves when they arrive), each captioned in the page's language.
    for (const [lang, page] of [
      ['es', 'home'],
      ['en', 'home'],
      ['en', 'values'],
    ] as const) {
      const doc = parse(renderRoute({ page, lang }, ASSETS));
      const figures = [...doc.querySelectorAll('.gallery figure')];
      expect(
        figures.map((figure) => {
          const img = figure.querySelector('img')!;
          return [img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading'), img.alt];
        }),
      ).toEqual(PROJECTS.map((project) => [`/img/${project.file}`, '1200', '800', 'lazy', '']));
      expect(figures.map((figure) => figure.querySelector('figcaption')!.textContent)).toEqual(
        PROJECTS.map((project) => textsIn(lang)(`host.projects.items.${project.caption}`)),
      );
    }
    const values = parse(renderRoute({ page: 'values', lang: 'en' }, ASSETS));
    expect(values.querySelector('.years')?.textContent).toContain('25+');
    expect(values.querySelectorAll('.gallery img[width][height]')).toHaveLength(3);
    expect(values.querySelectorAll('[aria-roledescription=slide]')).toHaveLength(3);
    expect(values.querySelector('dialog[data-contact] form')).not.toBeNull();
    expect(parse(renderRoute({ page: 'vision', lang: 'en' }, ASSETS)).querySelectorAll('.bullets li')).toHaveLength(3);
    const success = parse(renderRoute({ page: 'success', lang: 'es' }, ASSETS));
    expect(success.querySelector('[data-toast]')?.textContent).toContain('¡Compra realizada!Tu pago ha sido procesado correctamente.');
    expect(parse(renderRoute({ page: 'success', lang: 'en' }, ASSETS)).querySelector('[data-toast]')?.textContent).toContain(
      'Purchase complete!',
    );
  });

  it('renders a 404 page and an unknown-software page per language besides every route', () => {
    const site = renderSite(ASSETS);
    expect(site.size).toBe(allRoutes(SLUGS).length + 4);
    // Under /en the page, its title, menu and footer are English only (and Spanish only under /es).
    for (const [lang, title, h1, menu, footer] of [
      ['en', 'Page not found — Obra', 'Page not found', 'Form', 'Wait list'],
      ['es', 'Página no encontrada — Obra', 'Página no encontrada', 'Formulario', 'Lista de espera'],
    ] as const) {
      const page = parse(site.get(`${lang}/not-found.html`)!);
      expect([
        page.documentElement.lang,
        page.title,
        page.querySelector('h1')?.textContent,
        page.querySelector('#menu a')?.textContent,
        page.querySelector('.footer li a')?.textContent,
        page.querySelector('main .button')?.getAttribute('href'),
        page.querySelector('link[rel=canonical]'),
      ]).toEqual([lang, title, h1, menu, footer, `/${lang}`, null]);
    }
    expect(parse(site.get('es/product-not-found.html')!).querySelector('h1')?.textContent).toBe('Software no encontrado.');
    expect(parse(site.get('en/product-not-found.html')!).querySelector('h1')?.textContent).toBe('Software not found.');
  });
});
