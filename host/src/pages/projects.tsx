/** @jsxImportSource preact */
// The company's projects (host/src/projects.ts), captioned in the page's language: on the home
// page and as the values page's gallery. Below the first screen on a phone: each picture comes
// when the visitor scrolls near it.
import type { Copy } from '../copy/index.ts';
import { PROJECTS, projectUrl } from '../projects.ts';

/** The projects section; `id` names its heading. */
export function Projects({ copy, id = 'projects' }: { copy: Copy; id?: string }) {
  const t = copy.projects;
  return (
    <section class="section" aria-labelledby={id}>
      <h2 id={id}>{t.title}</h2>
      <p class="lead">{t.lead}</p>
      <ul class="gallery">
        {PROJECTS.map((project, i) => (
          <li key={project.file}>
            {/* The caption says what the picture shows: no alt text to read twice. The script puts the
                picture in when the visitor comes near (client/pictures.ts); without it, <noscript>'s. */}
            <figure>
              <span class="picture" data-picture={projectUrl(project)} />
              <noscript>
                <img src={projectUrl(project)} alt="" width="1200" height="800" loading="lazy" decoding="async" />
              </noscript>
              <figcaption>{t.items[i]}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
