import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';

/** Autoplay period and slide transition (docs/contributors/behaviour.md#constants). */
export const AUTOPLAY_MS = 2500;
export const SPEED_MS = 800;

/**
 * From which width of its own (px) the carousel shows how many slides at once: 3 from 1024 px, 2
 * from 640 px, 1 below. The stylesheet sizes the slides from the same table by container queries,
 * so the page's pre-rendered view, which no script has measured, shows what the widget will.
 */
export const SLIDES_FROM: readonly (readonly [width: number, slides: number])[] = [
  [640, 2],
  [1024, 3],
];

/** Slides shown at once for a carousel `width` px wide (see {@link SLIDES_FROM}). */
export const slidesFor = (width: number): number => SLIDES_FROM.reduce((n, [from, slides]) => (width >= from ? slides : n), 1);

const reducedMotion = (win: Window | null) => !!win?.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Why the carousel is not moving right now, besides the pause button. */
export interface HoldReasons {
  hover: boolean;
  focus: boolean;
  /** Something else covers it (the video overlay). */
  external: boolean;
}

/**
 * An infinite carousel over `count` slides: the track holds the slides plus copies of the first
 * `perView`, so moving past the last slides on into the copies and then snaps back, unanimated,
 * to the same picture at the start. Autoplay stops while held or paused, and starts paused under
 * prefers-reduced-motion (WCAG 2.2.2); it only runs when there are more slides than fit.
 */
export function useCarousel(count: number, root: RefObject<HTMLElement | null>, external: boolean) {
  const [width, setWidth] = useState(0);
  const [index, setIndex] = useState(0);
  const [animate, setAnimate] = useState(false);
  const [paused, setPaused] = useState(() => reducedMotion(typeof window === 'undefined' ? null : window));
  const [hold, setHold] = useState<Omit<HoldReasons, 'external'>>({ hover: false, focus: false });
  const perView = slidesFor(width);
  const moves = count > perView;

  useLayoutEffect(() => {
    const el = root.current;
    if (!el) return;
    setWidth(el.getBoundingClientRect().width);
    const View = el.ownerDocument.defaultView;
    if (!View?.ResizeObserver) return;
    const observer = new View.ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, [root]);

  const go = useCallback(
    (delta: 1 | -1) => {
      setIndex((i) => {
        // Going back from the first slide: jump (unanimated) to its copy at the end first.
        if (delta === -1 && i === 0) {
          setAnimate(false);
          return count - 1;
        }
        setAnimate(true);
        return i + delta;
      });
    },
    [count],
  );

  useEffect(() => {
    if (index < count) return;
    const snap = setTimeout(() => {
      setAnimate(false);
      setIndex((i) => i - count);
    }, SPEED_MS);
    return () => clearTimeout(snap);
  }, [index, count]);

  const playing = moves && !paused && !hold.hover && !hold.focus && !external;
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => go(1), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [playing, go]);

  useEffect(() => {
    if (!moves) setIndex(0);
  }, [moves]);

  return {
    perView,
    /** The slide at the left edge; from `count` on, a copy. */
    index,
    animate,
    moves,
    paused,
    playing,
    next: () => go(1),
    previous: () => go(-1),
    togglePaused: () => setPaused((p) => !p),
    setHold: (reason: keyof Omit<HoldReasons, 'external'>, on: boolean) => setHold((h) => (h[reason] === on ? h : { ...h, [reason]: on })),
  };
}
