/** @jsxImportSource preact */
import { COPY } from '../copy/index.ts';

/** The bilingual 404 page's content: both languages, each in its own `lang`. */
export function NotFound() {
  return (
    <section class="hero">
      <h1>{COPY.es.notFound.title} · <span lang="en">{COPY.en.notFound.title}</span></h1>
      <p class="lead">{COPY.es.notFound.text}</p>
      <p class="lead" lang="en">{COPY.en.notFound.text}</p>
      <p class="actions">
        <a class="button" href="/es">{COPY.es.notFound.home}</a>{' '}
        <a class="button secondary" href="/en" lang="en">{COPY.en.notFound.home}</a>
      </p>
    </section>
  );
}
