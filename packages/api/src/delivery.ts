import type { Attribution } from '@obra/schema';
import { ApiError, type ApiErrorKey } from './errors.ts';
import type { Stored } from './outbox.ts';
import { ANSWER_DEADLINE_MS, request } from './request.ts';

/** One submission on the wire: every attempt of it carries the same body and the same key. */
export interface Delivery {
  url: string;
  body: unknown;
  /** The `Idempotency-Key`: made once when the visitor presses send, reused by every retry. */
  key: string;
  /**
   * Extra request headers, kept with the submission (a resumed send carries them too): the
   * visitor's language and the form's spam signals (docs/operators/api.md#spam). Not sent with `no-cors`.
   */
  headers?: Readonly<Record<string, string>> | undefined;
  /**
   * `no-cors`: for endpoints without CORS headers. The answer is opaque and no custom header may
   * travel, so the key is not sent and only a failed request (a network error) is retried.
   */
  mode?: 'cors' | 'no-cors' | undefined;
  /**
   * Where the submission comes from (attribution.ts), read when the visitor pressed send and kept
   * with it, so every retry and a resend after a reload carry the same. It travels as the JSON
   * body's `attribution` member rather than as headers: a page URL and a referrer may take 2 KB
   * each and UTM values need not be ASCII, which headers cannot carry, and a body member asks
   * nothing new of a partner endpoint's CORS preflight. Kept apart from `body` so the outbox
   * still knows the same data sent again. Not sent with `no-cors` (a spreadsheet gets exactly the
   * form's fields).
   */
  attribution?: Attribution | undefined;
  /**
   * Set when the server refused the submission (a 4xx that is not 429): why (`key`) and its field
   * errors (field → `common` key). A refused submission stays in the outbox, never sent again as it
   * is: the next load of the form puts it back in front of the visitor with what to correct
   * (docs/partners/delivery.md); their next send takes its place.
   */
  refused?: Refusal | undefined;
}

/** Why the server refused a kept submission: the error's key and its field errors. */
export interface Refusal {
  key: ApiErrorKey;
  fields: Readonly<Record<string, string>>;
}

/** Where one widget instance keeps the submission it has not delivered yet (at most one). */
export type Outbox = Stored<Delivery>;

/** How often and how patiently a submission is retried. */
export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The first backoff; each next one doubles, up to `maxMs`. */
  baseMs: number;
  maxMs: number;
  /** The longest Retry-After honoured: a visitor does not wait minutes with the page open. */
  maxRetryAfterMs: number;
  /** With an outbox, the first wait for the network before trying anyway (doubles, at most a minute). */
  pollMs: number;
  /** How long an attempt waits for the server's answer; past it the send gives up (`api.timeout`), not retried. */
  answerMs: number;
}

/**
 * The defaults: 4 attempts, waits of about 0.5, 1 and 2 s (a Retry-After up to 30 s wins), then
 * a wait for the network from 5 s; an answer within {@link ANSWER_DEADLINE_MS}. A configuration,
 * not state: tests may shorten it.
 */
export const RETRY: RetryPolicy = {
  attempts: 4,
  baseMs: 500,
  maxMs: 8000,
  maxRetryAfterMs: 30_000,
  pollMs: 5000,
  answerMs: ANSWER_DEADLINE_MS,
};

export interface DeliverOptions {
  retry?: Partial<RetryPolicy> | undefined;
  /** Headers for the submission (see {@link Delivery.headers}); the send functions put them on the delivery. */
  headers?: Readonly<Record<string, string>> | undefined;
  /** Where the submission comes from (see {@link Delivery.attribution}); the send functions put it on the delivery. */
  attribution?: Attribution | undefined;
  /** Aborts the request under way; an aborted send stays in the outbox for the next load. */
  signal?: AbortSignal | undefined;
  /**
   * Keeps the submission until it is delivered; one the server refused (a 4xx) stays, marked
   * {@link Delivery.refused}, until the visitor's next send replaces it. With
   * an outbox a network failure never ends the send: it waits for the network (offline, or the
   * retries ran out) and tries again on the `online` event or a timer; without one, and for a
   * `no-cors` delivery, it throws `api.network` once the retries run out (the outbox still keeps it). A 5xx or 429 through every attempt is thrown but the
   * submission stays: a send of the same data reuses its key, and the next page load sends it.
   */
  outbox?: Outbox | undefined;
  /** The submission waits for the network. */
  onWaiting?: (() => void) | undefined;
  /** It is being sent again after a wait. */
  onSending?: (() => void) | undefined;
}

/** A backoff with "equal jitter": half the exponential step, plus a random part of the other half. */
export function backoff(attempt: number, policy: RetryPolicy): number {
  const step = Math.min(policy.maxMs, policy.baseMs * 2 ** attempt);
  return (step + Math.random() * step) / 2;
}

/**
 * Network failures, 5xx and 429 may succeed later; any other answer will not. A server that did
 * not answer in time (`api.timeout`) is not asked again at once: the visitor has waited already,
 * and is told; the outbox keeps the submission with its key for the next send.
 */
const retriable = (error: ApiError) => error.key === 'api.network' || error.status === 429 || (error.status ?? 0) >= 500;

/**
 * Resolves after `ms`, or with `online` also on the browser's `online` event (the network may
 * come back unannounced, so the timer stays). An aborted signal ends the send at its next fetch.
 */
const wait = (ms: number, online = false) =>
  new Promise<void>((resolve) => {
    const target = online && typeof window !== 'undefined' ? window : undefined;
    const done = () => {
      clearTimeout(timer);
      target?.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    target?.addEventListener('online', done);
  });

/** One attempt of a delivery: the key and headers travel unless `no-cors`, attribution as a body member. */
const attempt = <T>({ url, body, key, mode, headers, attribution }: Delivery, deadlineMs: number, signal?: AbortSignal): Promise<T> =>
  request<T>(url, {
    deadlineMs,
    body: attribution && mode !== 'no-cors' ? { ...(body as object), attribution } : body,
    headers: { ...headers, 'Idempotency-Key': key },
    mode,
    signal,
  });

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Sends one submission exactly once as far as a client can, and returns the JSON answer. Network
 * failures, 5xx and 429 are retried with backoff and jitter (honouring Retry-After) under the SAME
 * key, so the server stores it once; any other 4xx is thrown at once. With an `outbox` the
 * submission is kept until delivered or refused, outliving a lost network, a server error and a
 * reload (the widget sends what it finds there on its next load), and the same data sent again
 * takes the key it kept. Throws the {@link ApiError} of a failure.
 */
export async function deliver<T = unknown>(delivery: Delivery, options: DeliverOptions = {}): Promise<T> {
  const { outbox } = options;
  const policy = { ...RETRY, ...options.retry };
  // The same data as the submission the outbox still holds (its send failed, or a previous load of
  // the page left it) is that submission: one of its attempts may have been stored, so it keeps
  // its key. A new keyring (after a reload) would otherwise make a new key and a second row.
  const kept = outbox?.read();
  // It keeps where it came from too: the stored row, if any, has that attribution.
  if (kept && kept.url === delivery.url && kept.key && JSON.stringify(kept.body) === JSON.stringify(delivery.body)) {
    delivery = { ...delivery, key: kept.key, attribution: kept.attribution ?? delivery.attribution };
  }
  delivery = { ...delivery, refused: undefined };
  outbox?.write(delivery);
  // Waiting for the network is for sends whose outcome can be read. A `no-cors` send (docs/contributors/behaviour.md#errors,
  // the wait list's spreadsheet endpoints) reports a network failure after its retries: the
  // visitor sees the error alert at once, and the outbox keeps the entry for the next send or load.
  const patient = outbox && delivery.mode !== 'no-cors';
  for (let n = 0, waits = 0; ; n++) {
    if (!patient || !offline()) {
      try {
        const answer = await attempt<T>(delivery, policy.answerMs, options.signal);
        outbox?.clear();
        return answer;
      } catch (error) {
        // Not an ApiError: aborted (or a bug); the outbox keeps the submission.
        if (!(error instanceof ApiError)) throw error;
        if (retriable(error) && n + 1 < policy.attempts) {
          await wait(Math.min(error.retryAfterMs ?? backoff(n, policy), policy.maxRetryAfterMs));
          continue;
        }
        if (!patient || error.key !== 'api.network') {
          // A refusal (4xx) will not succeed later: it stays, marked refused, so what the visitor
          // typed is never lost (the form shows it again with what to correct). A 5xx or 429 may:
          // the submission stays in the outbox, so sending the same data again, or the next load,
          // reuses its key.
          if (!retriable(error) && error.status !== undefined)
            outbox?.write({ ...delivery, refused: { key: error.key, fields: error.fields } });
          throw error;
        }
      }
    }
    options.onWaiting?.();
    await wait(Math.min(policy.pollMs * 2 ** waits++, 60_000), true);
    options.onSending?.();
    n = -1;
  }
}

/** A new Idempotency-Key (crypto.randomUUID, with a fallback for old or insecure contexts). */
export function newKey(): string {
  // randomUUID exists only in secure contexts; a partner page on plain http gets time + randomness.
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}-${Math.random()}`;
}

/**
 * The key of a submission: a new one per press, except when the visitor sends again exactly the
 * data of a send that did not succeed (the server may have stored it; the same key stores it once).
 */
export function createKeyring(): { keyFor(body: unknown): string; forget(): void } {
  let last: { json: string; key: string } | undefined;
  return {
    keyFor(body) {
      const json = JSON.stringify(body);
      if (last?.json !== json) last = { json, key: newKey() };
      return last.key;
    },
    forget() {
      last = undefined;
    },
  };
}
