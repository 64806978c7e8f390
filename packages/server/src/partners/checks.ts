// What an admin may give a partner: a code (the `partner` attribute of its widgets; its form is the
// contract's schema's to check) and the origins its site embeds them from, which join the API's
// CORS allow-list. They are checked strictly here because they end up in partners' pages and in
// every answer's CORS decision.
import { foldText } from '@obra/schema';
import { HttpError } from '../http/errors.ts';

const MAX_ORIGIN_LENGTH = 200;

/**
 * The normalised origin of `value` (scheme, lower-case host in ASCII, port only when not the
 * default: exactly what a browser sends in `Origin`), or undefined when it is not an origin a
 * partner may have: https with a real host name, or http only on localhost (a partner's own
 * machine). No path, query, fragment, user name, wildcard or IP address literal.
 */
export function normaliseOrigin(value: string): string | undefined {
  const text = value.trim().replace(/\/$/, '');
  if (!text || text.length > MAX_ORIGIN_LENGTH || text.includes('*') || /\s/.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  // `new URL` would quietly accept these; an origin has none of them.
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/' || /[?#@]/.test(text)) return undefined;
  const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
  if (url.protocol === 'http:' && !local) return undefined;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  // Bare IP addresses are no partner's site; a dotless name is not a public host.
  if (/^[\d.]+$/.test(url.hostname) || url.hostname.startsWith('[')) return undefined;
  if (!local && !url.hostname.includes('.')) return undefined;
  return url.origin;
}

/**
 * The origins (a list of at most MAX_PARTNER_ORIGINS texts, as the contract's schema took them)
 * normalised and without duplicates, or a 400 naming the first bad one.
 */
export function checkOrigins(value: readonly string[]): string[] {
  const origins: string[] = [];
  for (const item of value) {
    const origin = normaliseOrigin(item);
    if (!origin) {
      const shown = item.slice(0, MAX_ORIGIN_LENGTH);
      throw new HttpError(
        400,
        `"${shown}" is not an origin: write https://host or https://host:port (http only for localhost), without a path or wildcard.`,
        { body: { code: 'partner-origin', errors: { origins: 'partner-origin' }, value: shown } },
      );
    }
    if (!origins.includes(origin)) origins.push(origin);
  }
  return origins;
}

/**
 * A code suggested from a registration's name: folded as every search folds (foldText: accents
 * dropped, lower case, ø → o), compatibility forms first made plain (NFKC: "ＡＢＣ" → "ABC"),
 * anything else than letters and digits a `-`, 3 to 24 characters (room for a `-2` suffix when it
 * is taken).
 */
export function codeFromName(name: string): string {
  const slug = foldText(name.normalize('NFKC'))
    // "S.A.S." and "O'Brien" are one word each.
    .replace(/[.'’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/, '');
  return slug.length >= 3 ? slug : `partner-${slug || 'x'}`.replace(/-$/, '');
}
