/** @jsxImportSource preact */
import type { HostT } from '../texts.ts';

// The bullets' keys in the catalogue, in the order they are shown.
const BULLETS = ['design', 'budgets', 'network'] as const;

/** The vision page (docs/contributors/behaviour.md#screens): a title, a description and three bullets. */
export function Vision({ t }: { t: HostT }) {
  return (
    <section class="hero">
      <h1>{t('host.vision.title')}</h1>
      <p class="lead">{t('host.vision.description')}</p>
      <ul class="bullets">
        {BULLETS.map((key) => (
          <li key={key}>{t(`host.vision.bullets.${key}`)}</li>
        ))}
      </ul>
    </section>
  );
}
