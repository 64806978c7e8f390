// A test that shows nothing happens within a window (a debounce, a draft's pause) runs the clock
// past the window instead of sleeping through it: deterministic on a loaded machine, and instant.
import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';

/**
 * Fakes `setTimeout`/`clearTimeout` until the end of the current test, and returns how to move
 * the clock. Testing Library runs fake timers only when it recognises Jest's (a global `jest`
 * beside a faked `setTimeout`): without it, every user-event call would wait on a timer that never
 * fires, and `waitFor` would never time out. The `jest` stub hands it vitest's clock. A timer
 * started before the call is still cleared by `clearTimeout` (`shouldClearNativeTimers`).
 */
export function fakeClock(): { advance(ms: number): Promise<void> } {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldClearNativeTimers: true });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  onTestFinished(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  return {
    // Inside act: what the timers change (a search's results, a saved draft) renders before the test looks.
    advance: (ms) => act(() => vi.advanceTimersByTimeAsync(ms).then(() => undefined)),
  };
}
