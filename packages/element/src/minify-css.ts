// Build-time only: the widget bundles (rollup.config.ts, on the `/* css */` template sources) and
// the host's pre-rendered shadow roots (host/src/widget-shadow.ts, on the evaluated styles) strip
// the widgets' CSS the same way, so a pre-rendered page carries the CSS its bundle adopts. No
// browser code imports this entry: it is not in src/index.ts.

/**
 * `css` without comments and source formatting: whitespace runs become one space, and none is
 * kept around `{`, `}` or `;`. Enough for hand-written CSS; no CSS tool needed.
 */
export const minifyCss = (css: string): string =>
  css
    .replace(/\/\*[^]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};]) ?/g, '$1')
    .trim();
