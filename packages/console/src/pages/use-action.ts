import { useCallback, useState } from 'react';
import type { ApiError } from '../api.ts';
import { useT, type ConsoleI18n, type ConsoleKey } from '../i18n.ts';
import { errorText } from './errors.ts';

/** A message, written when shown: in the language of that moment, not of when it was set. */
export type Text = string | ((t: ConsoleI18n['t']) => string);

/**
 * A message kept as what to say rather than as words: after the operator switches language it
 * reads in the new one ("Guardado." does not stay behind as "Saved.").
 */
export function useText(): [string, (text: Text) => void] {
  const { t } = useT();
  // Wrapped: React would call a function given to a state setter.
  const [text, setText] = useState<{ text: Text }>({ text: '' });
  const set = useCallback((next: Text) => setText({ text: next }), []);
  return [typeof text.text === 'function' ? text.text(t) : text.text, set];
}

/**
 * A screen's state-changing calls: `run(work, done)` clears the last message, runs `work`, then
 * shows `done` (a catalogue key) and reloads (`reload`), or shows the refusal's text (codes of
 * `byCode` first). Resolves whether it succeeded.
 */
export function useAction(reload: () => Promise<unknown>, byCode: Parameters<typeof errorText>[2] = {}) {
  const [error, setError] = useText();
  const [message, setMessage] = useText();
  const run = async (work: () => Promise<unknown>, done?: ConsoleKey): Promise<boolean> => {
    setError('');
    setMessage('');
    try {
      await work();
      setMessage(done ? (t) => t(done) : '');
      await reload();
      return true;
    } catch (caught) {
      setError((t) => errorText(t, caught as ApiError, byCode));
      return false;
    }
  };
  return { run, error, setError, message, setMessage };
}
