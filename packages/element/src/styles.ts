const sheets = new Map<string, CSSStyleSheet>();

/**
 * Puts `css` into a shadow root. Constructable stylesheets are preferred: they are shared by
 * every instance and are not inline styles, so a strict CSP (`style-src 'self'`) allows them.
 * Browsers without them (Safari < 16.4) get a `<style>` carrying the page's CSP `nonce`.
 */
export function adoptStyles(root: ShadowRoot, css: string, nonce?: string): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = root.ownerDocument.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = css;
  root.prepend(style);
}
