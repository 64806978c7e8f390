// @vitest-environment node
// The server's background jobs (jobs.ts: mail outbox, webhook worker, retention purge): each runs at
// start, on kicks and on a timer, never twice at once, and kicks in a row share runs at most one per
// spacing; the API closes them all through one group.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Background, createJobs, runInBackground } from '@obra/server/testing';

describe('runInBackground', () => {
  let background: Background | undefined;
  let starts: number[];
  let finish: (() => void)[];
  const work = () => {
    starts.push(Date.now());
    return new Promise<void>((resolve) => finish.push(resolve));
  };
  /** Ends the run under way and lets its `finally` (and any run it kicks) go. */
  const end = async () => {
    finish.shift()!();
    await vi.advanceTimersByTimeAsync(0);
  };

  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    starts = [];
    finish = [];
  });
  afterEach(async () => {
    finish.forEach((resolve) => resolve());
    await background?.close();
    vi.useRealTimers();
  });

  it('runs at start, and a kick after the spacing at once', async () => {
    background = runInBackground(work, 60_000, () => {}, 100);
    expect(starts).toEqual([0]);
    await end();
    await vi.advanceTimersByTimeAsync(500);
    background.kick();
    expect(starts).toEqual([0, 500]);
  });

  it('keeps a kick made during a run, and runs it once the spacing has passed', async () => {
    background = runInBackground(work, 60_000, () => {}, 100);
    background.kick();
    background.kick();
    await vi.advanceTimersByTimeAsync(30);
    await end();
    expect(starts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(69);
    expect(starts).toEqual([0]);
    await vi.advanceTimersByTimeAsync(1);
    expect(starts).toEqual([0, 100]);
  });

  it('gives a stream of kicks one run per spacing, not one per kick', async () => {
    background = runInBackground(
      async () => void starts.push(Date.now()),
      60_000,
      () => {},
      100,
    );
    for (let ms = 0; ms < 1000; ms += 5) {
      background.kick();
      await vi.advanceTimersByTimeAsync(5);
    }
    // 200 kicks in a second: a run at start and one every 100 ms (the last kick's at 1,000).
    expect(starts).toEqual(Array.from({ length: 11 }, (_, i) => i * 100));
  });

  it('runs on its timer, and passes what a run throws to onError', async () => {
    const errors: unknown[] = [];
    background = runInBackground(
      async () => {
        starts.push(Date.now());
        throw new Error(`run ${starts.length}`);
      },
      1000,
      (error) => errors.push(error),
      100,
    );
    await vi.advanceTimersByTimeAsync(2000);
    expect(starts).toEqual([0, 1000, 2000]);
    expect(errors.map((error) => (error as Error).message)).toEqual(['run 1', 'run 2', 'run 3']);
  });

  it('after close, waits for the run under way and starts none', async () => {
    background = runInBackground(work, 1000, () => {}, 100);
    background.kick();
    let closed = false;
    const closing = background.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(closed).toBe(false);
    await end();
    await closing;
    expect(closed).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(starts).toEqual([0]);
  });
});

describe('createJobs', () => {
  it('closes every job added, the last added first, each after the one before it has closed', async () => {
    const events: string[] = [];
    const jobs = createJobs();
    const job = (name: string) => ({
      close: async () => {
        events.push(`${name} closing`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`${name} closed`);
      },
    });
    const first = job('webhooks');
    expect(jobs.add(first)).toBe(first);
    jobs.add(job('mail'));
    jobs.add({ close: () => void events.push('purge closed') });
    await jobs.close();
    expect(events).toEqual(['purge closed', 'mail closing', 'mail closed', 'webhooks closing', 'webhooks closed']);
  });

  it('closes the others when one fails to close, then throws its error', async () => {
    const closed: string[] = [];
    const jobs = createJobs();
    jobs.add({ close: async () => void closed.push('webhooks') });
    jobs.add({
      close: async () => {
        throw new Error('mail server gone');
      },
    });
    jobs.add({ close: async () => void closed.push('purge') });
    await expect(jobs.close()).rejects.toThrow('mail server gone');
    expect(closed).toEqual(['purge', 'webhooks']);
  });
});
