// The purchase success page (SPEC.md §4, §9): the bar advances 2% every 50 ms and the toast
// closes after 2.5 s. Under reduced motion the bar is shown full at once and does not move.

export const PROGRESS_STEP = 2;
export const PROGRESS_TICK_MS = 50;
export const TOAST_MS = 2500;

/** Starts the toast inside `root`; returns a function that stops its timers. */
export function startSuccess(root: ParentNode, options: { reducedMotion?: boolean } = {}): () => void {
  const toast = root.querySelector<HTMLElement>('[data-toast]');
  const bar = root.querySelector<HTMLElement>('[data-progress]');
  if (!toast || !bar) return () => undefined;
  const fill = bar.firstElementChild as HTMLElement | null;
  let value = 0;
  const set = (next: number) => {
    value = Math.min(100, next);
    bar.setAttribute('aria-valuenow', String(value));
    // A transform, not a width: it moves no layout (no shift) and needs no repaint of the page.
    fill?.style.setProperty('transform', `scaleX(${value / 100})`);
  };
  let tick: ReturnType<typeof setInterval> | undefined;
  if (options.reducedMotion) set(100);
  else {
    tick = setInterval(() => {
      set(value + PROGRESS_STEP);
      if (value >= 100) clearInterval(tick);
    }, PROGRESS_TICK_MS);
  }
  const close = setTimeout(() => {
    // Both timers are due at 2500 ms; whichever runs first, the bar ends full.
    clearInterval(tick);
    set(100);
    toast.hidden = true;
  }, TOAST_MS);
  return () => {
    clearInterval(tick);
    clearTimeout(close);
  };
}
