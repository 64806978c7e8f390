/** @jsxImportSource preact */
import { COPY, type Copy } from '../copy/index.ts';
import { pathFor, type Lang } from '../routes.ts';

/**
 * The 404 page's content in both languages, each in its own `lang`: the page's language first
 * (es for the bilingual page of a path that names no language).
 */
export function NotFound({ lang = 'es' }: { lang?: Lang }) {
  const other: Lang = lang === 'es' ? 'en' : 'es';
  const [first, second] = [COPY[lang].notFound, COPY[other].notFound];
  return (
    <section class="hero">
      <h1>
        {first.title} · <span lang={other}>{second.title}</span>
      </h1>
      <p class="lead">{first.text}</p>
      <p class="lead" lang={other}>
        {second.text}
      </p>
      <p class="actions">
        <a class="button" href={`/${lang}`}>
          {first.home}
        </a>{' '}
        <a class="button secondary" href={`/${other}`} lang={other}>
          {second.home}
        </a>
      </p>
    </section>
  );
}

/** An unknown software slug (docs/contributors/behaviour.md#errors): the catalogue's message and a way back to the catalogue. */
export function ProductNotFound({ copy, lang }: { copy: Copy; lang: Lang }) {
  return (
    <section class="hero">
      <h1>{copy.notFound.product}</h1>
      <p class="lead">{copy.notFound.productText}</p>
      <a class="button" href={pathFor({ page: 'marketplace', lang })}>
        {copy.notFound.catalogue}
      </a>
    </section>
  );
}
