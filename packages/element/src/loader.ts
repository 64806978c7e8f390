/** Tag name → a function that imports the module defining that tag. */
export type WidgetImports = Record<string, () => Promise<unknown>>;

/**
 * How far outside the viewport an element starts its import: one viewport height above and
 * below, so a widget further down the page is ready by the time the visitor scrolls to it.
 */
export const LOAD_MARGIN = '100% 0px';

/**
 * Imports a widget's code when one of its elements comes within {@link LOAD_MARGIN} of the
 * viewport, whether it was in the HTML or added later (a framework rendering it, a route change).
 * Until then nothing of the widget is fetched. An element that never renders a box (inside
 * `display: none`) is never imported; without IntersectionObserver an element imports as soon
 * as it appears. Elements inside other shadow roots are not seen: import their register module.
 * Elements already in the page upgrade when their module defines the tag.
 * Returns a function that stops watching.
 */
export function loadOnSight(imports: WidgetImports, doc: Document = document): () => void {
  const pending = new Map(Object.entries(imports));
  const load = (tag: string) => {
    const importTag = pending.get(tag);
    if (!importTag) return;
    pending.delete(tag);
    void importTag();
    if (!pending.size) stop();
  };
  const sight =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              sight!.unobserve(entry.target);
              load(entry.target.localName);
            }
          },
          { rootMargin: LOAD_MARGIN },
        )
      : undefined;
  const scan = () => {
    if (!pending.size) return;
    for (const el of doc.querySelectorAll([...pending.keys()].join())) {
      if (sight) sight.observe(el);
      else load(el.localName);
    }
  };
  const mutations = new MutationObserver(scan);
  const stop = () => {
    mutations.disconnect();
    sight?.disconnect();
  };
  mutations.observe(doc.documentElement, { childList: true, subtree: true });
  scan();
  return stop;
}
