import type { ApiError } from '../api.ts';
import type { ConsoleI18n, ConsoleKey } from '../i18n.ts';

/** The text of a refusal: a screen's own message for its codes, else a general one by status. */
export function errorText(t: ConsoleI18n['t'], error: ApiError, byCode: Record<string, ConsoleKey> = {}): string {
  const own = error.code ? byCode[error.code] : undefined;
  if (own) return t(own);
  if (error.code === 'network') return t('console.error.network');
  if (error.code === 'csrf') return t('console.error.csrf');
  // A note, follow-up note or view name that breaks the text rule (docs/contributors/behaviour.md#text).
  if (error.code === 'characters') return t('console.error.characters');
  // A refusal of what was asked (a hand-edited filter in the URL, say) is not the server failing.
  if (error.status === 400) return t('console.error.invalid');
  if (error.status === 403) return t('console.error.forbidden');
  if (error.status === 404) return t('console.lead.gone');
  return t('console.error.server');
}
