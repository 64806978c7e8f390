// The inbox's filter: read from a query string (the console's URL uses the same names), checked,
// and turned into a WHERE clause over the `lead` table with numbered parameters.
import { PARTNER_CODE, type Lang, LANGS } from '@obra/schema';
import { HttpError } from '../http/errors.ts';

/** The lead kinds, as stored in lead.kind. */
export const KINDS = ['wait-list', 'partner', 'contact', 'report'] as const;
/** The statuses of the workflow, in order, plus spam. */
export const STATUSES = ['new', 'contacted', 'qualified', 'won', 'lost', 'spam'] as const;
/** Rows per inbox page. */
export const PAGE_SIZE = 50;

/** A checked filter; every field optional. */
export interface Filter {
  kind?: (typeof KINDS)[number];
  status?: (typeof STATUSES)[number];
  lang?: Lang;
  /** YYYY-MM-DD, inclusive, UTC. */
  from?: string;
  to?: string;
  q?: string;
  /** A partner code (exact). */
  partner?: string;
  /** A utm_campaign, matched without regard to case. */
  campaign?: string;
  /** `unapproved`: only leads from sites that were not approved when they came (docs/partners/sites.md). */
  site?: 'unapproved';
}

/** Where a page starts: after this (created_at, id), newest first. */
export interface Cursor {
  at: string;
  id: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `value` if it is one of `allowed`, undefined when empty, else a 400 naming the parameter. */
export const oneOf = <T extends string>(name: string, value: string | null, allowed: readonly T[]): T | undefined => {
  if (!value) return undefined;
  if (!allowed.includes(value as T)) throw new HttpError(400, `${name} must be one of ${allowed.join(', ')}.`);
  return value as T;
};

/** `value` if it is a YYYY-MM-DD date, undefined when empty, else a 400 naming the parameter. */
export const day = (name: string, value: string | null) => {
  if (!value) return undefined;
  if (!DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) throw new HttpError(400, `${name} must be a date as YYYY-MM-DD.`);
  return value;
};

const partnerCode = (value: string | null) => {
  const code = value?.trim();
  if (!code) return undefined;
  if (!PARTNER_CODE.test(code)) throw new HttpError(400, 'partner must be a partner code: 3 to 32 letters, digits, _ or -.');
  return code;
};

/** The filter in `params`; 400 for a value it does not know. */
export function parseFilter(params: URLSearchParams): Filter {
  const q = params.get('q')?.trim().toLowerCase().slice(0, 100);
  const filter: Filter = {
    kind: oneOf('kind', params.get('kind'), KINDS),
    status: oneOf('status', params.get('status'), STATUSES),
    lang: oneOf('lang', params.get('lang'), LANGS),
    from: day('from', params.get('from')),
    to: day('to', params.get('to')),
    q: q || undefined,
    partner: partnerCode(params.get('partner')),
    campaign: params.get('campaign')?.trim().slice(0, 200) || undefined,
    site: oneOf('site', params.get('site'), ['unapproved'] as const),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as Filter;
}

/** The opaque `after` of the next page. */
export const encodeCursor = (cursor: Cursor) => Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');

/** One page out of up to PAGE_SIZE + 1 rows read newest first: the rows shown (without `at`) and the cursor of the next page, if any. */
export function keysetPage<T extends { at: string; id: string }>(rows: T[]): { items: Omit<T, 'at'>[]; next: string | null } {
  const last = rows[PAGE_SIZE - 1];
  return {
    items: rows.slice(0, PAGE_SIZE).map(({ at: _at, ...row }) => row),
    next: rows.length > PAGE_SIZE && last ? encodeCursor({ at: last.at, id: last.id }) : null,
  };
}

/** The cursor in `after`, or a 400. */
export function decodeCursor(after: string | null): Cursor | undefined {
  if (!after) return undefined;
  const [at, id] = Buffer.from(after, 'base64url').toString().split('|');
  if (!at || !id || !UUID.test(id) || Number.isNaN(Date.parse(at)))
    throw new HttpError(400, 'after is not a cursor this API gave; start from the first page.');
  return { at, id };
}

/**
 * A WHERE clause built term by term with numbered parameters (`$1`, `$2` …), shared by the inbox
 * and the orders list so both read dates, free text and the keyset cursor the same way.
 */
export function whereBuilder() {
  const terms: string[] = [];
  const params: unknown[] = [];
  const add = (term: (n: string) => string, value: unknown) => {
    params.push(value);
    terms.push(term(`$${params.length}`));
  };
  return {
    add,
    /** created_at from the start of `from` to the end of `to` (YYYY-MM-DD, UTC), each optional. */
    days(from?: string, to?: string) {
      if (from) add((n) => `created_at >= ${n}::timestamptz`, `${from}T00:00:00Z`);
      if (to) add((n) => `created_at < ${n}::timestamptz + interval '1 day'`, `${to}T00:00:00Z`);
    },
    /** `expression` contains `text`: LIKE with the wildcards escaped (a trigram index answers it for 3 characters or more). */
    contains(expression: string, text?: string) {
      if (text) add((n) => `${expression} like ${n}`, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    },
    /** Rows older than the cursor, newest first by (created_at, id). */
    after(cursor?: Cursor) {
      if (!cursor) return;
      params.push(cursor.at, cursor.id);
      terms.push(`(created_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    },
    build: () => ({ sql: terms.length ? `where ${terms.join(' and ')}` : '', params }),
  };
}

/** `where …` and its parameters for `filter` (without `status` when `withStatus` is false: the counts). */
export function whereOf(filter: Filter, cursor?: Cursor, withStatus = true): { sql: string; params: unknown[] } {
  const where = whereBuilder();
  if (filter.kind) where.add((n) => `kind = ${n}`, filter.kind);
  if (filter.status && withStatus) where.add((n) => `status = ${n}`, filter.status);
  if (filter.lang) where.add((n) => `lang = ${n}`, filter.lang);
  where.days(filter.from, filter.to);
  // Each answered by its own index (migration 050), newest first.
  if (filter.partner) where.add((n) => `partner_code = ${n}`, filter.partner);
  if (filter.campaign) where.add((n) => `lower(utm_campaign) = lower(${n})`, filter.campaign);
  // Answered by the partial index of migration 070.
  if (filter.site) where.add((n) => `embed_approved = ${n}::boolean`, false);
  where.contains('search', filter.q);
  where.after(cursor);
  return where.build();
}
