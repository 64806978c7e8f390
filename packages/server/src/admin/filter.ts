// The inbox's filter: read from a query string (the console's URL uses the same names), checked,
// and turned into a WHERE clause over the `lead` table with numbered parameters.
import { PARTNER_CODE, type Lang, LANGS } from '@obra/schema';
import { ASSIGNEE_QUEUES, DUE_QUEUES, LEAD_KIND_NAMES, LEAD_STATUSES, OPEN_STATUSES } from '@obra/schema/console';
import { HttpError } from '../http/errors.ts';

/** The lead kinds, as stored in lead.kind. */
export const KINDS = LEAD_KIND_NAMES;
/** The statuses of the workflow, in order, plus spam. */
export const STATUSES = LEAD_STATUSES;
/** What each list of the console filters by besides its own fields; every field optional. */
export interface ListFilter {
  lang?: Lang;
  /** YYYY-MM-DD, inclusive, days of the operator's time zone. */
  from?: string;
  to?: string;
  /** Free text, lower-cased. */
  q?: string;
}

/** A checked inbox filter; every field optional. */
export interface Filter extends ListFilter {
  kind?: (typeof KINDS)[number];
  status?: (typeof STATUSES)[number];
  /** A partner code, matched without regard to case. */
  partner?: string;
  /** A utm_campaign, matched without regard to case. */
  campaign?: string;
  /** `unapproved`: only leads from sites that were not approved when they came (docs/partners/sites.md). */
  site?: 'unapproved';
  /** Whose leads: the signed-in operator's (`me`), nobody's (`none`), or an operator's id. */
  assignee?: string;
  /** Follow-ups past their time (`overdue`), or due by the end of the operator's day (`today`, the late ones too). */
  due?: (typeof DUE_QUEUES)[number];
}

/** Who is looking, and when: what `assignee=me`, `due` and the dates mean. */
export interface Scope {
  /** The operator's id. */
  me: string;
  /** Their time zone: dates are their days, `today` ends at their midnight. */
  timeZone: string;
  now: Date;
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

/**
 * Free text (`q`, `campaign`) trimmed, undefined when empty; a 400 naming the parameter for a NUL,
 * which no stored text holds and the database refuses to compare with.
 */
export const freeText = (name: string, value: string | null) => {
  const text = value?.trim();
  if (text?.includes('\0')) throw new HttpError(400, `${name} cannot contain a NUL character.`);
  return text || undefined;
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

const assigneeOf = (value: string | null) => {
  if (!value) return undefined;
  if (!ASSIGNEE_QUEUES.includes(value as never) && !UUID.test(value))
    throw new HttpError(400, `assignee must be ${ASSIGNEE_QUEUES.join(', ')} or an operator's id.`);
  return value.toLowerCase();
};

/** The filter in `params`; 400 for a value it does not know. */
export function parseFilter(params: URLSearchParams): Filter {
  const q = freeText('q', params.get('q'))?.toLowerCase().slice(0, 100);
  const filter: Filter = {
    kind: oneOf('kind', params.get('kind'), KINDS),
    status: oneOf('status', params.get('status'), STATUSES),
    lang: oneOf('lang', params.get('lang'), LANGS),
    from: day('from', params.get('from')),
    to: day('to', params.get('to')),
    q: q || undefined,
    partner: partnerCode(params.get('partner')),
    campaign: freeText('campaign', params.get('campaign'))?.slice(0, 200),
    site: oneOf('site', params.get('site'), ['unapproved'] as const),
    assignee: assigneeOf(params.get('assignee')),
    due: oneOf('due', params.get('due'), DUE_QUEUES),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as Filter;
}

/** The opaque `after` of the next page. */
export const encodeCursor = (cursor: Cursor) => Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');

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
  /** A parameter's placeholder. */
  const param = (value: unknown) => `$${params.push(value)}`;
  return {
    add,
    param,
    /** created_at from the start of `from` to the end of `to` (YYYY-MM-DD, days of `timeZone`), each optional. */
    days(from?: string, to?: string, timeZone = 'UTC') {
      if (!from && !to) return;
      const zone = param(timeZone);
      if (from) add((n) => `created_at >= (${n}::date)::timestamp at time zone ${zone}`, from);
      if (to) add((n) => `created_at < (${n}::date + 1)::timestamp at time zone ${zone}`, to);
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
    /** A term written with its own placeholders (see `param`). */
    term: (sql: string) => void terms.push(sql),
    build: () => ({ sql: terms.length ? `where ${terms.join(' and ')}` : '', params }),
  };
}

/** The builder of a WHERE clause. */
export type WhereBuilder = ReturnType<typeof whereBuilder>;

/** Whether a filter narrows the inbox by more than kind, language and status (what lead_tally counts). */
export const beyondTally = (filter: Filter) =>
  Boolean(filter.q || filter.from || filter.to || filter.partner || filter.campaign || filter.site || filter.assignee || filter.due);

/** The open statuses as an SQL list (constants of @obra/schema/console, never input). */
const OPEN = OPEN_STATUSES.map((status) => `'${status}'`).join(', ');

/**
 * `where …` and its parameters for `filter` as `scope` sees it: without `status` when `withStatus`
 * is false (the counts), without spam unless its status is spam, with `more` adding terms last (a sort's keyset cursor).
 */
export function whereOf(
  filter: Filter,
  scope: Scope,
  { withStatus = true, more }: { withStatus?: boolean; more?: (where: WhereBuilder) => void } = {},
): { sql: string; params: unknown[] } {
  const where = whereBuilder();
  if (filter.kind) where.add((n) => `kind = ${n}`, filter.kind);
  if (filter.status && withStatus) where.add((n) => `status = ${n}`, filter.status);
  // Every status but spam when none is chosen (the "All" tab, a bulk change or an export of it): spam is only ever its own
  // filter. The follow-up queues name their open statuses themselves (below).
  else if (withStatus && !filter.due) where.term("status <> 'spam'");
  if (filter.lang) where.add((n) => `lang = ${n}`, filter.lang);
  where.days(filter.from, filter.to, scope.timeZone);
  // Each answered by its own index (migrations 050 and 100), newest first.
  if (filter.partner) where.add((n) => `lower(partner_code) = lower(${n})`, filter.partner);
  if (filter.campaign) where.add((n) => `lower(utm_campaign) = lower(${n})`, filter.campaign);
  // Answered by the partial index of migration 070.
  if (filter.site) where.add((n) => `embed_approved = ${n}::boolean`, false);
  if (filter.assignee === 'none') where.term('assignee is null');
  else if (filter.assignee) where.add((n) => `assignee = ${n}::uuid`, filter.assignee === 'me' ? scope.me : filter.assignee);
  if (filter.due) {
    const now = `${where.param(scope.now.toISOString())}::timestamptz`;
    const zone = filter.due === 'today' ? where.param(scope.timeZone) : '';
    // The operator's next midnight, found in their zone (a day is not always 24 hours there).
    const until = zone ? `(date_trunc('day', ${now} at time zone ${zone}) + interval '1 day') at time zone ${zone}` : now;
    // The expression of the follow-up's indexes (migration 100): a lead without one is never due.
    where.term(`coalesce(follow_up_at, 'infinity'::timestamptz) < ${until} and status in (${OPEN})`);
  }
  where.contains('search', filter.q);
  more?.(where);
  return where.build();
}
