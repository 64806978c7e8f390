// The security headers of every host response (docs/operators/security.md): a strict
// Content-Security-Policy, no framing by other sites, no MIME sniffing, a referrer policy, and
// HSTS when the site is served over https (PUBLIC_URL).
import { createHash } from 'node:crypto';
import { DISMISSED_CLASS, NOTICE_DISMISSED } from './client/overlay.ts';

/**
 * The one inline script of every page, before the first paint: marks that the enhancing script
 * will run (the menu may start collapsed), and, on a page with the home notice (`<html
 * data-home-notice>`), a notice this visit dismissed (the content then lays out without its column:
 * nothing moves when the script hides it). Other pages leave sessionStorage alone: a page's first
 * read of it waits for the browser (about 50 ms before the first paint at Lighthouse's 4× slowdown).
 */
export const INLINE_SCRIPT = `(function(r){r.classList.add('js');if(r.hasAttribute('data-home-notice'))try{if(sessionStorage.getItem('${NOTICE_DISMISSED}')==='1')r.classList.add('${DISMISSED_CLASS}')}catch(e){}})(document.documentElement)`;

/** `'sha256-…'` of an inline script or style, as a CSP source. */
export const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The hashes of the pages' inline script and stylesheet, written by host/build.ts to dist/host/csp.json. */
export interface InlineHashes {
  script: string[];
  style: string[];
}

/**
 * The policy: everything from our own origin; the inline script and stylesheet of the
 * pre-rendered pages by hash (the widgets' styles are constructed stylesheets, which `style-src`
 * allows); the software detail's YouTube thumbnails and privacy-enhanced player; no plugins, no
 * `<base>`, forms only to us, and framing only by our own pages (clickjacking).
 */
function contentSecurityPolicy(hashes: InlineHashes): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.script.join(' ')}`.trim(),
    `style-src 'self' ${hashes.style.join(' ')}`.trim(),
    "img-src 'self' data: https://i.ytimg.com",
    'frame-src https://www.youtube-nocookie.com',
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Every header of a host (non-API) response; `https` adds HSTS. */
export function securityHeaders(hashes: InlineHashes, https: boolean): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(hashes),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'SAMEORIGIN',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}
