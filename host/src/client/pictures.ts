// The projects' pictures (host/src/pages/projects.tsx) come when the visitor scrolls near them.
// They are SVG, which the browser parses and lays out on the main thread as it arrives, and the
// browser's own lazy loading fetched them with the page on the values page (within its ~1,250 px
// of the first screen on a phone): a task of 75–160 ms at Lighthouse's 4× slowdown at the first
// paint, counted as blocking time (docs/contributors/performance.md). Without the script the
// page's <noscript> has the plain lazy <img>.

/** Puts an <img> in place of each `[data-picture]` placeholder once it is within half a screen of the viewport. */
export function showPicturesNearby(doc: Document): void {
  const spots = doc.querySelectorAll<HTMLElement>('[data-picture]');
  if (!spots.length) return;
  const show = (spot: Element) => {
    const img = doc.createElement('img');
    img.src = (spot as HTMLElement).dataset.picture!;
    img.alt = '';
    img.width = 1200;
    img.height = 800;
    img.decoding = 'async';
    spot.replaceWith(img);
  };
  const win = doc.defaultView!;
  // A browser without it (none the site supports) gets the pictures at once rather than never.
  if (!('IntersectionObserver' in win)) return spots.forEach(show);
  const observer = new win.IntersectionObserver(
    (entries) => {
      for (const { isIntersecting, target } of entries) {
        if (!isIntersecting) continue;
        observer.unobserve(target);
        show(target);
      }
    },
    { rootMargin: '50% 0px' },
  );
  for (const spot of spots) observer.observe(spot);
}
