/** @jsxImportSource preact */
// Home (docs/contributors/behaviour.md#screens): hero, services, the company's projects, form and marketplace cards, values,
// contact, floating notice.
import type { Copy, Item } from '../copy/index.ts';
import { pathFor, type Lang } from '../routes.ts';
import { whatsappHref } from '../site.ts';
import { Projects } from './projects.tsx';

function Cards({ items, id }: { items: readonly Item[]; id: string }) {
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

/** The home page's content. */
export function Home({ copy, lang }: { copy: Copy; lang: Lang }) {
  const t = copy.home;
  return (
    <div class="home">
      <div class="home-content">
        <section class="hero">
          <h1>{t.title}</h1>
          <p class="lead">{t.lead}</p>
          <a class="button" href={pathFor({ page: 'form', lang })}>
            {t.cta}
          </a>
        </section>
        <section class="section" aria-labelledby="services">
          <h2 id="services">{t.servicesTitle}</h2>
          <Cards items={t.services} id="services" />
        </section>
        <Projects copy={copy} />
        <section class="section split">
          <article class="card feature">
            <h2>{t.formCard.title}</h2>
            <p>{t.formCard.text}</p>
            <a class="button" href={pathFor({ page: 'form', lang })}>
              {t.formCard.cta}
            </a>
          </article>
          <article class="card feature">
            <h2>{t.marketCard.title}</h2>
            <p>{t.marketCard.text}</p>
            <a class="button secondary" href={pathFor({ page: 'marketplace', lang })}>
              {t.marketCard.cta}
            </a>
          </article>
        </section>
        <section class="section" aria-labelledby="values">
          <h2 id="values">{t.valuesTitle}</h2>
          <Cards items={t.values} id="values" />
        </section>
        <p class="section contact-line">
          <a href={whatsappHref()} rel="noopener" target="_blank">
            {t.contact}
          </a>
        </p>
      </div>
      {/* Wide screens only, with the script (which wires dismiss and the overlay): in a column of its
          own beside the content, sticky, so it never covers a card. */}
      <aside class="notice" aria-labelledby="notice-title" data-notice>
        <h2 id="notice-title">{t.notice.title}</h2>
        <p>{t.notice.text}</p>
        <div class="notice-actions">
          <button type="button" class="button" data-overlay-open>
            {t.notice.open}
          </button>
          <button type="button" class="link-button" data-notice-dismiss>
            {t.notice.dismiss}
          </button>
        </div>
      </aside>
      <dialog class="overlay" aria-labelledby="overlay-title" data-overlay>
        <div class="overlay-head">
          <h2 id="overlay-title">{t.notice.dialogTitle}</h2>
          <button type="button" class="button secondary close" data-overlay-close>
            <span aria-hidden="true">✕ </span>
            {t.notice.close}
          </button>
        </div>
        <div class="overlay-body" data-overlay-body />
      </dialog>
    </div>
  );
}
