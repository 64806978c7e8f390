import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createAdmin } from './admin/handler.ts';
import type { Config } from './config.ts';
import { openDb, type Db } from './db/index.ts';
import { loadGazetteer, type Gazetteer } from './gazetteer/index.ts';
import { closeAfter } from './http/body.ts';
import { corsHeaders, preflightHeaders } from './http/cors.ts';
import { HttpError } from './http/errors.ts';
import { requestLang, serverText } from './http/messages.ts';
import { publicOrigin } from './http/origin.ts';
import { clientAddress } from './http/proxy.ts';
import { clientKey, memoryRateLimiter, sharedRateLimiter } from './http/rate-limit.ts';
import { providerFor } from './images/provider.ts';
import { checkoutSession, createCheckout, stripeWebhook, testPay } from './checkout/routes.ts';
import { createJobs } from './jobs.ts';
import { createPhoneReader } from './people.ts';
import { createLeadStore } from './lead-store.ts';
import { LEAD_KINDS } from './leads.ts';
import { createLogger, type Logger } from './log.ts';
import { createMailOutbox } from './mail/mail-outbox.ts';
import { notificationMails } from './notifications/mail-queue.ts';
import { morningMails } from './admin/morning-mail.ts';
import { leadMails } from './admin/conversations-mail.ts';
import { assignmentMails } from './admin/assignment-mail.ts';
import { reportMails } from './report/mail-queue.ts';
import { orderMails } from './checkout/order-mail.ts';
import { createAllowList } from './partners/allow-list.ts';
import { siteOf } from './partners/site.ts';
import { health } from './routes/health.ts';
import { estimateRoute } from './routes/estimate.ts';
import { generateImage, serveImage } from './routes/images.ts';
import { leadRoute } from './routes/leads.ts';
import { location } from './routes/location.ts';
import { servedOrigin } from './served-origin.ts';
import type { Handler, Reply } from './routes/types.ts';
import { createWebhookWorker } from './webhooks/worker.ts';

/** The API as a request handler, to mount in any node:http server (host/serve.ts, main.ts). */
export interface Api {
  /** Answers a request whose path starts with /api/. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
  /** Waits for the requests being handled, closes the background jobs, then the database. */
  close(): Promise<void>;
  readonly db: Db;
  readonly log: Logger;
}

type Limit = 'reads' | 'writes' | 'none';
const HOUR_MS = 3_600_000;
type Routes = Record<string, Partial<Record<'GET' | 'POST', { handler: Handler; limit: Limit }>>>;

const ROUTES: Routes = {
  '/api/health': { GET: { handler: health, limit: 'none' } },
  '/api/location': { GET: { handler: location, limit: 'reads' } },
  '/api/generate-image': { POST: { handler: generateImage, limit: 'writes' } },
  '/api/images/': { GET: { handler: serveImage, limit: 'reads' } },
  '/api/estimate': { POST: { handler: estimateRoute, limit: 'reads' } },
  '/api/checkout': { POST: { handler: createCheckout, limit: 'writes' } },
  '/api/checkout/session': { GET: { handler: checkoutSession, limit: 'reads' } },
  '/api/checkout/test/pay': { POST: { handler: testPay, limit: 'writes' } },
  '/api/stripe/webhook': { POST: { handler: stripeWebhook, limit: 'none' } },
  ...Object.fromEntries(
    Object.values(LEAD_KINDS).map((kind) => [`/api/${kind.path}`, { POST: { handler: leadRoute(kind), limit: 'writes' as const } }]),
  ),
};

/** Opens the database (migrated), loads the gazetteer and returns the request handler. */
export async function createApi(
  config: Config,
  options: {
    log?: Logger;
    gazetteer?: Gazetteer;
    /**
     * The clock (milliseconds; `Date.now` by default) of the rate limits' windows, of what is due in
     * the console and of the morning e-mails: a test moves it instead of waiting.
     */
    now?: () => number;
  } = {},
): Promise<Api> {
  const log = options.log ?? createLogger(config.logLevel);
  const started = performance.now();
  // The gazetteer is built on the other core while this thread opens the database.
  let gazetteerMs = 0;
  const loading = options.gazetteer
    ? Promise.resolve(options.gazetteer)
    : loadGazetteer().finally(() => (gazetteerMs = Math.round(performance.now() - started)));
  const [db, gazetteer] = await Promise.allSettled([openDb(config), loading]).then(async ([db, gazetteer]) => {
    if (db.status === 'fulfilled' && gazetteer.status === 'fulfilled') return [db.value, gazetteer.value] as const;
    if (db.status === 'fulfilled') await db.value.close();
    throw db.status === 'rejected' ? db.reason : (gazetteer as PromiseRejectedResult).reason;
  });
  log.info('api ready', {
    database: db.kind,
    places: gazetteer.size,
    gazetteerMs,
    startMs: Math.round(performance.now() - started),
    rssMB: Math.round(process.memoryUsage().rss / 2 ** 20),
  });
  // One process owns the embedded database, so its counters may live in memory; processes that
  // share PostgreSQL share the counters there too (docs/operators/configuration.md).
  const { reads, writes, windowMs, maxKeys } = config.rateLimit;
  const { now } = options;
  const clock = () => new Date(now ? now() : Date.now());
  const limiters =
    db.kind === 'postgres'
      ? {
          reads: sharedRateLimiter(db, 'reads', reads, windowMs, now),
          writes: sharedRateLimiter(db, 'writes', writes, windowMs, now),
          unapproved: sharedRateLimiter(db, 'unapproved', config.unapprovedSiteWrites, HOUR_MS, now),
        }
      : {
          reads: memoryRateLimiter(reads, windowMs, maxKeys, now),
          writes: memoryRateLimiter(writes, windowMs, maxKeys, now),
          unapproved: memoryRateLimiter(config.unapprovedSiteWrites, HOUR_MS, maxKeys, now),
        };
  const store = createLeadStore(db);
  const images = providerFor(config);
  // The background jobs (jobs.ts), closed together when the API closes.
  const jobs = createJobs();
  // Webhook deliveries are sent in the background too; disabling a failing endpoint queues the admins' mail.
  const webhooks = jobs.add(createWebhookWorker({ db, config, log, onDisabled: () => mailOutbox.kick() }));
  // Every e-mail goes through one mail outbox: the visitors' reports, the team's new-lead notices, the operators' morning e-mails.
  const mailOutbox = jobs.add(
    createMailOutbox({
      config,
      log,
      onSent: webhooks.kick,
      queues: [
        reportMails(db, { retryMs: config.mail.retryMs, perHour: config.reportMail.perHour }),
        orderMails(db, config.mail.retryMs),
        // The console's links: PUBLIC_URL, else where `npm start` serves this database (read when a mail is written).
        notificationMails(db, {
          retryMs: config.mail.retryMs,
          digestHour: config.digestHour,
          consoleOrigin: () => servedOrigin(config, db),
        }),
        morningMails(db, { retryMs: config.mail.retryMs, consoleOrigin: () => servedOrigin(config, db), now: clock }),
        // What operators write to leads from the console (issue 40).
        leadMails(db, config.mail.retryMs),
        assignmentMails(db, { retryMs: config.mail.retryMs, consoleOrigin: () => servedOrigin(config, db) }),
      ],
    }),
  );
  // APPROVED_ORIGINS plus the approved partners' origins, re-read every CORS_CACHE_MS (docs/partners/sites.md).
  const allowList = createAllowList(db, config.approvedOrigins, config.corsCacheMs, log);
  const admin = jobs.add(createAdmin({ config, db, log, mailOutbox, allowList, now: clock }));
  // Each new lead's phone, read for its person's suggested duplicates (people.ts).
  const phones = jobs.add(createPhoneReader(db, log));
  const inFlight = new Set<Promise<void>>();

  /** Each client's share of a site's budget: UNAPPROVED_CLIENT_WRITES an hour per site and client. */
  const unapprovedClients =
    db.kind === 'postgres'
      ? sharedRateLimiter(db, 'unapproved-client', config.unapprovedClientWrites, HOUR_MS, now)
      : memoryRateLimiter(config.unapprovedClientWrites, HOUR_MS, maxKeys, now);
  /**
   * Counts a write from a site not approved: first against the client's share (past
   * UNAPPROVED_CLIENT_WRITES an hour, a 429 for that client only, which spends nothing of the
   * site's budget), then against the site's (past UNAPPROVED_SITE_WRITES, a 429 for everyone).
   * Either names the site. The Origin is only claimed: the share per address is what keeps one
   * script from spending the site's hour for its real visitors.
   */
  const limitUnapproved = async (origin: string, client: string) => {
    const named = (error: unknown): never => {
      if (!(error instanceof HttpError) || error.status !== 429) throw error;
      const seconds = error.headers['Retry-After'] ?? '3600';
      throw new HttpError(429, { key: 'origin.limited', values: { origin, seconds } }, { headers: { 'Retry-After': seconds } });
    };
    await unapprovedClients.hit(`${origin} ${client}`).catch(named);
    await limiters.unapproved.hit(origin).catch(named);
  };

  /**
   * A write that succeeded may have stored webhook events in its transaction (a new lead, a
   * console change, a partner approved, a test event): the worker looks at once instead of at its
   * next poll. Kicks in a row share one look per 100 ms (runInBackground, jobs.ts). A new lead's
   * phone is read the same way.
   */
  const changed = (req: IncomingMessage, reply: Reply): Reply => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && reply.status < 300) {
      webhooks.kick();
      phones.kick();
    }
    return reply;
  };

  async function answer(req: IncomingMessage, url: URL, ip: string): Promise<Reply> {
    // The console's API: same-origin only, so it never gets CORS headers (admin/handler.ts).
    if (url.pathname.startsWith('/api/admin/')) return changed(req, await admin.answer(req, url, ip));
    const origin = publicOrigin(req, config);
    const cors = corsHeaders(req);
    const route = ROUTES[url.pathname.startsWith('/api/images/') ? '/api/images/' : url.pathname];
    // The path alone: a map of every route would be a free survey for whoever probes the API.
    if (!route) throw new HttpError(404, { key: 'notFound', values: { path: url.pathname } }, { headers: cors });
    const methods = Object.keys(route);
    if (methods.includes('GET')) methods.push('HEAD');
    if (req.method === 'OPTIONS') return { status: 204, body: undefined, headers: { ...cors, ...preflightHeaders(methods) } };
    // HEAD is GET without the body (node:http leaves the body out of a HEAD answer).
    const entry = route[(req.method === 'HEAD' ? 'GET' : req.method) as 'GET' | 'POST'];
    if (!entry)
      throw new HttpError(
        405,
        { key: 'method', values: { methods: methods.join(', '), path: url.pathname } },
        { headers: { ...cors, Allow: methods.join(', ') } },
      );
    try {
      const client = clientKey(ip);
      if (entry.limit !== 'none') await limiters[entry.limit].hit(client);
      // Only a request with an Origin needs the approved sites (the database is not read for the others).
      const site = await siteOf(req, allowList, origin);
      // A site not approved yet is heard, within a budget per site and a share of it per client: a
      // page with many visitors cannot pour leads or images in through them, whatever the
      // addresses, and one address cannot spend the site's hour for the others (docs/partners/sites.md).
      if (entry.limit === 'writes' && site.approved === false) await limitUnapproved(site.origin ?? 'null', client);
      const reply = await entry.handler({
        req,
        url,
        config,
        db,
        gazetteer,
        store,
        log,
        images,
        mailOutbox,
        origin,
        site,
        lang: requestLang(req),
        client,
      });
      return changed(req, { ...reply, headers: { ...cors, ...reply.headers } });
    } catch (error) {
      if (error instanceof HttpError) Object.assign(error.headers, cors);
      throw error;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const start = performance.now();
    const url = new URL(req.url ?? '/', 'http://api');
    const ip = clientAddress(req, config.trustProxy);
    // Every answer names its request (X-Request-Id), and a 5xx says it in its body: what an
    // operator finds in the log, where the request's line carries the same id.
    const id = randomUUID();
    let reply: Reply;
    let cause: unknown;
    try {
      reply = await answer(req, url, ip);
    } catch (error) {
      if (error instanceof HttpError) {
        reply = { status: error.status, body: error.bodyIn(requestLang(req)), headers: error.headers };
        cause = error.cause;
        if (error.close) closeAfter(res);
      } else if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' && req.socket.destroyed) {
        // The client went away mid-request (its body cut off): nothing to answer and nothing
        // wrong with the server. Not `req.destroyed`: a request whose body was read whole is
        // destroyed too, and a server error after that must still be answered.
        log.info('request', {
          method: req.method,
          path: url.pathname,
          status: 499,
          ms: Math.round(performance.now() - start),
          ip,
          id,
          reason: 'client closed the connection',
        });
        return;
      } else {
        reply = { status: 500, body: { errorMessage: serverText(requestLang(req), { key: 'failed' }) } };
        cause = error;
      }
    }
    if (reply.status >= 500 && reply.body && typeof reply.body === 'object') reply = { ...reply, body: { ...reply.body, requestId: id } };
    const headers: Record<string, string | string[]> = {
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      'X-Request-Id': id,
      Vary: 'Origin',
      ...reply.headers,
    };
    if (reply.raw !== undefined) res.writeHead(reply.status, headers).end(reply.raw);
    else if (reply.body === undefined) res.writeHead(reply.status, headers).end();
    else res.writeHead(reply.status, { 'Content-Type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(reply.body));
    const fields = {
      method: req.method,
      path: url.pathname,
      status: reply.status,
      ms: Math.round((performance.now() - start) * 10) / 10,
      ip,
      id,
      ...reply.log,
    };
    if (reply.status >= 500) log.error('request', { ...fields, ...(cause !== undefined && { error: cause }) });
    else log.info('request', fields);
  }

  return {
    db,
    log,
    handle(req, res) {
      const done = handle(req, res).finally(() => inFlight.delete(done));
      inFlight.add(done);
      return done;
    },
    async close() {
      await Promise.allSettled(inFlight);
      await jobs.close();
      await db.close();
      log.info('api closed');
    },
  };
}
