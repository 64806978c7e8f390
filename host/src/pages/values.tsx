/** @jsxImportSource preact */
// Values (docs/contributors/behaviour.md#screens): why us, the '25+' figure, a testimonial carousel, a gallery of three
// images and the contact popup. Rendered in its first state; the host script animates it.
import { SITE } from '../site.ts';
import type { HostT } from '../texts.ts';
import { ContactPopup } from './contact-popup.tsx';
import { Cards } from './home.tsx';
import { Projects } from './projects.tsx';

// The reasons' and testimonials' keys in the catalogue, in the order they are shown.
const WHY = ['experience', 'technology', 'support'] as const;
const TESTIMONIALS = ['warehouse', 'house', 'supplier'] as const;

function Carousel({ t }: { t: HostT }) {
  const total = TESTIMONIALS.length;
  return (
    <section class="section carousel" aria-roledescription="carousel" aria-labelledby="testimonials" data-carousel>
      <h2 id="testimonials">{t('host.values.testimonialsTitle')}</h2>
      <div class="carousel-controls">
        <button type="button" class="icon-button" data-carousel-prev aria-label={t('host.values.carousel.previous')}>
          ‹
        </button>
        <button
          type="button"
          class="button secondary"
          data-carousel-pause
          data-label-pause={t('host.values.carousel.pause')}
          data-label-play={t('host.values.carousel.play')}
        >
          {t('host.values.carousel.pause')}
        </button>
        <button type="button" class="icon-button" data-carousel-next aria-label={t('host.values.carousel.next')}>
          ›
        </button>
      </div>
      <div class="slides" aria-live="off" data-carousel-slides>
        {TESTIMONIALS.map((key, i) => (
          // The slide is a group (APG carousel); a figure may not take that role (ARIA in HTML).
          <div
            key={key}
            class="slide card"
            role="group"
            aria-roledescription="slide"
            aria-label={t('host.values.carousel.slide', { n: i + 1, total })}
            hidden={i !== 0}
          >
            <figure>
              <blockquote>
                <p>“{t(`host.values.testimonials.${key}.quote`)}”</p>
              </blockquote>
              <figcaption>
                {t(`host.values.testimonials.${key}.name`)}, {t(`host.values.testimonials.${key}.role`)}
              </figcaption>
            </figure>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The values page's content. */
export function Values({ t }: { t: HostT }) {
  return (
    <>
      <section class="hero">
        <h1>{t('host.values.title')}</h1>
        <p class="lead">{t('host.values.lead')}</p>
        <p class="years">
          <strong>{SITE.years}</strong> <span>{t('host.values.yearsLabel')}</span>
        </p>
      </section>
      <section class="section" aria-labelledby="why">
        <h2 id="why">{t('host.values.whyTitle')}</h2>
        <Cards items={WHY.map((key) => ({ title: t(`host.values.why.${key}.title`), text: t(`host.values.why.${key}.text`) }))} id="why" />
      </section>
      <Carousel t={t} />
      <Projects t={t} />
      <ContactPopup t={t} />
    </>
  );
}
