// What an admin may give a partner: a code (the `partner` attribute of its widgets) and the
// origins its site embeds them from, which join the API's CORS allow-list. Both are checked
// strictly here because they end up in partners' pages and in every answer's CORS decision.
import { PARTNER_CODE, foldText } from '@obra/schema';
import { HttpError } from '../http/errors.ts';

/** The most origins one partner may have. */
const MAX_ORIGINS = 20;
const MAX_ORIGIN_LENGTH = 200;

/** A 400 naming the field (`code` or `origins`), its error key, and for an origin the value refused. */
const invalid = (field: 'code' | 'origins', key: string, message: string, value?: string) =>
  new HttpError(400, message, { body: { code: key, errors: { [field]: key }, ...(value === undefined ? {} : { value }) } });

/** A valid code, trimmed, or a 400 (`errors.code`). */
export function checkCode(value: unknown): string {
  const code = typeof value === 'string' ? value.trim() : '';
  if (!PARTNER_CODE.test(code))
    throw invalid('code', 'partner-code', 'The code must have 3 to 32 letters, digits, "_" or "-" (no spaces or accents).');
  return code;
}

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

/** A list of origins, normalised and without duplicates, or a 400 naming the first bad one. */
export function checkOrigins(value: unknown): string[] {
  if (!Array.isArray(value))
    throw invalid('origins', 'partner-origins', 'origins must be a list of origins such as https://partner.example.');
  if (value.length > MAX_ORIGINS) throw invalid('origins', 'partner-origins-many', `A partner may have at most ${MAX_ORIGINS} origins.`);
  const origins: string[] = [];
  for (const item of value) {
    const origin = typeof item === 'string' ? normaliseOrigin(item) : undefined;
    if (!origin) {
      const shown = String(item).slice(0, MAX_ORIGIN_LENGTH);
      throw invalid(
        'origins',
        'partner-origin',
        `"${shown}" is not an origin: write https://host or https://host:port (http only for localhost), without a path or wildcard.`,
        shown,
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
