import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Log levels, most verbose first; `silent` writes nothing. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Everything the API reads from its environment (docs/operators/configuration.md). */
export interface Config {
  /** PORT: where the standalone server listens (default 8787). */
  port: number;
  /** HOST: the interface it binds (default 0.0.0.0). */
  host: string;
  /** DATABASE_URL: PostgreSQL; when unset the embedded PGlite database lives in `dataDir`. */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: connections each process keeps to PostgreSQL (default 10). */
  databasePoolSize: number;
  /** OBRA_DATA_DIR: the embedded database's folder (default `.data` at the repository root). */
  dataDir: string;
  /**
   * APPROVED_ORIGINS (formerly CORS_ORIGINS): the company's own other sites, comma-separated, whose
   * leads count as from an approved site like the approved partners' (`*`: every site). Any site
   * may call the public API (docs/partners/sites.md).
   */
  approvedOrigins: readonly string[];
  /** CORS_CACHE_MS: how long a process keeps the approved partners' origins before reading them again (default 10 s; 0 reads on every request). */
  corsCacheMs: number;
  /** UNAPPROVED_SITE_WRITES: writes (leads, images, checkouts) one site not approved may make an hour, from all its visitors together (default 60; 0 = no limit). */
  unapprovedSiteWrites: number;
  /**
   * RATE_LIMIT (writes) and RATE_LIMIT_READS per client per RATE_LIMIT_WINDOW seconds; 0 turns a
   * limit off. A client is an IPv4 address or an IPv6 /64. RATE_LIMIT_KEYS bounds the clients one
   * process tracks in memory (the embedded database); with DATABASE_URL the counters are shared.
   */
  rateLimit: { writes: number; reads: number; windowMs: number; maxKeys: number };
  /**
   * REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS and
   * MAX_CONNECTIONS_PER_CLIENT (0: no cap per client) of the HTTP server; `trustProxy` turns the
   * cap per client off (every connection then comes from the proxy).
   */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxConnections: number;
    maxConnectionsPerClient: number;
  };
  /**
   * REPORT_MAILS_PER_ADDRESS per 24 h (resends included) and REPORT_MAILS_PER_CLIENT per hour from
   * one client: past them a report is stored, not mailed. REPORT_MAILS_PER_HOUR sent in all: past it
   * reports wait for the hour to have room, one per client in turn. 0 turns a cap off.
   */
  reportMail: { perAddress: number; perClient: number; perHour: number };
  /** BODY_LIMIT: the largest request body in bytes (default 16 KiB). */
  bodyLimit: number;
  /** MIN_FILL_MS: a form sent sooner than this after it was shown is treated as a bot (default 2000). */
  minFillMs: number;
  /** TRUST_PROXY=1: take the client IP from X-Forwarded-For (only behind a proxy you run). */
  trustProxy: boolean;
  /** LOG_LEVEL: debug, info (default), warn, error or silent. */
  logLevel: LogLevel;
  /** SHUTDOWN_TIMEOUT_MS: how long in-flight requests get to finish on SIGTERM (default 10 s). */
  shutdownTimeoutMs: number;
  /** PUBLIC_URL: the origin clients reach the API on (e.g. https://obra.example); default: the request's Host. */
  publicUrl: string | undefined;
  /** IMAGE_PROVIDER (`embedded` default, or `openai-compatible` with IMAGE_API_URL, IMAGE_API_KEY, IMAGE_MODEL, IMAGE_SIZE). */
  image: { provider: 'embedded' | 'openai-compatible'; apiUrl: string; apiKey: string; model: string; size: string; timeoutMs: number };
  /** SMTP_URL sends report e-mails for real; else they are written as .eml files to MAIL_OUTBOX_DIR (default `<data dir>/outbox`). MAIL_FROM is the sender. */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string; timeoutMs: number; retryMs: number };
  /** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (both or neither, and then PUBLIC_URL too) use Stripe Checkout; unset, the embedded test checkout. STRIPE_API_URL points the client elsewhere (tests). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /** LEAD_RETENTION_DAYS: leads older than this many days are deleted (hourly); 0, the default, keeps them. */
  retentionDays: number;
  /** DIGEST_HOUR (0–23, UTC, default 8): when the daily digest of new leads goes to the recipients who chose it. */
  digestHour: number;
  /**
   * Webhooks: WEBHOOK_ALLOW_PRIVATE (`1` any address, or a comma-separated CIDR list such as
   * `127.0.0.0/8,::1/128`; unset: only public addresses), WEBHOOK_RETRY_SCHEDULE (the waits before
   * each retry in ms, comma-separated), WEBHOOK_TIMEOUT_MS per request, WEBHOOK_DISABLE_AFTER_HOURS
   * of continuous failure before an endpoint is disabled, WEBHOOK_POLL_MS between looks for due deliveries.
   */
  webhooks: {
    allowPrivate: 'all' | readonly string[];
    retryScheduleMs: readonly number[];
    timeoutMs: number;
    disableAfterHours: number;
    pollMs: number;
  };
}

/** The waits before each webhook retry: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h (seven attempts over about 18 h). */
const WEBHOOK_RETRY_SCHEDULE = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000] as const;

function webhooksConfig(env: NodeJS.ProcessEnv): Config['webhooks'] {
  const allow = env.WEBHOOK_ALLOW_PRIVATE?.trim() ?? '';
  const cidrs = allow
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const cidr of allow === '1' || allow === 'true' ? [] : cidrs) {
    if (!/^[0-9a-f.:]+\/\d{1,3}$/i.test(cidr))
      throw new Error(`WEBHOOK_ALLOW_PRIVATE must be 1 or a comma-separated list of CIDR ranges such as 127.0.0.0/8, got "${cidr}".`);
  }
  const schedule = env.WEBHOOK_RETRY_SCHEDULE?.trim();
  const retryScheduleMs = schedule ? schedule.split(',').map((part) => Number(part.trim())) : [...WEBHOOK_RETRY_SCHEDULE];
  if (!retryScheduleMs.length || retryScheduleMs.some((ms) => !Number.isInteger(ms) || ms < 0)) {
    throw new Error(
      `WEBHOOK_RETRY_SCHEDULE must be a comma-separated list of waits in milliseconds, such as 5000,300000, got "${schedule}".`,
    );
  }
  return {
    allowPrivate: allow === '1' || allow === 'true' ? 'all' : cidrs,
    retryScheduleMs,
    timeoutMs: whole(env, 'WEBHOOK_TIMEOUT_MS', 10_000) || 10_000,
    disableAfterHours: whole(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 72) || 72,
    pollMs: whole(env, 'WEBHOOK_POLL_MS', 1000) || 1000,
  };
}

const REPO_DATA = fileURLToPath(new URL('../../../.data', import.meta.url));

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of 0 or more, got "${raw}"; fix it in the environment.`);
  return value;
}

function hour(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = whole(env, name, fallback);
  if (value > 23) throw new Error(`${name} must be an hour from 0 to 23 (UTC), got "${value}".`);
  return value;
}

/** Reads the configuration from `env` (default `process.env`); throws a message naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  const dataDir = env.OBRA_DATA_DIR?.trim() || REPO_DATA;
  const provider = env.IMAGE_PROVIDER?.trim() || 'embedded';
  if (provider !== 'embedded' && provider !== 'openai-compatible')
    throw new Error(`IMAGE_PROVIDER must be embedded or openai-compatible, got "${provider}".`);
  const apiUrl = env.IMAGE_API_URL?.trim().replace(/\/+$/, '') ?? '';
  if (provider !== 'embedded' && !apiUrl)
    throw new Error('IMAGE_PROVIDER=openai-compatible needs IMAGE_API_URL (e.g. https://api.openai.com).');
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^https?:\/\/[^/]+$/.test(publicUrl))
    throw new Error(`PUBLIC_URL must be an origin such as https://obra.example, got "${publicUrl}".`);
  return {
    port: whole(env, 'PORT', 8787),
    host: env.HOST?.trim() || '0.0.0.0',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    databasePoolSize: whole(env, 'DATABASE_POOL_SIZE', 10) || 10,
    dataDir,
    approvedOrigins: (env.APPROVED_ORIGINS ?? env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    corsCacheMs: whole(env, 'CORS_CACHE_MS', 10_000),
    unapprovedSiteWrites: whole(env, 'UNAPPROVED_SITE_WRITES', 60),
    rateLimit: {
      writes: whole(env, 'RATE_LIMIT', 20),
      reads: whole(env, 'RATE_LIMIT_READS', 600),
      windowMs: whole(env, 'RATE_LIMIT_WINDOW', 60) * 1000 || 60_000,
      maxKeys: whole(env, 'RATE_LIMIT_KEYS', 100_000) || 100_000,
    },
    http: {
      requestTimeoutMs: whole(env, 'REQUEST_TIMEOUT_MS', 30_000) || 30_000,
      headersTimeoutMs: whole(env, 'HEADERS_TIMEOUT_MS', 10_000) || 10_000,
      keepAliveTimeoutMs: whole(env, 'KEEP_ALIVE_TIMEOUT_MS', 5000) || 5000,
      maxConnections: whole(env, 'MAX_CONNECTIONS', 1000) || 1000,
      maxConnectionsPerClient: whole(env, 'MAX_CONNECTIONS_PER_CLIENT', 100),
    },
    reportMail: {
      perAddress: whole(env, 'REPORT_MAILS_PER_ADDRESS', 3),
      perClient: whole(env, 'REPORT_MAILS_PER_CLIENT', 5),
      perHour: whole(env, 'REPORT_MAILS_PER_HOUR', 200),
    },
    bodyLimit: whole(env, 'BODY_LIMIT', 16 * 1024),
    minFillMs: whole(env, 'MIN_FILL_MS', 2000),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logLevel,
    shutdownTimeoutMs: whole(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    publicUrl,
    image: {
      provider,
      apiUrl,
      apiKey: env.IMAGE_API_KEY?.trim() ?? '',
      model: env.IMAGE_MODEL?.trim() || 'gpt-image-1',
      size: env.IMAGE_SIZE?.trim() || '1536x1024',
      timeoutMs: whole(env, 'IMAGE_TIMEOUT_MS', 60_000) || 60_000,
    },
    mail: {
      smtpUrl: env.SMTP_URL?.trim() || undefined,
      from: env.MAIL_FROM?.trim() || 'Obra <reportes@obra.localhost>',
      outboxDir: env.MAIL_OUTBOX_DIR?.trim() || join(dataDir, 'outbox'),
      timeoutMs: whole(env, 'MAIL_TIMEOUT_MS', 20_000) || 20_000,
      retryMs: whole(env, 'MAIL_RETRY_MS', 60_000) || 60_000,
    },
    stripe: stripeConfig(env, publicUrl),
    retentionDays: whole(env, 'LEAD_RETENTION_DAYS', 0),
    digestHour: hour(env, 'DIGEST_HOUR', 8),
    webhooks: webhooksConfig(env),
  };
}

function stripeConfig(env: NodeJS.ProcessEnv, publicUrl: string | undefined): Config['stripe'] {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() ?? '';
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() ?? '';
  const apiUrl = env.STRIPE_API_URL?.trim().replace(/\/+$/, '') || undefined;
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey || !webhookSecret)
    throw new Error('Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe Checkout, or neither for the embedded test checkout.');
  if (apiUrl && !/^https?:\/\/[^/]+$/.test(apiUrl))
    throw new Error(`STRIPE_API_URL must be an origin such as http://127.0.0.1:12111, got "${apiUrl}".`);
  // Without it the request's Host header, which any client chooses, would name the pages Stripe
  // sends a paying buyer back to: a genuine Stripe page would hand them to someone else's site.
  if (!publicUrl)
    throw new Error(
      "Stripe Checkout needs PUBLIC_URL, the site's own origin (e.g. https://obra.example): it names the success and cancel pages Stripe sends buyers back to. Set PUBLIC_URL, or unset the Stripe keys.",
    );
  return { secretKey, webhookSecret, apiUrl };
}
