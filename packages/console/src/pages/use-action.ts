import { useState } from 'react';
import type { ApiError } from '../api.ts';
import type { ConsoleI18n } from '../i18n.ts';
import { errorText } from './errors.ts';

/**
 * A screen's state-changing calls: `run(work, done)` clears the last message, runs `work`, then
 * shows `done` and reloads (`reload`), or shows the refusal's text (codes of `byCode` first).
 * Resolves whether it succeeded.
 */
export function useAction(t: ConsoleI18n['t'], reload: () => Promise<unknown>, byCode: Parameters<typeof errorText>[2] = {}) {
  const [error, setError] = useState('');
  const [message, setMessage] = useState('');
  const run = async (work: () => Promise<unknown>, done = ''): Promise<boolean> => {
    setError('');
    setMessage('');
    try {
      await work();
      setMessage(done);
      await reload();
      return true;
    } catch (caught) {
      setError(errorText(t, caught as ApiError, byCode));
      return false;
    }
  };
  return { run, error, setError, message, setMessage };
}
