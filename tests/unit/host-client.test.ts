// The host script's parts (host/src/client) on the pre-rendered markup, with fake timers.
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAROUSEL_INTERVAL_MS, startCarousel } from '../../host/src/client/carousel.ts';
import { enhanceMenu } from '../../host/src/client/menu.ts';
import { enhanceOverlay } from '../../host/src/client/overlay.ts';
import { preloadWhenIdle } from '../../host/src/client/preload.ts';
import { startSuccess } from '../../host/src/client/success.ts';
import { renderRoute } from '../../host/src/render.tsx';
import { INLINE_SCRIPT } from '../../host/src/security.ts';
import type { Route } from '../../host/src/routes.ts';

const ASSETS = { css: 'body{}', script: '/a.js', loader: '/esm/loader.js' };
/** Puts a page's pre-rendered body into the test document. */
function mountPage(route: Route) {
  const html = renderRoute(route, ASSETS);
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
}
const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const visibleSlide = () => [...document.querySelectorAll<HTMLElement>('[aria-roledescription=slide]')].findIndex((s) => !s.hidden);

let cleanups: (() => void)[] = [];
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanups.forEach((fn) => fn());
  cleanups = [];
  vi.useRealTimers();
});

describe('mobile menu', () => {
  it('opens with its button and closes on a link click, an outside click and Esc', () => {
    mountPage({ page: 'values', lang: 'es' });
    cleanups.push(enhanceMenu(document));
    const button = $('[data-menu-button]');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    $('[data-menu] a').click();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.click();
    $('main h1').click();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.click();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});

describe('home overlay', () => {
  it('opens the design form in a modal dialog, locks the scroll without a jump and restores it', () => {
    mountPage({ page: 'home', lang: 'en' });
    const load = vi.fn();
    enhanceOverlay(document, load);
    // A 15 px scrollbar: the window is wider than the root's client box.
    vi.spyOn(document.documentElement, 'clientWidth', 'get').mockReturnValue(window.innerWidth - 15);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(640);
    const open = $<HTMLButtonElement>('[data-overlay-open]');
    open.focus();
    open.click();
    const dialog = $<HTMLDialogElement>('[data-overlay]');
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector('obra-design-form')).not.toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.body.style.paddingRight).toBe('15px');
    expect(document.documentElement.style.getPropertyValue('--scrollbar-width')).toBe('15px');

    $('[data-overlay-close]').click();
    expect(dialog.open).toBe(false);
    expect(document.body.style.overflow).toBe('');
    expect(document.body.style.paddingRight).toBe('');
    expect(scrollTo).toHaveBeenCalledWith(0, 640);
    expect(document.activeElement).toBe(open);

    open.click();
    expect(dialog.querySelectorAll('obra-design-form')).toHaveLength(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('dismisses the notice for the rest of the visit, in both languages', () => {
    sessionStorage.clear();
    mountPage({ page: 'home', lang: 'es' });
    enhanceOverlay(document, () => undefined);
    expect($('[data-notice]').hidden).toBe(false);
    $('[data-notice-dismiss]').click();
    expect($('[data-notice]').hidden).toBe(true);
    // The content takes the notice's column (site.css), as the next pages' inline script says before their first paint.
    expect(document.documentElement.classList.contains('notice-dismissed')).toBe(true);
    // The next home page of the same visit (here the English one) starts without it.
    mountPage({ page: 'home', lang: 'en' });
    expect($('[data-notice]').hidden).toBe(false);
    enhanceOverlay(document, () => undefined);
    expect($('[data-notice]').hidden).toBe(true);
    document.documentElement.classList.remove('notice-dismissed');
    // The home's <html> says it has the notice; the inline script reads the visit's choice only there.
    expect(renderRoute({ page: 'home', lang: 'en' }, ASSETS)).toMatch(/<html lang="en" data-home-notice(="")?>/);
    document.documentElement.setAttribute('data-home-notice', '');
    runInNewContext(INLINE_SCRIPT, { document, sessionStorage });
    expect(document.documentElement.classList.contains('notice-dismissed')).toBe(true);
    sessionStorage.clear();
    document.documentElement.classList.remove('notice-dismissed');
    runInNewContext(INLINE_SCRIPT, { document, sessionStorage });
    expect([...document.documentElement.classList]).toEqual(['js']);
    document.documentElement.removeAttribute('data-home-notice');
  });

  it('leaves sessionStorage alone on pages without the notice (its first read delays the first paint)', () => {
    expect(renderRoute({ page: 'waitList', lang: 'es' }, ASSETS)).toContain('<html lang="es">');
    const getItem = vi.fn(() => '1');
    document.documentElement.className = '';
    runInNewContext(INLINE_SCRIPT, { document, sessionStorage: { getItem } });
    expect(getItem).not.toHaveBeenCalled();
    expect([...document.documentElement.classList]).toEqual(['js']);
  });
});

describe('testimonial carousel', () => {
  it('advances every 5000 ms and wraps around', () => {
    mountPage({ page: 'values', lang: 'es' });
    const carousel = startCarousel($('[data-carousel]'));
    cleanups.push(carousel.destroy);
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
    expect(visibleSlide()).toBe(0);
    vi.advanceTimersByTime(4999);
    expect(visibleSlide()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(visibleSlide()).toBe(1);
    vi.advanceTimersByTime(5000);
    expect(visibleSlide()).toBe(2);
    vi.advanceTimersByTime(5000);
    expect(visibleSlide()).toBe(0);
  });

  it('goes back and forth with its buttons, wrapping, and restarts the 5 s wait', () => {
    mountPage({ page: 'values', lang: 'en' });
    cleanups.push(startCarousel($('[data-carousel]')).destroy);
    $('[data-carousel-prev]').click();
    expect(visibleSlide()).toBe(2);
    vi.advanceTimersByTime(3000);
    $('[data-carousel-next]').click();
    expect(visibleSlide()).toBe(0);
    vi.advanceTimersByTime(4999);
    expect(visibleSlide()).toBe(0);
  });

  it('pauses on hover, on focus and with its pause button, and announces slides only then', () => {
    mountPage({ page: 'values', lang: 'es' });
    const root = $('[data-carousel]');
    const carousel = startCarousel(root);
    cleanups.push(carousel.destroy);
    const live = $('[data-carousel-slides]');
    expect(live.getAttribute('aria-live')).toBe('off');
    root.dispatchEvent(new MouseEvent('mouseenter'));
    vi.advanceTimersByTime(20_000);
    expect(visibleSlide()).toBe(0);
    expect(live.getAttribute('aria-live')).toBe('polite');
    root.dispatchEvent(new MouseEvent('mouseleave'));
    vi.advanceTimersByTime(5000);
    expect(visibleSlide()).toBe(1);

    $('[data-carousel-next]').focus();
    vi.advanceTimersByTime(20_000);
    expect(visibleSlide()).toBe(1);
    $<HTMLButtonElement>('[data-carousel-next]').blur();
    vi.advanceTimersByTime(5000);
    expect(visibleSlide()).toBe(2);

    const pause = $('[data-carousel-pause]');
    pause.click();
    pause.blur();
    expect(pause.textContent).toBe('Reanudar');
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    vi.advanceTimersByTime(20_000);
    expect(visibleSlide()).toBe(2);
    pause.click();
    pause.blur();
    expect(pause.textContent).toBe('Pausar');
    vi.advanceTimersByTime(5000);
    expect(visibleSlide()).toBe(0);
  });

  it('starts paused under prefers-reduced-motion', () => {
    mountPage({ page: 'values', lang: 'en' });
    const carousel = startCarousel($('[data-carousel]'), { reducedMotion: true });
    cleanups.push(carousel.destroy);
    expect(carousel.running).toBe(false);
    expect($('[data-carousel-pause]').textContent).toBe('Play');
    vi.advanceTimersByTime(20_000);
    expect(visibleSlide()).toBe(0);
  });
});

describe('purchase success', () => {
  it('advances the bar 2% every 50 ms and closes the toast after 2.5 s', () => {
    mountPage({ page: 'success', lang: 'es' });
    cleanups.push(startSuccess(document));
    const bar = $('[data-progress]');
    const value = () => Number(bar.getAttribute('aria-valuenow'));
    expect(value()).toBe(0);
    vi.advanceTimersByTime(50);
    expect(value()).toBe(2);
    vi.advanceTimersByTime(1200);
    expect(value()).toBe(50);
    expect($('[data-toast]').hidden).toBe(false);
    vi.advanceTimersByTime(1249);
    expect(value()).toBe(98);
    expect($('[data-toast]').hidden).toBe(false);
    vi.advanceTimersByTime(1);
    expect(value()).toBe(100);
    expect($('[data-toast]').hidden).toBe(true);
    expect($<HTMLAnchorElement>('main a.button').getAttribute('href')).toBe('/es');
  });

  it('shows the bar full at once under reduced motion and still closes at 2.5 s', () => {
    mountPage({ page: 'success', lang: 'en' });
    cleanups.push(startSuccess(document, { reducedMotion: true }));
    expect($('[data-progress]').getAttribute('aria-valuenow')).toBe('100');
    vi.advanceTimersByTime(2499);
    expect($('[data-toast]').hidden).toBe(false);
    vi.advanceTimersByTime(1);
    expect($('[data-toast]').hidden).toBe(true);
  });
});

describe('widget module preload', () => {
  afterEach(() => {
    document.head.replaceChildren();
  });

  it('adds a prefetch link for each module the page names, once loaded, one each idle moment, and nothing where none is named', async () => {
    preloadWhenIdle(document);
    expect(document.querySelector('link')).toBeNull();
    document.head.innerHTML = '<meta name="obra-preload" content="/esm/obra-wait-list.js /esm/chunks/runtime-X.js">';
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    preloadWhenIdle(document);
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle.shift()!();
    expect(document.querySelectorAll('link')).toHaveLength(1);
    expect(idle).toHaveLength(1);
    idle.shift()!();
    expect(document.querySelectorAll('link')).toHaveLength(2);
    expect(idle).toHaveLength(0);
    vi.unstubAllGlobals();
    expect([...document.querySelectorAll('link')].map((link) => [link.rel, link.getAttribute('href')])).toEqual([
      ['prefetch', '/esm/obra-wait-list.js'],
      ['prefetch', '/esm/chunks/runtime-X.js'],
    ]);
  });
});
