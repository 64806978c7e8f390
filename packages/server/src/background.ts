/** Work that runs in the background: at start, on every `kick`, and every `intervalMs`; never twice at once. */
export interface Background {
  /** Runs the work now, or once more right after the run under way; returns at once. */
  kick(): void;
  /** No more runs; waits for the one under way. */
  close(): Promise<void>;
}

/**
 * Runs `work` (e.g. an outbox's "send what is due") at start, when kicked and on a timer. A kick
 * while it runs is not lost: one more run follows, so a row stored mid-run is not left for the
 * timer. `onError` gets what a run throws; the next run tries again.
 */
export function runInBackground(work: () => Promise<void>, intervalMs: number, onError: (error: unknown) => void): Background {
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  function kick() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
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
  const timer = setInterval(kick, intervalMs);
  timer.unref();
  kick();
  return {
    kick,
    async close() {
      closed = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
