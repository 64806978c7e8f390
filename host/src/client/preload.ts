// A widget page's modules are fetched into the HTTP cache once the page has loaded, painted a
// frame, and the browser is idle: the pre-rendered view paints without them, and fetching them
// earlier competes with the first paint (Lighthouse's LCP on a slow network). `load` alone is not
// enough: on a busy machine the first frame can come after it, and a fetch started before that
// frame counts against LCP (measured: 1.27 s against 0.98 s in the runs where it came after).
// `prefetch`, not `modulepreload`: a preloaded module is also compiled, a main-thread task the
// visitor did not ask for (measured: worst TBT 47–65 ms against ≤ 29 ms). Cached ahead, they make
// the take-over on the first interaction quick; the loader imports them itself if the visitor is quicker.

/** Adds a `prefetch` link for each module the page's `<meta name="obra-preload">` names, after `load` and a painted frame, one each idle moment. */
export function preloadWhenIdle(doc: Document): void {
  const queue = doc.querySelector<HTMLMetaElement>('meta[name="obra-preload"]')?.content.split(' ').filter(Boolean) ?? [];
  if (!queue.length) return;
  const win = doc.defaultView!;
  // One link an idle moment: each starts its fetch, and seven in one task made a long one (75 ms
  // at Lighthouse's 4× slowdown, counted as blocking time).
  const add = () => {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    // The credentials mode of a module script's own request, so the import finds the cached copy.
    link.crossOrigin = 'anonymous';
    link.href = queue.shift()!;
    doc.head.append(link);
    if (queue.length) idle();
  };
  const idle = () => (win.requestIdleCallback ? win.requestIdleCallback(add, { timeout: 2000 }) : win.setTimeout(add, 0));
  // The second frame's callback runs once the first has been painted.
  const afterPaint = () => win.requestAnimationFrame(() => win.requestAnimationFrame(idle));
  if (doc.readyState === 'complete') afterPaint();
  else win.addEventListener('load', afterPaint, { once: true });
}
