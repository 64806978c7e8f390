/** @jsxImportSource preact */
// Home (docs/contributors/behaviour.md#screens): hero, services, the company's projects, form and marketplace cards, values,
// contact, floating notice.
import { pathFor, type Lang } from '../routes.ts';
import { whatsappHref } from '../site.ts';
import type { HostT } from '../texts.ts';
import { Projects } from './projects.tsx';

/** Titled cards: services and values here, the reasons to choose us on the values page. */
export function Cards({ items, id }: { items: readonly { title: string; text: string }[]; id: string }) {
  return (
    <ul class="cards" aria-labelledby={id}>
      {items.map((item) => (
        <li key={item.title} class="card">
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

// The cards' keys in the catalogue, in the order they are shown.
const SERVICES = ['design', 'reports', 'marketplace'] as const;
const VALUES = ['clarity', 'quality', 'sustainability'] as const;

/** The home page's content. */
export function Home({ t, lang }: { t: HostT; lang: Lang }) {
  return (
    <div class="home">
      <div class="home-content">
        <section class="hero">
          <h1>{t('host.home.title')}</h1>
          <p class="lead">{t('host.home.lead')}</p>
          <a class="button" href={pathFor({ page: 'form', lang })}>
            {t('host.home.cta')}
          </a>
        </section>
        <section class="section" aria-labelledby="services">
          <h2 id="services">{t('host.home.servicesTitle')}</h2>
          <Cards
            items={SERVICES.map((key) => ({ title: t(`host.home.services.${key}.title`), text: t(`host.home.services.${key}.text`) }))}
            id="services"
          />
        </section>
        <Projects t={t} />
        <section class="section split">
          <article class="card feature">
            <h2>{t('host.home.formCard.title')}</h2>
            <p>{t('host.home.formCard.text')}</p>
            <a class="button" href={pathFor({ page: 'form', lang })}>
              {t('host.home.formCard.cta')}
            </a>
          </article>
          <article class="card feature">
            <h2>{t('host.home.marketCard.title')}</h2>
            <p>{t('host.home.marketCard.text')}</p>
            <a class="button secondary" href={pathFor({ page: 'marketplace', lang })}>
              {t('host.home.marketCard.cta')}
            </a>
          </article>
        </section>
        <section class="section" aria-labelledby="values">
          <h2 id="values">{t('host.home.valuesTitle')}</h2>
          <Cards
            items={VALUES.map((key) => ({ title: t(`host.home.values.${key}.title`), text: t(`host.home.values.${key}.text`) }))}
            id="values"
          />
        </section>
        <p class="section contact-line">
          <a href={whatsappHref()} rel="noopener" target="_blank">
            {t('host.home.contact')}
          </a>
        </p>
      </div>
      {/* Wide screens only, with the script (which wires dismiss and the overlay): in a column of its
          own beside the content, sticky, so it never covers a card. */}
      <aside class="notice" aria-labelledby="notice-title" data-notice>
        <h2 id="notice-title">{t('host.home.notice.title')}</h2>
        <p>{t('host.home.notice.text')}</p>
        <div class="notice-actions">
          <button type="button" class="button" data-overlay-open>
            {t('host.home.notice.open')}
          </button>
          <button type="button" class="link-button" data-notice-dismiss>
            {t('host.home.notice.dismiss')}
          </button>
        </div>
      </aside>
      <dialog class="overlay" aria-labelledby="overlay-title" data-overlay>
        <div class="overlay-head">
          <h2 id="overlay-title">{t('host.home.notice.dialogTitle')}</h2>
          <button type="button" class="button secondary close" data-overlay-close>
            <span aria-hidden="true">✕ </span>
            {t('host.home.notice.close')}
          </button>
        </div>
        <div class="overlay-body" data-overlay-body />
      </dialog>
    </div>
  );
}
