import { useRef, type FocusEvent, type ReactNode } from 'react';
import { SPEED_MS, useCarousel } from './use-carousel.ts';

/** One slide: its key, and what it shows. */
export interface CarouselSlide {
  key: string;
  render: () => ReactNode;
}

export interface CarouselProps {
  slides: readonly CarouselSlide[];
  labels: { region: string; pause: string; play: string; previous: string; next: string; slide: (n: number, count: number) => string };
  /** Holds the autoplay while something else (the video overlay) is in front. */
  held: boolean;
}

/**
 * The video carousel (docs/contributors/behaviour.md#constants): infinite, autoplay every 2500 ms, 800 ms slides, 3/2/1 per
 * view by the widget's width. It pauses on hover, while focus is in its slides, under reduced
 * motion and by its pause button; slides out of view are inert. How many fit, and whether the
 * controls show, is the stylesheet's (container queries on SLIDES_FROM): it holds before any script.
 */
export function Carousel({ slides, labels, held }: CarouselProps) {
  const root = useRef<HTMLDivElement>(null);
  const count = slides.length;
  const c = useCarousel(count, root, held);
  const track = c.moves ? [...slides, ...slides.slice(0, c.perView)] : slides;
  const visible = (i: number) => i >= c.index && i < c.index + c.perView;

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) c.setHold('focus', false);
  };

  return (
    <div
      ref={root}
      className="carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={labels.region}
      data-count={count}
      onMouseEnter={() => c.setHold('hover', true)}
      onMouseLeave={() => c.setHold('hover', false)}
    >
      {/* Rendered whenever there is more than one slide: the stylesheet hides them where all fit. */}
      {count > 1 ? (
        <div className="carousel-controls">
          <button type="button" className="carousel-toggle" onClick={c.togglePaused} aria-label={c.paused ? labels.play : labels.pause}>
            <span aria-hidden="true">{c.paused ? '▶' : '❚❚'}</span>
          </button>
          <button type="button" onClick={c.previous} aria-label={labels.previous}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" onClick={c.next} aria-label={labels.next}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : null}
      <div className="carousel-viewport" aria-live={c.playing ? 'off' : 'polite'} onFocus={() => c.setHold('focus', true)} onBlur={onBlur}>
        <div
          className="carousel-track"
          style={{
            transform: `translateX(${(-100 * c.index) / c.perView}%)`,
            transition: c.animate ? `transform ${SPEED_MS}ms ease` : 'none',
          }}
        >
          {track.map((slide, i) => (
            <div
              key={i < count ? slide.key : `copy-${slide.key}`}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={labels.slide((i % count) + 1, count)}
              aria-hidden={!visible(i) || undefined}
              inert={!visible(i)}
            >
              {slide.render()}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
