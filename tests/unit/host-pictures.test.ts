// The projects' pictures are put in by the site script when the visitor comes near them (host/src/client/pictures.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showPicturesNearby } from '../../host/src/client/pictures.ts';

/** An IntersectionObserver the test drives: `show(element)` reports it as intersecting. */
function fakeObserver() {
  const observed = new Set<Element>();
  let report: IntersectionObserverCallback = () => undefined;
  let margin = '';
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        report = callback;
        margin = options?.rootMargin ?? '';
      }
      observe = (target: Element) => void observed.add(target);
      unobserve = (target: Element) => void observed.delete(target);
      disconnect = () => observed.clear();
    },
  );
  return {
    observed,
    margin: () => margin,
    show: (target: Element, isIntersecting = true) =>
      report([{ target, isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.replaceChildren();
});

describe('showPicturesNearby', () => {
  it('puts each picture in when it comes within half a screen, once, and leaves the others waiting', () => {
    const io = fakeObserver();
    document.body.innerHTML =
      '<figure><span class="picture" data-picture="/img/a.svg"></span></figure><figure><span class="picture" data-picture="/img/b.svg"></span></figure>';
    showPicturesNearby(document);
    const [a, b] = [...document.querySelectorAll('[data-picture]')];
    expect(io.observed).toEqual(new Set([a, b]));
    expect(io.margin()).toBe('50% 0px');
    expect(document.querySelector('img')).toBeNull();
    io.show(a!, false);
    expect(document.querySelector('img')).toBeNull();
    io.show(a!);
    const img = document.querySelector('img')!;
    expect([img.getAttribute('src'), img.alt, img.width, img.height, img.decoding]).toEqual(['/img/a.svg', '', 1200, 800, 'async']);
    expect(img.parentElement).toBe(document.querySelectorAll('figure')[0]);
    expect(io.observed).toEqual(new Set([b]));
    expect(document.querySelectorAll('[data-picture]')).toHaveLength(1);
  });

  it('puts every picture in at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    Reflect.deleteProperty(window, 'IntersectionObserver');
    document.body.innerHTML =
      '<figure><span data-picture="/img/a.svg"></span></figure><figure><span data-picture="/img/b.svg"></span></figure>';
    showPicturesNearby(document);
    expect([...document.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/img/a.svg', '/img/b.svg']);
    expect(document.querySelector('[data-picture]')).toBeNull();
  });

  it('observes nothing on a page without pictures', () => {
    const io = fakeObserver();
    document.body.innerHTML = '<p>No gallery here.</p>';
    showPicturesNearby(document);
    expect(io.observed.size).toBe(0);
  });
});
