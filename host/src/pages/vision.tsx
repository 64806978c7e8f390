/** @jsxImportSource preact */
import type { Copy } from '../copy/index.ts';

/** The vision page (docs/contributors/behaviour.md#screens): a title, a description and three bullets. */
export function Vision({ copy }: { copy: Copy }) {
  return (
    <section class="hero">
      <h1>{copy.vision.title}</h1>
      <p class="lead">{copy.vision.description}</p>
      <ul class="bullets">
        {copy.vision.bullets.map((b) => (
          <li key={b}>{b}</li>
        ))}
      </ul>
    </section>
  );
}
