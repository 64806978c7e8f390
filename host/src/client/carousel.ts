// The values page's testimonial carousel (docs/contributors/behaviour.md#states): advances every 5000 ms and wraps, with
// previous and next buttons. WCAG 2.2.2: it pauses while hovered or focused, with its pause
// button, and starts paused under prefers-reduced-motion.

/** The auto-advance interval of docs/contributors/behaviour.md#constants. */
export const CAROUSEL_INTERVAL_MS = 5000;

export interface CarouselOptions {
  intervalMs?: number;
  /** The visitor asked for reduced motion: start paused. */
  reducedMotion?: boolean;
}

export interface CarouselControl {
  /** The visible slide's index. */
  readonly index: number;
  /** Whether it advances by itself now. */
  readonly running: boolean;
  /** Stops the timer and removes listeners. */
  destroy(): void;
}

/** Starts the carousel rendered inside `root` (`[data-carousel]`). */
export function startCarousel(root: HTMLElement, options: CarouselOptions = {}): CarouselControl {
  const intervalMs = options.intervalMs ?? CAROUSEL_INTERVAL_MS;
  const slides = [...root.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
  const live = root.querySelector<HTMLElement>('[data-carousel-slides]');
  const pause = root.querySelector<HTMLButtonElement>('[data-carousel-pause]');
  let index = Math.max(
    0,
    slides.findIndex((slide) => !slide.hidden),
  );
  let paused = !!options.reducedMotion;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const running = () => !paused && !hovered && !focused && slides.length > 1;

  function schedule() {
    clearTimeout(timer);
    timer = running() ? setTimeout(() => show(index + 1), intervalMs) : undefined;
    // Announce changes only when the visitor makes them, not every 5 s.
    live?.setAttribute('aria-live', running() ? 'off' : 'polite');
    if (pause) {
      pause.textContent = (paused ? pause.dataset.labelPlay : pause.dataset.labelPause) ?? '';
      pause.setAttribute('aria-pressed', String(paused));
    }
  }
  function show(next: number) {
    index = (next + slides.length) % slides.length;
    slides.forEach((slide, i) => (slide.hidden = i !== index));
    schedule();
  }
  const on = <K extends keyof HTMLElementEventMap>(type: K, listener: (event: HTMLElementEventMap[K]) => void) =>
    root.addEventListener(type, listener);
  root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => show(index - 1));
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => show(index + 1));
  pause?.addEventListener('click', () => {
    paused = !paused;
    schedule();
  });
  on('mouseenter', () => ((hovered = true), schedule()));
  on('mouseleave', () => ((hovered = false), schedule()));
  on('focusin', () => ((focused = true), schedule()));
  on('focusout', (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    schedule();
  });
  schedule();
  return {
    get index() {
      return index;
    },
    get running() {
      return running();
    },
    destroy: () => clearTimeout(timer),
  };
}
