// The query strings of the console's GET routes (`/api/admin/leads?kind=report&q=ana`), by route
// name, each a schema over the values as read (absent, or a text): the API checks a query with it
// (a value it does not know is a 400 naming the parameter, before anything is read), and the
// console builds and reads the query strings of its URLs and calls with the same names. Each
// parameter's name is written once, here.
//
// The console imports this module (not the bodies of ./index.ts): the names and the few values it
// reads from its own URL (the dashboard's range, the partners' page) are checked as the API would.
import * as v from 'valibot';
import { PARTNER_CODE } from '../attribution.ts';
import { DEFAULT_LANG, LANGS } from '../lang.ts';
import { ASSIGNEE_QUEUES, DASHBOARD_WEEKS, DEFAULT_DASHBOARD_WEEKS, DUE_QUEUES, LEAD_KIND_NAMES } from '../console.ts';
import { LEAD_SORTS, LEAD_STATUSES, ORDER_PROVIDERS, PARTNER_STATUSES, PAYMENT_STATUSES, type LeadSort } from '../console.ts';
import { checkWith, type Checked } from './check.ts';

/** A parameter: given its name (which its refusal names), its schema over the value as read. */
type Param<T = unknown> = (name: string) => v.GenericSchema<string | undefined, T>;
type Params = Record<string, Param>;
/** A check of a query's values together, and its refusal's message. */
type Whole = [(values: Record<string, string | undefined>) => boolean, string];

/** A query: its parameters' names (`K`) in the order a URL writes them, its schema (giving `T`) and its refusals' codes. */
export interface AdminQuery<K extends string = string, T = unknown> {
  keys: readonly K[];
  schema: v.GenericSchema<unknown, T>;
  codes: Record<string, string>;
  /** The refusal also names its parameter in `errors`, as a body's does. */
  fields?: true;
}

/** The query of `params`; `whole`: a check of the values together, with its message. */
function query<P extends Params>(
  params: P,
  { codes = {}, fields, whole }: { codes?: Record<string, string>; fields?: true; whole?: Whole } = {},
): AdminQuery<keyof P & string, { [K in keyof P]: v.InferOutput<ReturnType<P[K]>> }> {
  const object = v.object(Object.fromEntries(Object.entries(params).map(([name, param]) => [name, param(name)])));
  return {
    keys: Object.keys(params),
    schema: (whole
      ? v.pipe(
          object,
          v.check((values) => whole[0](values as Record<string, string | undefined>), whole[1]),
        )
      : object) as v.GenericSchema<unknown, { [K in keyof P]: v.InferOutput<ReturnType<P[K]>> }>,
    codes,
    ...(fields && { fields }),
  };
}

/**
 * A parameter read by `read` (trimmed, lower-cased…), absent or empty as undefined, else refused
 * with `message` unless `ok`, and given as `to` makes it.
 */
const param =
  <T = string>(
    ok: (value: string) => boolean,
    message: (name: string) => string,
    to: (value: string) => T = (value) => value as T,
    read: (value: string) => string = (value) => value,
  ): Param<T | undefined> =>
  (name) =>
    v.pipe(
      v.optional(v.string()),
      v.transform((value) => (value === undefined ? '' : read(value))),
      v.check((value) => !value || ok(value), message(name)),
      v.transform((value) => (value ? to(value) : undefined)),
    );

const trim = (value: string) => value.trim();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** One of `allowed`. */
const choice = <T extends string>(allowed: readonly T[]) =>
  param(
    (value) => allowed.includes(value as T),
    (name) => `${name} must be one of ${allowed.join(', ')}.`,
    (value) => value as T,
  );
/** Free text, trimmed, at most `longest` characters (lower-cased when `lower`); a NUL is refused: no stored text holds one and the database refuses to compare with it. */
const text = (longest: number, lower = false) =>
  param(
    (value) => !value.includes('\0'),
    (name) => `${name} cannot contain a NUL character.`,
    (value) => (lower ? value.toLowerCase() : value).slice(0, longest),
    trim,
  );
/** A search: free text matched without regard to case, its first 100 characters. */
const search = text(100, true);
/** A day, YYYY-MM-DD (inclusive, of the operator's time zone). */
const day = param(
  (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
  (name) => `${name} must be a date as YYYY-MM-DD.`,
);
/** A partner code, trimmed, matched without regard to case. */
const partner = param(
  (code) => PARTNER_CODE.test(code),
  (name) => `${name} must be a partner code: 3 to 32 letters, digits, _ or -.`,
  (code) => code,
  trim,
);
/** The signed-in operator's (`me`), nobody's (`none`), or an operator's id; lower-cased, after `read`. */
const operator = (read?: (value: string) => string) =>
  param(
    (value) => (ASSIGNEE_QUEUES as readonly string[]).includes(value) || UUID.test(value.toLowerCase()),
    (name) => `${name} must be ${ASSIGNEE_QUEUES.join(', ')} or an operator's id.`,
    (value) => value.toLowerCase(),
    read,
  );
/** An opaque value the API gave (a page's cursor) or names (a stage, a template): the route checks it. */
const opaque = param(
  () => true,
  () => '',
);

/** The inbox's filter (docs/operators/console.md#working-the-leads), also the query of a bulk change and of a saved view. */
const LEAD_FILTER = {
  kind: choice(LEAD_KIND_NAMES),
  status: choice(LEAD_STATUSES),
  lang: choice(LANGS),
  from: day,
  to: day,
  q: search,
  /** Matched without regard to case. */
  partner,
  /** A utm_campaign, matched without regard to case. */
  campaign: text(200),
  /** `unapproved`: only leads from sites that were not approved when they came (docs/partners/sites.md). */
  site: choice(['unapproved'] as const),
  assignee: operator(),
  /** Follow-ups past their time, or due by the end of the operator's day (the late ones too). */
  due: choice(DUE_QUEUES),
};
/** The inbox's filter alone (a bulk change's `query`). */
export const LEAD_FILTER_QUERY = query(LEAD_FILTER);
/** The orders' filter (issue 19). */
const ORDER_FILTER = {
  status: choice(PAYMENT_STATUSES),
  provider: choice(ORDER_PROVIDERS),
  /** A product slug; any slug-shaped value (an order outlives its product leaving the catalogue). */
  product: param(
    (slug) => /^[a-z0-9][a-z0-9-]{0,79}$/.test(slug),
    (name) => `${name} must be a catalogue slug (lower-case letters, digits and hyphens).`,
  ),
  lang: choice(LANGS),
  from: day,
  to: day,
  q: search,
};
const ORDER_RANGE: Whole = [({ from, to }) => !from || !to || from <= to, 'from must not be after to.'];
/** Ids one export link may carry (a URL stays short); more are exported by their filter. */
const EXPORT_IDS = 200;
/** The whole-number `page` of a list in pages of offsets. */
const page: Param<number> = (name) =>
  v.pipe(
    v.optional(v.string(), '1'),
    v.transform(Number),
    v.check((n) => Number.isInteger(n) && n >= 1 && n <= 10_000, `${name} must be a whole number from 1.`),
  );

/** Each GET route's query, by its name in AdminResponses. */
export const ADMIN_QUERIES = {
  /** A page of the inbox in a sort's order (`dir` by default the key's own), from a page's `after`. */
  'GET leads': query({
    ...LEAD_FILTER,
    sort: choice(Object.keys(LEAD_SORTS) as LeadSort[]),
    dir: choice(['asc', 'desc'] as const),
    after: opaque,
  }),
  /** The inbox's filter, or the leads selected (`ids=a,b,…`). */
  'GET export.csv': query(
    {
      ...LEAD_FILTER,
      ids: param(
        (listed) => {
          const ids = listed.split(',');
          return ids.length <= EXPORT_IDS && ids.every((id) => UUID.test(id));
        },
        (name) => `${name} must be 1 to ${EXPORT_IDS} lead ids.`,
        (listed) => [...new Set(listed.split(','))],
      ),
    },
    { codes: { ids: 'ids' } },
  ),
  /** The report's language (any other value: the default's). */
  'GET leads/:id/report.pdf': query({
    lang: () =>
      v.pipe(
        v.optional(v.string()),
        v.transform((lang) => LANGS.find((known) => known === lang) ?? DEFAULT_LANG),
      ),
  }),
  /** A template's id: its text in the lead's language, filled. */
  'GET leads/:id/compose': query({ template: opaque }),
  'GET orders': query({ ...ORDER_FILTER, after: opaque }, { whole: ORDER_RANGE }),
  'GET orders.csv': query(ORDER_FILTER, { whole: ORDER_RANGE }),
  /** The range in weeks, and whether test orders count (docs/operators/payments.md#test-orders). */
  'GET dashboard': query({
    weeks: (name) =>
      v.pipe(
        v.optional(v.string()),
        v.transform((weeks) => (weeks ? Number(weeks) : DEFAULT_DASHBOARD_WEEKS)),
        v.check((weeks) => DASHBOARD_WEEKS.includes(weeks as never), `${name} must be one of ${DASHBOARD_WEEKS.join(', ')}.`),
        v.transform((weeks) => weeks as (typeof DASHBOARD_WEEKS)[number]),
      ),
    test: (name) =>
      v.pipe(
        v.optional(v.string(), '0'),
        v.check((test) => test === '0' || test === '1', `${name} must be 0 (real orders only) or 1 (test orders too).`),
        v.transform((test) => test === '1'),
      ),
  }),
  /** The deals' board: its filter, and `stage` with `after` for that column's next cards. */
  'GET board': query({
    owner: operator((value) => value.trim().toLowerCase()),
    kind: choice(LEAD_KIND_NAMES),
    country: param(
      (country) => /^[A-Za-z]{2}$/.test(country),
      (name) => `${name} must be a 2-letter ISO code, such as CO.`,
      (country) => country.toUpperCase(),
      trim,
    ),
    partner,
    q: search,
    stage: opaque,
    after: opaque,
  }),
  /** 50 a page, pending first. */
  'GET partners': query({ status: choice(PARTNER_STATUSES), page }, { codes: { status: 'status', page: 'page' }, fields: true }),
  'GET tasks': query({ after: opaque }),
  'GET people/suggestions': query({ after: opaque }),
  'GET webhooks/:id/deliveries': query({ after: opaque }),
};

/** The routes that read a query string. */
export type AdminQueryRoute = keyof typeof ADMIN_QUERIES;
/** What a call of route `K` may put in its query string: each parameter a text, or left out. */
export type AdminQueryInput<K extends AdminQueryRoute> = { [P in (typeof ADMIN_QUERIES)[K]['keys'][number]]?: string };
/** A query's values once checked. */
export type QueryOutput<Q extends AdminQuery> = Q extends AdminQuery<string, infer T> ? T : never;
/** The query of route `K` once the API has checked it. */
export type AdminQueryChecked<K extends AdminQueryRoute> = QueryOutput<(typeof ADMIN_QUERIES)[K]>;

/** Checks a query string's values (each parameter's first) with `contract`: the checked values, or the first refusal. */
export function checkQuery<Q extends AdminQuery>(
  contract: Q,
  params: URLSearchParams,
): Checked<QueryOutput<Q>, { code?: string; errors?: Record<string, string> }> {
  return checkWith(contract, Object.fromEntries(contract.keys.map((key) => [key, params.get(key) ?? undefined])));
}

/** The query string (`?a=b`, or '') of `values`: the parameters `keys` names, in its order, empty ones left out. */
export function queryString<K extends string>(keys: readonly K[], values: { [P in K]?: string | undefined }): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = values[key];
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The values of the parameters `keys` names in a query string, each trimmed, empty ones left out (a URL's state, before the API checks it). */
export function queryValues<K extends string>(keys: readonly K[], search: string): { [P in K]?: string } {
  const params = new URLSearchParams(search);
  const values: { [P in K]?: string } = {};
  for (const key of keys) {
    const value = params.get(key)?.trim();
    if (value) values[key] = value;
  }
  return values;
}

/** The parameters of `contract` a query string gives that the API would take, each checked alone and as it reads it; an empty one or one it would refuse is left out. */
export function acceptedValues<Q extends AdminQuery>(contract: Q, search: string): Partial<QueryOutput<Q>> {
  const params = new URLSearchParams(search);
  const values: Record<string, unknown> = {};
  for (const key of contract.keys) {
    const value = params.get(key);
    if (!value) continue;
    const checked = checkQuery(contract, new URLSearchParams({ [key]: value }));
    if (checked.ok) values[key] = (checked.value as Record<string, unknown>)[key];
  }
  return values as Partial<QueryOutput<Q>>;
}
