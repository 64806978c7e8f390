/** Work that runs in the background: at start, on every `kick`, and every `intervalMs`; never twice at once. */
export interface Background {
  /** Runs the work now, or as soon as the spacing allows; returns at once. */
  kick(): void;
  /** No more runs; waits for the one under way. */
  close(): Promise<void>;
}

/**
 * How long a kicked run waits after the start of the one before it. Every new lead kicks the
 * outbox: without a gap, a stream of submissions kept it checking its queues back to back, and
 * those checks took the embedded database from the writes (766 instead of 1,332 wait-list
 * writes/s in `npm run bench:api`). With it, a stream costs at most ten runs a second, and a
 * lone lead is still mailed at once.
 */
const KICK_SPACING_MS = 100;

/**
 * Runs `work` (e.g. an outbox's "send what is due") at start, when kicked and on a timer. A kick
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
