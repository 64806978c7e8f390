import { join } from 'node:path';
import { readEnv, type Env, type LogLevel } from './config-schema.ts';

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
  /** UNAPPROVED_CLIENT_WRITES: writes one client may make an hour from one site not approved, its share of the site's budget (default 10; 0 = no limit). */
  unapprovedClientWrites: number;
  /**
   * RATE_LIMIT (writes) and RATE_LIMIT_READS per client per RATE_LIMIT_WINDOW seconds; 0 turns a
   * limit off. A client is an IPv4 address or an IPv6 /64. RATE_LIMIT_KEYS bounds the clients one
   * process tracks in memory (the embedded database); with DATABASE_URL the counters are shared.
   */
  rateLimit: { writes: number; reads: number; windowMs: number; maxKeys: number };
  /**
   * REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS and
   * MAX_CONNECTIONS_PER_CLIENT (0: no cap per client) of the HTTP server (http/server.ts); the
   * proxies of `trustProxy` are not capped per client.
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
  /** TEST_ORDER_MAILS_PER_ADDRESS: test orders' confirmation e-mails to one address per hour; past it the order is stored, not mailed. 0: no cap. */
  testOrderMailsPerAddress: number;
  /** BODY_LIMIT: the largest request body in bytes (default 16 KiB). */
  bodyLimit: number;
  /** MIN_FILL_MS: a form sent sooner than this after it was shown is treated as a bot (default 2000). */
  minFillMs: number;
  /**
   * TRUST_PROXY: the reverse proxies (CIDR ranges; `1` is loopback, unset none) whose forwarded
   * headers are believed on their own connections (http/proxy.ts).
   */
  trustProxy: readonly string[];
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
   * of continuous failure before an endpoint is disabled, WEBHOOK_POLL_MS at most between looks for due deliveries.
   */
  webhooks: {
    allowPrivate: 'all' | readonly string[];
    retryScheduleMs: readonly number[];
    timeoutMs: number;
    disableAfterHours: number;
    pollMs: number;
  };
}

/** Reads the configuration from `env` (default `process.env`); throws a message naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = readEnv(env);
  if (e.IMAGE_PROVIDER !== 'embedded' && !e.IMAGE_API_URL)
    throw new Error('IMAGE_PROVIDER=openai-compatible needs IMAGE_API_URL (e.g. https://api.openai.com).');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.OBRA_DATA_DIR,
    approvedOrigins: e.APPROVED_ORIGINS,
    corsCacheMs: e.CORS_CACHE_MS,
    unapprovedSiteWrites: e.UNAPPROVED_SITE_WRITES,
    unapprovedClientWrites: e.UNAPPROVED_CLIENT_WRITES,
    rateLimit: { writes: e.RATE_LIMIT, reads: e.RATE_LIMIT_READS, windowMs: e.RATE_LIMIT_WINDOW * 1000, maxKeys: e.RATE_LIMIT_KEYS },
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
      maxConnectionsPerClient: e.MAX_CONNECTIONS_PER_CLIENT,
    },
    reportMail: { perAddress: e.REPORT_MAILS_PER_ADDRESS, perClient: e.REPORT_MAILS_PER_CLIENT, perHour: e.REPORT_MAILS_PER_HOUR },
    testOrderMailsPerAddress: e.TEST_ORDER_MAILS_PER_ADDRESS,
    bodyLimit: e.BODY_LIMIT,
    minFillMs: e.MIN_FILL_MS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    publicUrl: e.PUBLIC_URL,
    image: {
      provider: e.IMAGE_PROVIDER,
      apiUrl: e.IMAGE_API_URL ?? '',
      apiKey: e.IMAGE_API_KEY,
      model: e.IMAGE_MODEL,
      size: e.IMAGE_SIZE,
      timeoutMs: e.IMAGE_TIMEOUT_MS,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: e.MAIL_OUTBOX_DIR ?? join(e.OBRA_DATA_DIR, 'outbox'),
      timeoutMs: e.MAIL_TIMEOUT_MS,
      retryMs: e.MAIL_RETRY_MS,
    },
    stripe: stripeConfig(e),
    retentionDays: e.LEAD_RETENTION_DAYS,
    digestHour: e.DIGEST_HOUR,
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      retryScheduleMs: e.WEBHOOK_RETRY_SCHEDULE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      disableAfterHours: e.WEBHOOK_DISABLE_AFTER_HOURS,
      pollMs: e.WEBHOOK_POLL_MS,
    },
  };
}

function stripeConfig(e: Env): Config['stripe'] {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = e;
  if (!secretKey && !webhookSecret) return undefined;
  if (!secretKey || !webhookSecret)
    throw new Error('Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for Stripe Checkout, or neither for the embedded test checkout.');
  // Without it the request's Host header, which any client chooses, would name the pages Stripe
  // sends a paying buyer back to: a genuine Stripe page would hand them to someone else's site.
  if (!e.PUBLIC_URL)
    throw new Error(
      "Stripe Checkout needs PUBLIC_URL, the site's own origin (e.g. https://obra.example): it names the success and cancel pages Stripe sends buyers back to. Set PUBLIC_URL, or unset the Stripe keys.",
    );
  return { secretKey, webhookSecret, apiUrl: e.STRIPE_API_URL };
}
