// The webhook outbox's worker: claims due deliveries, sends them, and records what came back.
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { claimDue, runInBackground } from '../jobs.ts';
import type { Logger } from '../log.ts';
import type { Resolver } from './address.ts';
import { requestOf, type Format, type StoredEvent } from './payload.ts';
import { post, type SendResult } from './send.ts';

/** Sends the webhook deliveries that are due. */
export interface WebhookWorker {
  /** Looks for due deliveries now (after a new lead, a mailed report, a resend or a test event); returns at once. */
  kick(): void;
  /** Stops claiming and waits for the requests under way (each bounded by WEBHOOK_TIMEOUT_MS). */
  close(): Promise<void>;
}

/** Days the delivery log keeps an event once every delivery of it is done. */
const LOG_DAYS = 30;

/** Deliveries one process claims at a time; they are sent in parallel. */
const BATCH = 20;

interface Claimed extends StoredEvent {
  delivery_id: string;
  attempts: number;
  endpoint_id: string;
  url: string;
  format: Format;
  secret: string;
}

/** Whether an answer counts as received. A spreadsheet script answers 302 after it ran (its output lives elsewhere). */
function delivered(format: Format, status: number | null): boolean {
  if (status === null) return false;
  return (status >= 200 && status < 300) || (format === 'spreadsheet' && (status === 302 || status === 303));
}

/**
 * What the delivery log says of a redirect that did not count as delivered: requests are never
 * redirected (the address guard checked the endpoint's address, not wherever it points), so the
 * admin is told to save the final address. Undefined for any other answer.
 */
function redirectReason({ status, location }: SendResult): string | undefined {
  if (status === null || status < 300 || status >= 400) return undefined;
  return `the receiver answered ${status} to ${location ?? '(no Location)'}; webhooks do not follow redirects: use the final address`;
}

/**
 * Why a table and a worker: the change that makes an event must not wait for a stranger's server,
 * nor lose the event when it is down. Each process claims due deliveries with `for update skip
 * locked` and a lease (next_at moved past the request's timeout: claimDue in jobs.ts), so with
 * many processes on one PostgreSQL each delivery is sent by one of them at a time; a process killed
 * mid-send leaves the delivery to be taken again when its lease ends (at least once, always with
 * the same webhook-id).
 * A failure waits WEBHOOK_RETRY_SCHEDULE[attempt] before the next try; past the schedule the
 * delivery is `failed`. An endpoint failing for WEBHOOK_DISABLE_AFTER_HOURS without a success in
 * between is disabled, with the reason the console shows. The worker looks when kicked (a new lead,
 * a mailed report, a resend, a test event), when the next delivery is due, and at the latest every
 * WEBHOOK_POLL_MS (events stored by another process that was stopped before it sent them).
 */
export function createWebhookWorker({
  db,
  config,
  log,
  resolve,
  onDisabled,
}: {
  db: Db;
  config: Config;
  log: Logger;
  resolve?: Resolver;
  onDisabled?: () => void;
}): WebhookWorker {
  const { allowPrivate, retryScheduleMs, timeoutMs, disableAfterHours, pollMs } = config.webhooks;
  // A claim holds a delivery past its request's timeout (and the recording of its answer).
  const leaseMs = 2 * timeoutMs + 30_000;
  let closed = false;

  async function record(row: Claimed, result: SendResult) {
    const ok = delivered(row.format, result.status);
    const answer = (result.error ?? (ok ? result.excerpt : redirectReason(result)) ?? result.excerpt).slice(0, 500);
    if (ok) {
      await db.transaction(async (tx) => {
        await tx.query(
          "update webhook_delivery set status = 'delivered', delivered_at = now(), last_status = $2, answer = $3 where id = $1",
          [row.delivery_id, result.status, answer],
        );
        await tx.query('update webhook_endpoint set failing_since = null where id = $1 and failing_since is not null', [row.endpoint_id]);
      });
      return;
    }
    const wait = retryScheduleMs[row.attempts - 1];
    await db.query(
      `update webhook_delivery set last_status = $2, answer = $3,
         status = case when $4::float8 is null then 'failed' else status end,
         next_at = case when $4::float8 is null then next_at else now() + make_interval(secs => $4::float8 / 1000) end
       where id = $1`,
      [row.delivery_id, result.status, answer, wait ?? null],
    );
    await db.query('update webhook_endpoint set failing_since = now() where id = $1 and failing_since is null', [row.endpoint_id]);
    // The endpoint is disabled and the audit says so in one transaction: a reader (or a crash)
    // never sees one without the other.
    const disabled = await db.transaction(async (tx) => {
      const [endpoint] = await tx.query<{ id: string }>(
        `update webhook_endpoint set enabled = false, disabled_reason = 'failing', disabled_at = now()
         where id = $1 and enabled and failing_since < now() - make_interval(hours => $2) returning id`,
        [row.endpoint_id, disableAfterHours],
      );
      if (endpoint)
        await tx.query("insert into admin_audit (action, detail) values ('webhook.disabled', $1)", [
          JSON.stringify({ id: row.endpoint_id, hours: disableAfterHours }),
        ]);
      return endpoint;
    });
    if (disabled) {
      log.warn('webhook endpoint disabled after failing', { endpoint: row.endpoint_id, hours: disableAfterHours });
      // The admins' e-mails were queued by the disabling update (migration 062): send them now.
      onDisabled?.();
    }
    const fields = { delivery: row.delivery_id, event: row.id, attempts: row.attempts, status: result.status, reason: result.error };
    if (wait === undefined) log.warn('webhook delivery failed after its last attempt', fields);
    else log.info('webhook delivery failed; it will be retried', fields);
  }

  async function deliver(row: Claimed) {
    const { body, headers } = requestOf(row, row.format, row.secret);
    const result = await post(new URL(row.url), body, headers, { allow: allowPrivate, timeoutMs, resolve });
    await record(row, result);
  }

  // The next look is set for when the next delivery is due (a retry, or a lease that ends), so a
  // retry goes out on time without a poll every second; WEBHOOK_POLL_MS is only the longest wait.
  let next: NodeJS.Timeout | undefined;
  let woken = false;
  async function wakeWhenDue() {
    const [due] = await db.query<{ ms: string | null }>(
      `select extract(epoch from min(d.next_at) - now()) * 1000 as ms
       from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id where d.status = 'pending' and e.enabled`,
    );
    clearTimeout(next);
    next = undefined;
    const ms = due?.ms === null || due?.ms === undefined ? undefined : Number(due.ms);
    if (ms === undefined || closed || ms >= pollMs) return;
    next = setTimeout(
      () => {
        woken = true;
        background.kick();
      },
      Math.max(0, ms),
    );
    next.unref();
  }

  /** Sends what is due, batch after batch; whether it claimed anything. */
  async function run(): Promise<boolean> {
    let claimedAny = false;
    while (!closed) {
      const rows = await claimDue<Claimed>(db, {
        table: 'webhook_delivery',
        join: { from: 'webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id', lockOf: 'd' },
        pending: "d.status = 'pending' and e.enabled",
        attempts: 'attempts',
        nextAt: 'next_at',
        order: 'd.next_at',
        batch: BATCH,
        lease: { ms: leaseMs },
        set: 'last_attempt_at = now()',
        returning: 'id, event_id, endpoint_id, attempts',
        select: `select c.id as delivery_id, c.attempts, c.endpoint_id, e.id, e.type, e.version, e.data, e.created_at, p.url, p.format, p.secret
                 from claimed c join webhook_event e on e.id = c.event_id join webhook_endpoint p on p.id = c.endpoint_id`,
      });
      if (!rows.length) return claimedAny;
      claimedAny = true;
      await Promise.all(
        rows.map((row) =>
          deliver(row).catch((error) => log.error('a webhook delivery could not be recorded', { delivery: row.delivery_id, error })),
        ),
      );
    }
    return claimedAny;
  }

  // The log keeps LOG_DAYS: older events whose deliveries are all done are dropped, hourly.
  let pruned = 0;
  async function prune() {
    if (Date.now() - pruned < 3600_000) return;
    pruned = Date.now();
    await db.query(
      `delete from webhook_event e where created_at < now() - make_interval(days => $1)
       and not exists (select 1 from webhook_delivery d where d.event_id = e.id and d.status = 'pending')`,
      [LOG_DAYS],
    );
  }

  // When the next delivery is due is asked again after this process claims (and so reschedules or
  // leases) deliveries, at start (retries left by an earlier run), and when the due time came
  // (another process may have taken that one): a kick that finds nothing, as after each write when
  // no endpoint listens, costs one query and no second one.
  let started = false;
  const background = runInBackground(
    async () => {
      const due = woken;
      woken = false;
      const claimed = await run();
      await prune();
      if (claimed || due || !started) await wakeWhenDue();
      started = true;
    },
    pollMs,
    (error) => log.error('the webhook worker failed', { error }),
  );
  return {
    kick: background.kick,
    async close() {
      closed = true;
      clearTimeout(next);
      await background.close();
    },
  };
}
