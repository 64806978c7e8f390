/** @jsxImportSource preact */
// Values (docs/contributors/behaviour.md#screens): why us, the '25+' figure, a testimonial carousel, a gallery of three
// images and the contact popup. Rendered in its first state; the host script animates it.
import type { Copy } from '../copy/index.ts';
import { SITE } from '../site.ts';
import { ContactPopup } from './contact-popup.tsx';
import { Projects } from './projects.tsx';

function Carousel({ copy }: { copy: Copy }) {
  const t = copy.values;
  const total = t.testimonials.length;
  return (
    <section class="section carousel" aria-roledescription="carousel" aria-labelledby="testimonials" data-carousel>
      <h2 id="testimonials">{t.testimonialsTitle}</h2>
      <div class="carousel-controls">
        <button type="button" class="icon-button" data-carousel-prev aria-label={t.carousel.previous}>
          ‹
        </button>
        <button
          type="button"
          class="button secondary"
          data-carousel-pause
          data-label-pause={t.carousel.pause}
          data-label-play={t.carousel.play}
        >
          {t.carousel.pause}
        </button>
        <button type="button" class="icon-button" data-carousel-next aria-label={t.carousel.next}>
          ›
        </button>
      </div>
      <div class="slides" aria-live="off" data-carousel-slides>
        {t.testimonials.map((item, i) => (
          // The slide is a group (APG carousel); a figure may not take that role (ARIA in HTML).
          <div
            key={item.quote}
            class="slide card"
            role="group"
            aria-roledescription="slide"
            aria-label={t.carousel.slide.replace('{n}', String(i + 1)).replace('{total}', String(total))}
            hidden={i !== 0}
          >
            <figure>
              <blockquote>
                <p>“{item.quote}”</p>
              </blockquote>
              <figcaption>
                {item.name}, {item.role}
              </figcaption>
            </figure>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The values page's content. */
export function Values({ copy }: { copy: Copy }) {
  const t = copy.values;
  return (
    <>
      <section class="hero">
        <h1>{t.title}</h1>
        <p class="lead">{t.lead}</p>
        <p class="years">
          <strong>{SITE.years}</strong> <span>{t.yearsLabel}</span>
        </p>
      </section>
      <section class="section" aria-labelledby="why">
        <h2 id="why">{t.whyTitle}</h2>
        <ul class="cards" aria-labelledby="why">
          {t.why.map((item) => (
            <li key={item.title} class="card">
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <Carousel copy={copy} />
      <Projects copy={copy} />
      <ContactPopup copy={copy} />
    </>
  );
}
