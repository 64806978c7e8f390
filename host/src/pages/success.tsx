/** @jsxImportSource preact */
import type { Copy } from '../copy/index.ts';
import { pathFor, type Lang } from '../routes.ts';

/** Purchase success (SPEC.md §2, §4): a toast with a progress bar and a button back home. */
export function Success({ copy, lang }: { copy: Copy; lang: Lang }) {
  const t = copy.success;
  return (
    <section class="hero success">
      <div class="toast" role="status" data-toast>
        <p class="toast-title">{t.title}</p>
        <p>{t.text}</p>
        <div class="progress" role="progressbar" aria-label={t.progress} aria-valuemin={0} aria-valuemax={100} aria-valuenow={0} data-progress>
          <span class="progress-fill" />
        </div>
      </div>
      <h1>{t.heading}</h1>
      <p class="lead">{t.lead}</p>
      <a class="button" href={pathFor({ page: 'home', lang })}>{t.home}</a>
    </section>
  );
}
