import { ApiError, createKeyring, deliver, spamHeaders, type Delivery, type Outbox } from '@obra/api';

/** What a send learns from the engine: the submission's Idempotency-Key, where to report a wait, and the spam headers. */
export interface DeliveryContext {
  /** Made when the visitor pressed send; the same for every retry of these values. */
  key: string;
  /** The submission waits for the network (kept in the outbox). */
  onWaiting(): void;
  /** The form's spam signals as request headers (fill time, honeypot). */
  headers: Record<string, string>;
}

/** Where a send reports that it waits for the network. */
export type DeliveryHooks = Pick<DeliveryContext, 'onWaiting'>;

/**
 * The visible state of a send: idle, sending, waiting (for the network, kept in the outbox: it
 * stays so through the quiet retries until the outcome, so a live region never flickers between
 * "sending" and "offline" at each poll), then the outcome.
 */
export type FormStatus = 'idle' | 'sending' | 'waiting' | 'success' | 'error';

/** How one send ended: the server's answer, or why not (`cause` is what was thrown, `error` its {@link ApiError}). */
export type Sent<A> = { ok: true; answer: A } | { ok: false; error: ApiError; cause: unknown };

/** The spam signals of a form: when it was shown (0 after a draft was restored) and the honeypot's value. */
export interface SpamSignals {
  startedAt: number;
  trap: string;
}

/**
 * One form's sends (see {@link createSubmission}). `begin()` claims the form before the
 * `obra-submit` event, so a listener that submits again is turned away.
 */
export interface Submission {
  /** A send is under way or waits for the network. */
  readonly busy: boolean;
  /** Claims the form for a send (status `sending`); false while another one runs. */
  begin(): boolean;
  /** Gives the form back without sending (the `obra-submit` event was cancelled). */
  cancel(): void;
  /** Sends `value` once under its key; `run` makes the request (through `deliver`). Call after `begin()`. */
  send<A>(value: unknown, spam: SpamSignals, run: (context: DeliveryContext) => Promise<A>): Promise<Sent<A>>;
  /** Sends again what a previous load of the page left in `outbox`, under its first key. Call after `begin()`. */
  resume<A>(pending: Delivery, outbox: Outbox): Promise<Sent<A>>;
}

/** A thrown value as an {@link ApiError} (a bug or an abort becomes `api.unexpected`). */
const asApiError = (cause: unknown): ApiError => (cause instanceof ApiError ? cause : new ApiError('api.unexpected', String(cause)));

/**
 * The delivery engine of one form: one Idempotency-Key per submitted value (kept while the same
 * value is sent again after a failure, forgotten after a success), one send at a time, and the
 * visible state reported to `onStatus` (`sending`, then `waiting` once the outbox holds it offline).
 * The outcome is the caller's to show: `send` and `resume` never throw.
 */
export function createSubmission(onStatus: (status: 'sending' | 'waiting') => void): Submission {
  const keys = createKeyring();
  let busy = false;
  const hooks: DeliveryHooks = { onWaiting: () => onStatus('waiting') };
  const settle = async <A>(run: () => Promise<A>): Promise<Sent<A>> => {
    try {
      const answer = await run();
      keys.forget();
      return { ok: true, answer };
    } catch (cause) {
      return { ok: false, error: asApiError(cause), cause };
    } finally {
      busy = false;
    }
  };
  return {
    get busy() {
      return busy;
    },
    begin() {
      if (busy) return false;
      busy = true;
      onStatus('sending');
      return true;
    },
    cancel() {
      busy = false;
    },
    send: (value, { startedAt, trap }, run) =>
      settle(() => run({ ...hooks, key: keys.keyFor(value), headers: spamHeaders(startedAt, trap) })),
    resume: (pending, outbox) => settle(() => deliver(pending, { ...hooks, outbox })),
  };
}
