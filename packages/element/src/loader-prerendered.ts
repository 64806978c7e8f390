/**
 * The attribute only Obra's pre-render (host/src/widget-shadow.ts) writes on the container of a
 * widget's first view, carried in the page as a declarative shadow root: what the loader waits
 * for the visitor on. A view the widget's code rendered (its single-script bundle ran first, on a
 * page that also has the loader) has no such mark, so the loader holds none of its clicks. Part of
 * the loader, not of the runtime (the loader shares no module with the widgets' code).
 */
export const PRERENDERED = 'data-obra-prerendered';

/** The pre-rendered view in `shadow`, if the page carried one and no code has replaced it yet. */
export const prerenderedView = (shadow: ParentNode | null | undefined): HTMLElement | null =>
  shadow?.querySelector<HTMLElement>(`.obra-root[${PRERENDERED}]`) ?? null;
