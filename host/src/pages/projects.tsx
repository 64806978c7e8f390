/** @jsxImportSource preact */
// The company's projects (host/src/projects.ts), captioned in the page's language: on the home
// page and as the values page's gallery. Below the first screen on a phone: each picture comes
// when the visitor scrolls near it.
import type { HostT } from '../texts.ts';
import { PROJECTS, projectUrl } from '../projects.ts';

/** The projects section; `id` names its heading. */
export function Projects({ t, id = 'projects' }: { t: HostT; id?: string }) {
  return (
    <section class="section" aria-labelledby={id}>
      <h2 id={id}>{t('host.projects.title')}</h2>
      <p class="lead">{t('host.projects.lead')}</p>
      <ul class="gallery">
        {PROJECTS.map((project) => (
          <li key={project.file}>
            {/* The caption says what the picture shows: no alt text to read twice. The script puts the
                picture in when the visitor comes near (client/pictures.ts); without it, <noscript>'s. */}
            <figure>
              <span class="picture" data-picture={projectUrl(project)} />
              <noscript>
                <img src={projectUrl(project)} alt="" width="1200" height="800" loading="lazy" decoding="async" />
              </noscript>
              <figcaption>{t(`host.projects.items.${project.caption}`)}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
