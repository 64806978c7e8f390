/** @jsxImportSource preact */
import { COPY, type Copy } from '../copy/index.ts';
import { pathFor, type Lang } from '../routes.ts';

/** The bilingual 404 page's content: both languages, each in its own `lang`. */
export function NotFound() {
  return (
    <section class="hero">
      <h1>
        {COPY.es.notFound.title} · <span lang="en">{COPY.en.notFound.title}</span>
      </h1>
      <p class="lead">{COPY.es.notFound.text}</p>
      <p class="lead" lang="en">
        {COPY.en.notFound.text}
      </p>
      <p class="actions">
        <a class="button" href="/es">
          {COPY.es.notFound.home}
        </a>{' '}
        <a class="button secondary" href="/en" lang="en">
          {COPY.en.notFound.home}
        </a>
      </p>
    </section>
  );
}

/** An unknown software slug (SPEC.md §8): the catalogue's message and a way back to the catalogue. */
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
