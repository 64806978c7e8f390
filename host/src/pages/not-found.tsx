/** @jsxImportSource preact */
import { pathFor, type Lang } from '../routes.ts';
import { textsIn, type HostT } from '../texts.ts';

/**
 * The 404 page's content in both languages, each in its own `lang`: the page's language first
 * (es for the bilingual page of a path that names no language).
 */
export function NotFound({ lang = 'es' }: { lang?: Lang }) {
  const other: Lang = lang === 'es' ? 'en' : 'es';
  const [first, second] = [textsIn(lang), textsIn(other)];
  return (
    <section class="hero">
      <h1>
        {first('host.notFound.title')} · <span lang={other}>{second('host.notFound.title')}</span>
      </h1>
      <p class="lead">{first('host.notFound.text')}</p>
      <p class="lead" lang={other}>
        {second('host.notFound.text')}
      </p>
      <p class="actions">
        <a class="button" href={`/${lang}`}>
          {first('host.notFound.home')}
        </a>{' '}
        <a class="button secondary" href={`/${other}`} lang={other}>
          {second('host.notFound.home')}
        </a>
      </p>
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
