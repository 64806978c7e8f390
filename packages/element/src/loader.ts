/** Tag name → a function that imports the module defining that tag. */
export type WidgetImports = Record<string, () => Promise<unknown>>;

/**
 * Imports a widget's code the first time its tag appears in the document (now or later, e.g.
 * rendered by a framework). Elements already in the page upgrade when their module defines them.
 * Returns a function that stops watching.
 */
export function loadOnSight(imports: WidgetImports, doc: Document = document): () => void {
  const pending = new Map(Object.entries(imports));
  const scan = () => {
    for (const [tag, load] of pending) {
      if (!doc.querySelector(tag)) continue;
      pending.delete(tag);
      void load();
    }
    if (!pending.size) observer.disconnect();
  };
  const observer = new MutationObserver(scan);
  observer.observe(doc.documentElement, { childList: true, subtree: true });
  scan();
  return () => observer.disconnect();
}
