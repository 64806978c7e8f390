// Every environment variable Obra reads, once: how its value is parsed (valibot), its default, and
// what it is for. loadConfig() (config.ts) and the launchers read the environment only through
// readEnv(); the tables of docs/operators/configuration.md are written from SECTIONS (npm run docs:config).
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';

/** Log levels, most verbose first; `silent` writes nothing. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** One environment variable. */
export interface Variable<T = unknown> {
  /** Parses the trimmed value (`undefined` when unset or empty) into what the code uses; a default is a value as it would be set. */
  schema: v.GenericSchema<string | undefined, T>;
  /** What a value must be: said by the refusal of a bad one and by the table. */
  expects: string;
  /** What 0 does, for a number where it is not simply 0. */
  zero?: string;
  /** The default as the table shows it, in Markdown (empty: none). */
  shown: string;
  /** What it does, for operators (Markdown, one line). */
  doc: string;
  /** A former name, read when this one is unset. */
  alias?: string;
}

const WHOLE = 'a whole number of 0 or more';
const wholeNumber = v.pipe(
  v.string(),
  v.check((raw) => Number.isInteger(Number(raw)) && Number(raw) >= 0),
  v.transform(Number),
);

/** A whole number ≥ 0; `zero` says what 0 does, when it is not simply the number 0. */
function whole(fallback: number, doc: string, zero?: string): Variable<number> {
  return { schema: v.optional(wholeNumber, String(fallback)), expects: WHOLE, zero, shown: `\`${fallback}\``, doc };
}

/** A whole number where 0, like unset, takes the default. */
function positive(fallback: number, doc: string): Variable<number> {
  const schema = v.optional(
    v.pipe(
      wholeNumber,
      v.transform((value) => value || fallback),
    ),
    String(fallback),
  );
  return { schema, expects: WHOLE, zero: 'the default', shown: `\`${fallback}\``, doc };
}

/** Text, unchecked; `fallback` when unset. */
function text(fallback: string, expects: string, doc: string, shown = fallback && `\`${fallback}\``): Variable<string> {
  return { schema: v.optional(v.string(), fallback), expects, shown, doc };
}

/** Text, unchecked; `undefined` when unset. */
function optionalText(expects: string, doc: string, shown = ''): Variable<string | undefined> {
  return { schema: v.optional(v.string()), expects, shown, doc };
}

const stripSlashes = v.transform((raw: string) => raw.replace(/\/+$/, ''));

/** An origin (scheme, host, port), trailing slashes dropped. */
function origin(example: string, doc: string): Variable<string | undefined> {
  return {
    schema: v.optional(v.pipe(v.string(), stripSlashes, v.regex(/^https?:\/\/[^/]+$/))),
    expects: `an origin such as ${example}`,
    shown: '',
    doc,
  };
}

/** TRUST_PROXY=1: a proxy on the same machine. */
const LOOPBACK = ['127.0.0.0/8', '::1/128'];

/** An IP address, or a CIDR range (address/bits) whose bits fit its family. */
function addressOrRange(part: string): boolean {
  const [network = '', bits, extra] = part.split('/');
  const family = isIP(network);
  return family > 0 && extra === undefined && (bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)));
}

/** A comma-separated list, each part trimmed, empty parts dropped. */
const list = (raw: string) =>
  raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const REPO_DATA = fileURLToPath(new URL('../../../.data', import.meta.url));

/** The waits before each webhook retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h (seven attempts over about 18 h). */
const WEBHOOK_RETRY_SCHEDULE = '5000,300000,1800000,7200000,18000000,36000000';

const SERVER = {
  PORT: {
    ...whole(8787, 'where the API alone, or `npm start` (site and API), listens', 'any free port'),
    shown: '`8787` (`8080` under `npm start`)',
  },
  HOST: text(
    '0.0.0.0',
    'an interface address',
    'the interface both `npm start` and the API alone bind; `HOST=127.0.0.1` keeps them off the network',
  ),
  API_PROCESSES: {
    schema: v.optional(v.pipe(wholeNumber, v.minValue(1), v.maxValue(64)), '1'),
    expects: 'a whole number from 1 to 64',
    shown: '`1`',
    doc: 'API processes on one port (`node:cluster`); more than 1 needs `DATABASE_URL` (see [production.md](production.md))',
  } satisfies Variable<number>,
  OBRA_DATA_DIR: text(REPO_DATA, 'a folder', 'embedded database folder (one process at a time)', '`.data`'),
  DATABASE_URL: optionalText('a PostgreSQL connection URL', 'PostgreSQL instead of the embedded database'),
  DATABASE_POOL_SIZE: positive(10, 'connections each process keeps to PostgreSQL'),
  PUBLIC_URL: origin(
    'https://obra.example',
    "origin clients reach the API on; default: the request's Host (or the forwarded headers of a proxy of `TRUST_PROXY`). Also the origin of the console links that `npm run admin` prints and e-mails carry; unset, those follow the address `npm start` last served this database on (recorded in the database itself, so two servers on different data each link to their own), else `http://localhost:8080`",
  ),
  TRUST_PROXY: {
    schema: v.optional(
      v.union([
        v.pipe(
          v.picklist(['0', 'false']),
          v.transform((): string[] => []),
        ),
        v.pipe(
          v.picklist(['1', 'true']),
          v.transform(() => [...LOOPBACK]),
        ),
        v.pipe(
          v.string(),
          v.transform(list),
          v.array(
            v.pipe(
              v.string(),
              v.check(addressOrRange),
              v.transform((part) => (part.includes('/') ? part : `${part}/${isIP(part) === 4 ? 32 : 128}`)),
            ),
          ),
        ),
      ]),
      '',
    ),
    expects: "1 (loopback: a proxy on the same machine), or the proxies' addresses and CIDR ranges, comma-separated",
    shown: 'off',
    doc: 'the reverse proxies whose `X-Forwarded-For`, `X-Forwarded-Proto` and `X-Forwarded-Host` are believed, and only on connections from them: the client is the last `X-Forwarded-For` entry that is not one of them; their connections are not capped per client (see [production.md](production.md#behind-a-reverse-proxy))',
  } satisfies Variable<string[]>,
  LOG_LEVEL: {
    schema: v.optional(v.picklist(LOG_LEVELS), 'info'),
    expects: `one of ${LOG_LEVELS.join(', ')}`,
    shown: '`info`',
    doc: 'the least severe log line written (JSON lines on stdout)',
  } satisfies Variable<LogLevel>,
  SHUTDOWN_TIMEOUT_MS: whole(10_000, 'how long in-flight requests get to finish on SIGTERM (ms)'),
  LEAD_RETENTION_DAYS: whole(0, 'leads older than this many days are deleted at start and hourly, with an audit entry', 'off'),
  DIGEST_HOUR: {
    schema: v.optional(v.pipe(wholeNumber, v.maxValue(23)), '8'),
    expects: 'an hour from 0 to 23 (UTC)',
    shown: '`8`',
    doc: 'when the daily digest of new leads goes out (see [notifications.md](notifications.md))',
  } satisfies Variable<number>,
};

const LIMITS = {
  APPROVED_ORIGINS: {
    schema: v.optional(
      v.pipe(
        v.string(),
        v.transform((raw) =>
          raw
            .split(',')
            .map((site) => site.trim().replace(/\/+$/, ''))
            .filter(Boolean),
        ),
      ),
      '',
    ),
    expects: 'origins, comma-separated, or *',
    shown: '',
    doc: "the company's own other sites whose leads count as from an approved site (`*`: every site). Any site may call the public API: see [Partners' sites](../partners/sites.md)",
    alias: 'CORS_ORIGINS',
  } satisfies Variable<string[]>,
  UNAPPROVED_SITE_WRITES: whole(
    60,
    'writes (leads, images, checkouts) an hour one site not approved may make, all its visitors together',
    'no limit',
  ),
  UNAPPROVED_CLIENT_WRITES: whole(
    10,
    "writes an hour one client (an IPv4 address or an IPv6 /64) may make from one site not approved: its share of that site's budget, so one address cannot spend it for every visitor",
    'no limit',
  ),
  CORS_CACHE_MS: whole(
    10_000,
    "how long each API process keeps the approved partners' origins before reading them again (ms; 0: on every request with an `Origin`); see [Partners' sites](../partners/sites.md)",
  ),
  RATE_LIMIT: whole(20, 'writes per client per window; a client is an IPv4 address or an IPv6 /64', 'off'),
  RATE_LIMIT_READS: whole(600, 'location searches, estimates, image and checkout-session lookups per client per window', 'off'),
  RATE_LIMIT_WINDOW: positive(60, 'the window of `RATE_LIMIT` and `RATE_LIMIT_READS` (seconds)'),
  RATE_LIMIT_KEYS: positive(
    100_000,
    'most clients one process tracks in memory (embedded database); past it finished windows, then the oldest, are dropped. With `DATABASE_URL` the counters live in PostgreSQL, shared by every process',
  ),
  BODY_LIMIT: whole(16_384, 'the largest request body (bytes)'),
  MIN_FILL_MS: whole(2000, 'a form sent sooner than this after it was shown is taken for a bot (ms; see [api.md](api.md#spam))'),
  REQUEST_TIMEOUT_MS: positive(30_000, 'a request (body included) must arrive within this (ms); slower clients are cut'),
  HEADERS_TIMEOUT_MS: positive(
    10_000,
    "a request's headers must arrive within this (ms); slower clients are cut, and so is a connection that sends nothing",
  ),
  KEEP_ALIVE_TIMEOUT_MS: positive(5000, 'a kept-alive connection with no new request closes after this (ms)'),
  MAX_CONNECTIONS: positive(
    1000,
    'at most this many connections at once (per API process); when all are taken, a client holding at least two fewer than the busiest one still gets in: an idle connection of the busiest client is closed for it (see [security.md](security.md#connections))',
  ),
  MAX_CONNECTIONS_PER_CLIENT: whole(
    50,
    'at most this many open at once from one client (IPv4 address or IPv6 /64); past it a new connection is reset. The proxies of `TRUST_PROXY` are not capped (cap per client there)',
    'no cap',
  ),
  REPORT_MAILS_PER_ADDRESS: whole(
    3,
    'report e-mails to one address per 24 h (resends included); past it a report is stored and not mailed',
    'no cap',
  ),
  REPORT_MAILS_PER_CLIENT: whole(5, 'report e-mails from one client per hour; past it a report is stored and not mailed', 'no cap'),
  REPORT_MAILS_PER_HOUR: whole(
    200,
    'report e-mails sent in all per hour: past it reports wait their turn, one per client in turn (see [reports.md](reports.md#report-e-mail-caps))',
    'no cap',
  ),
  TEST_ORDER_MAILS_PER_ADDRESS: whole(
    3,
    'confirmation e-mails of test orders (the test checkout without Stripe keys) to one address per hour; past it the order is stored and not mailed',
    'no cap',
  ),
};

const CIDR = /^[0-9a-f.:]+\/\d{1,3}$/i;

const WEBHOOKS = {
  WEBHOOK_ALLOW_PRIVATE: {
    schema: v.optional(
      v.union([
        v.pipe(
          v.picklist(['1', 'true']),
          v.transform(() => 'all' as const),
        ),
        v.pipe(v.string(), v.transform(list), v.array(v.pipe(v.string(), v.regex(CIDR)))),
      ]),
      '',
    ),
    expects: '1 or a comma-separated list of CIDR ranges such as 127.0.0.0/8',
    shown: '',
    doc: 'addresses the SSRF guard lets webhooks reach besides public ones (`1`: any); see [webhooks.md](webhooks.md)',
  } satisfies Variable<'all' | string[]>,
  WEBHOOK_RETRY_SCHEDULE: {
    schema: v.optional(
      v.pipe(
        v.string(),
        v.transform((raw) => raw.split(',').map((part) => part.trim())),
        v.array(wholeNumber),
      ),
      WEBHOOK_RETRY_SCHEDULE,
    ),
    expects: 'a comma-separated list of waits in milliseconds, such as 5000,300000',
    shown: `\`${WEBHOOK_RETRY_SCHEDULE}\``,
    doc: 'the waits before each retry (ms): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, seven attempts over about 18 h',
  } satisfies Variable<number[]>,
  WEBHOOK_TIMEOUT_MS: positive(10_000, 'per request (at most 64 KiB of an answer is read)'),
  WEBHOOK_DISABLE_AFTER_HOURS: positive(72, 'hours of continuous failure before an endpoint is disabled'),
  WEBHOOK_POLL_MS: positive(
    60_000,
    'the longest wait between two looks for due deliveries (ms); a process also looks after each write it accepts, a report it mails, and when its next delivery is due',
  ),
};

const IMAGES = {
  IMAGE_PROVIDER: {
    schema: v.optional(v.picklist(['embedded', 'openai-compatible']), 'embedded'),
    expects: 'embedded or openai-compatible',
    shown: '`embedded`',
    doc: "who draws the design form's images: the embedded illustrator, or an external service speaking `POST /v1/images/generations` (its failures answer 502)",
  } satisfies Variable<'embedded' | 'openai-compatible'>,
  IMAGE_API_URL: {
    schema: v.optional(v.pipe(v.string(), stripSlashes)),
    expects: 'a URL such as https://api.openai.com',
    shown: '',
    doc: 'the external service (required with `openai-compatible`)',
  } satisfies Variable<string | undefined>,
  IMAGE_API_KEY: text('', 'text', "the external service's key"),
  IMAGE_MODEL: text('gpt-image-1', 'text', 'the model asked for'),
  IMAGE_SIZE: text('1536x1024', 'WIDTHxHEIGHT', 'the size asked for'),
  IMAGE_TIMEOUT_MS: positive(60_000, 'per request (ms)'),
};

const MAIL = {
  SMTP_URL: optionalText(
    'an SMTP URL such as smtps://user:pass@smtp.example:465',
    'sends e-mails; unset: they are written as `.eml` files',
  ),
  MAIL_FROM: text('Obra <reportes@obra.localhost>', 'an address', 'the sender'),
  MAIL_OUTBOX_DIR: optionalText('a folder', 'where `.eml` files go', '`<OBRA_DATA_DIR>/outbox`'),
  MAIL_TIMEOUT_MS: positive(20_000, 'send timeout (ms)'),
  MAIL_RETRY_MS: positive(60_000, 'retry interval and first backoff (ms; doubles, at most 1 h)'),
};

const PAYMENTS = {
  STRIPE_SECRET_KEY: text(
    '',
    'a Stripe secret key',
    'with `STRIPE_WEBHOOK_SECRET` (both or neither): Stripe Checkout, and then `PUBLIC_URL` is required (the API refuses to start without it); unset: the embedded test checkout',
  ),
  STRIPE_WEBHOOK_SECRET: text(
    '',
    'a Stripe webhook signing secret',
    'the secret Stripe signs its calls to `/api/stripe/webhook` with (see [payments.md](payments.md))',
  ),
  STRIPE_API_URL: origin('http://127.0.0.1:12111', 'points the Stripe client elsewhere, for tests'),
};

/** The variables by section, in the order of the operators' table. */
export const SECTIONS = [
  { title: 'The server', variables: SERVER },
  { title: 'Sites, limits and timeouts', variables: LIMITS },
  { title: 'Webhooks', variables: WEBHOOKS },
  { title: 'Images', variables: IMAGES },
  { title: 'E-mail', variables: MAIL },
  { title: 'Payments', variables: PAYMENTS },
] as const satisfies readonly { title: string; variables: Record<string, Variable> }[];

const VARIABLES = { ...SERVER, ...LIMITS, ...WEBHOOKS, ...IMAGES, ...MAIL, ...PAYMENTS };

/** Every variable's value, parsed. */
export type Env = { [K in keyof typeof VARIABLES]: v.InferOutput<(typeof VARIABLES)[K]['schema']> };

type Issues = readonly { input: unknown; path?: readonly unknown[]; issues?: Issues }[];

/** The bad part of a list (a CIDR range, a wait), which an issue with a path names. */
function badPart(issues: Issues): string | undefined {
  for (const issue of issues) {
    if (issue.path?.length && typeof issue.input === 'string') return issue.input;
    const inner = issue.issues && badPart(issue.issues);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * Every variable of `env`, parsed; throws one line naming each bad one, what it expects and what it
 * got, e.g. `RATE_LIMIT must be a whole number of 0 or more, got "lots"; fix it in the environment.`
 */
export function readEnv(env: NodeJS.ProcessEnv): Env {
  const values: Record<string, unknown> = {};
  const refusals: string[] = [];
  for (const [name, variable] of Object.entries(VARIABLES) as [string, Variable][]) {
    const raw = (env[name] ?? (variable.alias && env[variable.alias]))?.trim() || undefined;
    const result = v.safeParse(variable.schema, raw);
    if (result.success) values[name] = result.output;
    else {
      refusals.push(`${name} must be ${variable.expects}, got "${badPart(result.issues) ?? raw}"; fix it in the environment.`);
    }
  }
  if (refusals.length) throw new Error(refusals.join(' '));
  return values as Env;
}
