import { DEFAULT_LANG, normalizeLang, type Lang } from '@obra/i18n';

/**
 * The widget's language: its own `lang` attribute, else the nearest ancestor's `lang` (crossing
 * shadow roots, so a widget inside another component follows the page), else `es`.
 * Unsupported values (`fr`) are skipped, as if absent.
 */
export function resolveLang(el: Element): Lang {
  let node: Element | null = el;
  while (node) {
    const lang = normalizeLang(node.getAttribute('lang'));
    if (lang) return lang;
    const root: ParentNode | null = node.parentNode;
    node = root instanceof Element ? root : root && 'host' in root ? (root as ShadowRoot).host : null;
  }
  return DEFAULT_LANG;
}

/**
 * Calls `onChange` when any `lang` attribute in the document changes (the page's, a wrapper's or
 * the element's own). Returns the function that stops observing.
 */
export function observeLang(el: Element, onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(el.ownerDocument.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: true });
  return () => observer.disconnect();
}
