import type { I18n } from '@obra/i18n';
import { REPORT_HOLDS, type ReportAnswer, type ReportHold } from '@obra/schema';
import type { DesignFormCatalogue } from './catalogues.ts';

/** A report stored and not mailed: which cap held it and when a new one would go, when the server said. */
export interface Held {
  reason?: ReportHold;
  retryAt?: Date;
}

/** What the answer to POST form-report says of a hold (docs/contributors/behaviour.md#report); undefined when the report is mailed. */
export function heldOf(answer: unknown): Held | undefined {
  const { mail, held, retryAt } = (answer ?? {}) as Partial<Extract<ReportAnswer, { mail: 'held' }>>;
  if (mail !== 'held') return undefined;
  const at = new Date(retryAt ?? NaN);
  return REPORT_HOLDS.includes(held!) && !isNaN(at.getTime()) ? { reason: held, retryAt: at } : {};
}

/**
 * The success dialog's text for a held report, in the widget's language: why it was not mailed
 * and what happens next (an adviser calls; when a new report would be mailed, on the visitor's
 * clock: the weekday too for the address's 24 hours). `timeZone` is for tests.
 */
export function heldMessage({ t, lang }: I18n<DesignFormCatalogue>, held: Held, timeZone?: string): string {
  if (!held.reason || !held.retryAt) return t('designForm.form.success.held.unknown');
  const when = new Intl.DateTimeFormat(lang, {
    ...(held.reason === 'address' ? { weekday: 'long' } : {}),
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(held.retryAt);
  return t(`designForm.form.success.held.${held.reason}`, { time: when });
}
