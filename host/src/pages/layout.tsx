/** @jsxImportSource preact */
// The frame of every page (docs/contributors/behaviour.md#layout): fixed top bar, main content, footer.
import type { ComponentChildren } from 'preact';
import { textsIn, type HostT } from '../texts.ts';
import { alternatePath, LANGS, pathFor, type Lang, type Route } from '../routes.ts';
import { SITE, whatsappHref } from '../site.ts';

interface LayoutProps {
  t: HostT;
  lang: Lang;
  /** The current page; the toggles keep it. Without one (404) they go to the other languages' homes. */
  route?: Route | undefined;
  children: ComponentChildren;
}

/** The logo: our own mark, inline so it costs no request. */
function Logo() {
  return (
    <svg class="logo-mark" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#0f3d3e" />
      <path d="M6 24V14l10-7 10 7v10h-6v-7h-8v7z" fill="#f2b33d" />
    </svg>
  );
}

/** Top bar, `<main id="main">` and footer around a page's content. */
export function Layout({ t, lang, route, children }: LayoutProps) {
  const to = (page: Route['page']) => pathFor({ page, lang });
  return (
    <>
      <a class="skip" href="#main">
        {t('host.skip')}
      </a>
      <header class="topbar">
        <div class="bar">
          <a class="brand" href={pathFor({ page: 'home', lang })} aria-label={t('host.nav.home')}>
            <Logo />
            <span aria-hidden="true">{SITE.name}</span>
          </a>
          <button type="button" class="menu-button" aria-expanded="false" aria-controls="menu" data-menu-button>
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M2 4h16M2 10h16M2 16h16" stroke="currentColor" stroke-width="2" />
            </svg>
            {t('host.nav.menu')}
          </button>
          <nav id="menu" class="menu" aria-label={t('host.nav.label')} data-menu>
            <ul>
              <li>
                <a href={to('form')}>{t('host.nav.form')}</a>
              </li>
              <li>
                <a href={to('marketplace')}>{t('host.nav.marketplace')}</a>
              </li>
              <li>
                <a href={to('registration')}>{t('host.nav.registration')}</a>
              </li>
              {LANGS.filter((other) => other !== lang).map((other) => (
                <li key={other}>
                  {/* Each language offers itself, in its own words: the visible code starts the accessible name (WCAG 2.5.3); the rest says what it does. */}
                  <a
                    class="toggle"
                    href={alternatePath(route ?? { page: 'home', lang }, other)}
                    hrefLang={other}
                    lang={other}
                    data-lang-toggle
                  >
                    {textsIn(other)('host.nav.toggle')}
                    <span class="visually-hidden">: {textsIn(other)('host.nav.toggleLabel')}</span>
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer t={t} lang={lang} />
    </>
  );
}

function Footer({ t, lang }: { t: HostT; lang: Lang }) {
  const to = (page: Route['page']) => pathFor({ page, lang });
  return (
    <footer class="footer">
      <div class="footer-grid">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('host.footer.heading')}</h2>
          <address>
            <span class="visually-hidden">{t('host.footer.addressLabel')}: </span>
            {SITE.address}
            <br />
            {SITE.city}
          </address>
          <p>
            <a href={`mailto:${SITE.email}`}>
              {t('host.footer.emailCta')}: {SITE.email}
            </a>
          </p>
          <p>
            <a href={whatsappHref()} rel="noopener" target="_blank">
              {t('host.footer.whatsapp')}
            </a>
          </p>
          <p>
            <a href={SITE.social.href} rel="noopener" target="_blank">
              {t('host.footer.social')}
            </a>
          </p>
        </section>
        <nav aria-labelledby="footer-pages">
          <h2 id="footer-pages">{t('host.footer.pages')}</h2>
          <ul>
            <li>
              <a href={to('waitList')}>{t('host.footer.waitList')}</a>
            </li>
            <li>
              <a href={to('values')}>{t('host.footer.values')}</a>
            </li>
            <li>
              <a href={to('vision')}>{t('host.footer.vision')}</a>
            </li>
          </ul>
        </nav>
      </div>
      <p class="rights">
        © {SITE.year} {SITE.name}. {t('host.footer.rights')}
      </p>
    </footer>
  );
}
