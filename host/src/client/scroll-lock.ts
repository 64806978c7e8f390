/**
 * Locks the page's scrolling while an overlay is open. The scrollbar's width goes to the body's
 * padding and to `--scrollbar-width` (used by the fixed top bar), so nothing jumps sideways when
 * the scrollbar disappears. Returns the unlock function, which restores the scroll position.
 */
export function lockScroll(doc: Document): () => void {
  const win = doc.defaultView!;
  const { body, documentElement: html } = doc;
  const scrollY = win.scrollY;
  const width = Math.max(0, win.innerWidth - html.clientWidth);
  const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  html.style.setProperty('--scrollbar-width', `${width}px`);
  body.style.overflow = 'hidden';
  body.style.paddingRight = `${width}px`;
  return () => {
    body.style.overflow = previous.overflow;
    body.style.paddingRight = previous.paddingRight;
    html.style.removeProperty('--scrollbar-width');
    win.scrollTo(0, scrollY);
  };
}
