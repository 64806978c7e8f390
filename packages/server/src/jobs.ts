// The API's background jobs (the mail outbox, the webhook worker, the retention purge): how each
// runs (runInBackground), how its queue's rows are claimed when several API processes share one
// database (claimDue, nextAttempt), and the group the API closes them through (createJobs).
import type { Db } from './db/index.ts';

/** Work that runs in the background: at start, on every `kick`, and every `intervalMs`; never twice at once. */
export interface Background {
  /** Runs the work now, or as soon as the spacing allows; returns at once. */
  kick(): void;
  /** No more runs; waits for the one under way. */
  close(): Promise<void>;
}

/**
 * How long a kicked run waits after the start of the one before it. Every new lead kicks the
 * mail outbox: without a gap, a stream of submissions kept it checking its queues back to back, and
 * those checks took the embedded database from the writes (766 instead of 1,332 wait-list
 * writes/s in `npm run bench:api`). With it, a stream costs at most ten runs a second, and a
 * lone lead is still mailed at once.
 */
const KICK_SPACING_MS = 100;

/**
 * Runs `work` (e.g. the mail outbox's "send what is due") at start, when kicked and on a timer. A kick
 * while it runs is not lost: one more run follows, so a row stored mid-run is not left for the
 * timer; kicks in a row share runs at most one per `spacingMs`. `onError` gets what a run throws;
 * the next run tries again.
 */
export function runInBackground(
  work: () => Promise<void>,
  intervalMs: number,
  onError: (error: unknown) => void,
  spacingMs = KICK_SPACING_MS,
): Background {
  let running: Promise<void> | undefined;
  let waiting: NodeJS.Timeout | undefined;
  let again = false;
  let closed = false;
  let lastStart = -Infinity;
  function run() {
    waiting = undefined;
    lastStart = performance.now();
    running = work()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }
  function kick() {
    if (closed || waiting) return;
    if (running) {
      again = true;
      return;
    }
    const wait = lastStart + spacingMs - performance.now();
    if (wait > 0) waiting = setTimeout(run, wait);
    else run();
  }
  const timer = setInterval(kick, intervalMs);
  timer.unref();
  kick();
  return {
    kick,
    async close() {
      closed = true;
      clearInterval(timer);
      clearTimeout(waiting);
      while (running) await running;
    },
  };
}

/** What a job's owner keeps to stop it: a {@link Background}, or what wraps one. */
interface Closable {
  close(): void | Promise<void>;
}

/** The API's background jobs, closed together. */
export interface Jobs {
  /** Adds a job to close with the others; returns it. */
  add<Job extends Closable>(job: Job): Job;
  /**
   * Closes every job, the last added first: a job is added after those it uses (the retention
   * purge forgets through the mail outbox, which kicks the webhook worker), so it stops before
   * them. Each waits for its work under way; one that fails to close does not keep the others open
   * (the first failure is thrown once all are closed).
   */
  close(): Promise<void>;
}

export function createJobs(): Jobs {
  const jobs: Closable[] = [];
  return {
    add(job) {
      jobs.push(job);
      return job;
    },
    async close() {
      let failed: { error: unknown } | undefined;
      for (const job of jobs.splice(0).reverse()) await Promise.resolve(job.close()).catch((error: unknown) => (failed ??= { error }));
      if (failed) throw failed.error;
    },
  };
}

/**
 * A mail row's next attempt, which is also its lease: `$1` seconds (MAIL_RETRY_MS) doubled for
 * each attempt made, at most an hour. A process that stops mid-send leaves the row due again then.
 */
export const nextAttempt = (attempts: string) => `now() + make_interval(secs => least(3600, $1::float8 * power(2, ${attempts})))`;

/** Where a queue keeps its rows and how they are claimed: every name is a constant of the queue's module, never input. */
export interface QueueTable {
  /** The table of the queue's rows, the one the claim updates. */
  table: string;
  /**
   * When the due rows are chosen across a join (a webhook delivery is due only while its endpoint
   * is enabled): the tables chosen from, and the name of the queue's table among them, the only one
   * whose rows are locked. Without it, the table alone.
   */
  join?: { from: string; lockOf: string };
  /** The condition of a row still to send. */
  pending: string;
  /** Its attempts and next-attempt columns. */
  attempts: string;
  nextAt: string;
  /** The order rows are claimed in, and how many at most (10 by default). */
  order: string;
  batch?: number;
  /**
   * How long a claim holds a row (its next attempt, moved forward at claim): `backoffMs` doubled
   * for each attempt made, at most an hour ({@link nextAttempt}, the mail queues), or `ms` for
   * every attempt (the webhook worker, whose retries follow its own schedule when it records the
   * answer).
   */
  lease: { backoffMs: number } | { ms: number };
  /** Other columns a claim sets, e.g. `last_attempt_at = now()`. */
  set?: string;
  /** What the claim's update returns. */
  returning: string;
  /** A query over the claimed rows (named `claimed`) that the claim returns instead, e.g. to join what a row points at. */
  select?: string;
}

/**
 * Claims the due rows of a queue: a lease (their next attempt moved forward and their attempts
 * counted, in the update that takes them), `for update skip locked` keeping API processes apart,
 * so each row is worked on by one process at a time and a process that stops mid-send leaves it
 * due again when its lease ends.
 */
export function claimDue<Row extends object>(
  db: Db,
  { table, join, pending, attempts, nextAt, order, batch = 10, lease, set, returning, select }: QueueTable,
): Promise<Row[]> {
  const row = join ? `${join.lockOf}.` : '';
  const leased = 'backoffMs' in lease ? nextAttempt(attempts) : 'now() + make_interval(secs => $1)';
  const claim = `update ${table} set ${attempts} = ${attempts} + 1, ${set ? `${set}, ` : ''}${nextAt} = ${leased}
     where id in (select ${row}id from ${join?.from ?? table} where ${pending} and ${row}${nextAt} <= now()
                  order by ${order} limit ${batch} for update${join ? ` of ${join.lockOf}` : ''} skip locked)
     returning ${returning}`;
  return db.query<Row>(select ? `with claimed as (${claim}) ${select}` : claim, [
    ('backoffMs' in lease ? lease.backoffMs : lease.ms) / 1000,
  ]);
}
