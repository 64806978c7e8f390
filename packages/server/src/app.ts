import type { IncomingMessage, ServerResponse } from 'node:http';
import { createAdmin } from './admin/handler.ts';
import type { Config } from './config.ts';
import { openDb, type Db } from './db/index.ts';
import { loadGazetteer, type Gazetteer } from './gazetteer/index.ts';
import { createLimits } from './http/limits.ts';
import { respondWith } from './http/respond.ts';
import { dispatch, pageRouter, type PageGate } from './http/router.ts';
import { providerFor } from './images/provider.ts';
import { CHECKOUT_ROUTES } from './checkout/routes.ts';
import { createJobs } from './jobs.ts';
import { createPhoneReader } from './people.ts';
import { createLeadStore } from './lead-store.ts';
import { createLogger, type Logger } from './log.ts';
import { createMailOutbox } from './mail/mail-outbox.ts';
import { notificationMails } from './notifications/mail-queue.ts';
import { morningMails } from './admin/morning-mail.ts';
import { leadMails } from './admin/conversations-mail.ts';
import { assignmentMails } from './admin/assignment-mail.ts';
import { reportMails } from './report/mail-queue.ts';
import { orderMails } from './checkout/order-mail.ts';
import { createAllowList } from './partners/allow-list.ts';
import { PUBLIC_ROUTES } from './routes/public.ts';
import { servedOrigin } from './served-origin.ts';
import type { Reply } from './routes/types.ts';
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
  const { now } = options;
  const clock = () => new Date(now ? now() : Date.now());
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

  // The areas of the API, each with its routes (http/router.ts): the calls made from pages pass
  // CORS, the rate limits and the site check; the console's have their own session and CSRF checks.
  const gate: PageGate = {
    shared: { config, db, gazetteer, store, log, images, mailOutbox },
    config,
    limits: createLimits(db, config, now),
    allowList,
  };
  const answer = dispatch([admin, pageRouter(PUBLIC_ROUTES, gate), pageRouter(CHECKOUT_ROUTES, gate)]);

  /**
   * A write that succeeded may have stored webhook events in its transaction (a new lead, a
   * console change, a partner approved, a test event): the worker looks at once instead of at its
   * next poll. Kicks in a row share one look per 100 ms (runInBackground, jobs.ts). A new lead's
   * phone is read the same way.
   */
  const handle = respondWith(
    async (req, url, ip): Promise<Reply> => {
      const reply = await answer(req, url, ip);
      if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && reply.status < 300) {
        webhooks.kick();
        phones.kick();
      }
      return reply;
    },
    config,
    log,
  );

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
