/** @jsxImportSource preact */
import { pathFor, type Lang } from '../routes.ts';
import type { HostT } from '../texts.ts';

/** The 404 page (docs/contributors/behaviour.md#not-found): in the page's language only, with a way home. */
export function NotFound({ t, lang }: { t: HostT; lang: Lang }) {
  return (
    <section class="hero">
      <h1>{t('host.notFound.title')}</h1>
      <p class="lead">{t('host.notFound.text')}</p>
      <a class="button" href={pathFor({ page: 'home', lang })}>
        {t('host.notFound.home')}
      </a>
    </section>
  );
}

/** An unknown software slug (docs/contributors/behaviour.md#errors): the catalogue's message and a way back to the catalogue. */
export function ProductNotFound({ t, lang }: { t: HostT; lang: Lang }) {
  return (
    <section class="hero">
      <h1>{t('host.notFound.product')}</h1>
      <p class="lead">{t('host.notFound.productText')}</p>
      <a class="button" href={pathFor({ page: 'marketplace', lang })}>
        {t('host.notFound.catalogue')}
      </a>
    </section>
  );
}
