// The video carousel's timing and pause rules (docs/contributors/behaviour.md#constants, WCAG 2.2.2), with fake timers.
import { act, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOPLAY_MS, Carousel, SPEED_MS, slidesFor, softwareDetailStyles, type CarouselProps } from '@obra/marketplace';

const labels: CarouselProps['labels'] = {
  region: 'Tutorials',
  pause: 'Pause',
  play: 'Play',
  previous: 'Previous',
  next: 'Next',
  slide: (n, count) => `${n} of ${count}`,
};
const slides = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ key: `v${i + 1}`, render: () => <button type="button">{`Video ${i + 1}`}</button> }));

function carousel(count = 5, held = false) {
  const view = render(<Carousel slides={slides(count)} labels={labels} held={held} />);
  const region = view.getByRole('region', { name: 'Tutorials' });
  const track = region.querySelector<HTMLElement>('.carousel-track')!;
  return {
    ...view,
    region,
    /** Slides in view: not inert, not hidden. */
    visible: () =>
      [...region.querySelectorAll<HTMLElement>('.carousel-slide')]
        .filter((s) => !s.inert && !s.hasAttribute('aria-hidden'))
        .map((s) => s.textContent),
    transform: () => track.style.transform,
    transition: () => track.style.transition,
    tick: (ms: number) => act(async () => void vi.advanceTimersByTime(ms)),
  };
}

let resize: ((entries: { contentRect: { width: number } }[]) => void) | undefined;
class FakeResizeObserver {
  constructor(callback: typeof resize) {
    resize = callback;
  }
  observe() {}
  disconnect() {}
}
const setWidth = (width: number) => act(async () => resize?.([{ contentRect: { width } }]));

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(window, 'ResizeObserver', { value: FakeResizeObserver, configurable: true, writable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resize = undefined;
});

describe('video carousel', () => {
  it('shows 3 slides from 1024 px of its own width, 2 from 640 px, 1 below', async () => {
    expect([slidesFor(1280), slidesFor(1024), slidesFor(1023), slidesFor(640), slidesFor(639), slidesFor(0)]).toEqual([3, 3, 2, 2, 1, 1]);
    const c = carousel();
    await setWidth(1100);
    expect(c.visible()).toEqual(['Video 1', 'Video 2', 'Video 3']);
    // The stylesheet sizes the slides from the count and its own width (container queries), not from a script.
    expect([c.region.dataset.count, c.region.getAttribute('style')]).toEqual(['5', null]);
    await setWidth(800);
    expect(c.visible()).toEqual(['Video 1', 'Video 2']);
    await setWidth(390);
    expect(c.visible()).toEqual(['Video 1']);
  });

  it('advances every 2500 ms with an 800 ms transition, and wraps around for ever', async () => {
    const c = carousel(3);
    expect(c.visible()).toEqual(['Video 1']);
    await c.tick(AUTOPLAY_MS - 1);
    expect(c.visible()).toEqual(['Video 1']);
    await c.tick(1);
    expect(c.visible()).toEqual(['Video 2']);
    expect([c.transform(), c.transition()]).toEqual(['translateX(-100%)', `transform ${SPEED_MS}ms ease`]);
    await c.tick(AUTOPLAY_MS * 2);
    // Past the last slide: the copy of the first, then an unanimated jump back to the real one.
    expect([c.visible(), c.transform()]).toEqual([['Video 1'], 'translateX(-300%)']);
    await c.tick(SPEED_MS);
    expect([c.visible(), c.transform(), c.transition()]).toEqual([['Video 1'], 'translateX(0%)', 'none']);
    await c.tick(AUTOPLAY_MS - SPEED_MS);
    expect(c.visible()).toEqual(['Video 2']);
  });

  it('moves by its previous and next buttons, wrapping both ways', async () => {
    const c = carousel(4);
    fireEvent.click(c.getByRole('button', { name: 'Previous' }));
    expect(c.visible()).toEqual(['Video 4']);
    fireEvent.click(c.getByRole('button', { name: 'Next' }));
    await c.tick(SPEED_MS);
    expect(c.visible()).toEqual(['Video 1']);
    fireEvent.click(c.getByRole('button', { name: 'Next' }));
    expect(c.visible()).toEqual(['Video 2']);
  });

  it('pauses while hovered', async () => {
    const c = carousel();
    fireEvent.mouseEnter(c.region);
    await c.tick(AUTOPLAY_MS * 3);
    expect(c.visible()).toEqual(['Video 1']);
    fireEvent.mouseLeave(c.region);
    await c.tick(AUTOPLAY_MS);
    expect(c.visible()).toEqual(['Video 2']);
  });

  it('pauses while focus is on a slide, and says changes politely while paused', async () => {
    const c = carousel();
    const viewport = c.region.querySelector('.carousel-viewport')!;
    expect(viewport.getAttribute('aria-live')).toBe('off');
    act(() => c.getByRole('button', { name: 'Video 1' }).focus());
    await c.tick(AUTOPLAY_MS * 3);
    expect(c.visible()).toEqual(['Video 1']);
    expect(viewport.getAttribute('aria-live')).toBe('polite');
    act(() => c.getByRole('button', { name: 'Video 1' }).blur());
    await c.tick(AUTOPLAY_MS);
    expect(c.visible()).toEqual(['Video 2']);
  });

  it('stops and resumes by its pause/play button (WCAG 2.2.2)', async () => {
    const c = carousel();
    fireEvent.click(c.getByRole('button', { name: 'Pause' }));
    await c.tick(AUTOPLAY_MS * 3);
    expect(c.visible()).toEqual(['Video 1']);
    fireEvent.click(c.getByRole('button', { name: 'Play' }));
    await c.tick(AUTOPLAY_MS);
    expect(c.visible()).toEqual(['Video 2']);
  });

  it('starts paused under prefers-reduced-motion, until the visitor presses play', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)', media: query }));
    const c = carousel();
    expect(c.getByRole('button', { name: 'Play' })).toBeTruthy();
    await c.tick(AUTOPLAY_MS * 3);
    expect(c.visible()).toEqual(['Video 1']);
    fireEvent.click(c.getByRole('button', { name: 'Play' }));
    await c.tick(AUTOPLAY_MS);
    expect(c.visible()).toEqual(['Video 2']);
  });

  it('holds while the video overlay is open', async () => {
    const c = carousel(5, true);
    await c.tick(AUTOPLAY_MS * 3);
    expect(c.visible()).toEqual(['Video 1']);
    c.rerender(<Carousel slides={slides(5)} labels={labels} held={false} />);
    await c.tick(AUTOPLAY_MS);
    expect(c.visible()).toEqual(['Video 2']);
  });

  it('does not move when every slide fits, and the stylesheet hides its controls there', async () => {
    const c = carousel(2);
    await setWidth(1100);
    // Container queries (which happy-dom does not apply): 2 slides fit from 640 px, 3 from 1024 px.
    expect(c.region.dataset.count).toBe('2');
    expect(softwareDetailStyles).toContain(
      '@container carousel (min-width:640px){.carousel-viewport{--per-view:2}.carousel:is([data-count="2"]) .carousel-controls{display:none}}',
    );
    expect(softwareDetailStyles).toContain('.carousel:is([data-count="2"],[data-count="3"]) .carousel-controls{display:none}');
    await c.tick(AUTOPLAY_MS * 3);
    expect(c.visible()).toEqual(['Video 1', 'Video 2']);
  });

  it('leaves no timer behind when unmounted', async () => {
    const c = carousel();
    expect(vi.getTimerCount()).toBe(1);
    c.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
