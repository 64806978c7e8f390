// What the deals' screens share (issue 40): an amount in its currency, a stage's name in the
// operator's language, the refusals' texts, and a deal's events on the lead's timeline.
import type { Lang } from '@obra/i18n';
import { LANGS } from '@obra/schema';
import type { DealStage, LeadDetail } from '@obra/schema/admin-contract';
import { CONSOLE_LOCALES, LOST_REASONS } from '@obra/schema/console';
import type { ConsoleI18n, ConsoleKey } from '../i18n.ts';

/** An exact amount (cents kept) in its ISO currency: "US$ 1.450.000,50" / "US$1,450,000.50"; an unknown code as "1450000.5 XYZ". */
export function dealMoney(amount: number, currency: string, lang: Lang): string {
  try {
    return new Intl.NumberFormat(CONSOLE_LOCALES[lang], { style: 'currency', currency, maximumFractionDigits: 2 }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** Totals per currency, never added together: "US$ 1.200 + €300". */
export const moneyList = (totals: { currency: string; amount: number }[], lang: Lang) =>
  totals.map((total) => dealMoney(total.amount, total.currency, lang)).join(' + ');

/** A day (YYYY-MM-DD) in words, as the calendar has it (no time zone shift). */
export const dealDay = (day: string, lang: Lang) =>
  new Intl.DateTimeFormat(CONSOLE_LOCALES[lang], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** A stage's name in the operator's language. */
export const stageName = (stage: DealStage | undefined, lang: Lang) =>
  // The API gives every language's (a language added since the stage was named reads the first's: inEveryLang).
  stage ? stage.names[lang] : '—';

/** The texts of the deals' refusals, by code. */
export const DEAL_ERRORS: Record<string, ConsoleKey> = {
  amount: 'consoleDeals.error.amount',
  currency: 'consoleDeals.error.currency',
  'close-date': 'consoleDeals.error.closeDate',
  title: 'consoleDeals.error.title',
  owner: 'consoleDeals.error.owner',
  stage: 'consoleDeals.error.stage',
  'lost-reason': 'consoleDeals.error.lostReason',
  'lost-note': 'consoleDeals.error.lostNote',
  stale: 'consoleDeals.error.stale',
  'stage-has-deals': 'consoleDeals.error.stageHasDeals',
  'stage-name': 'consoleDeals.error.stageName',
  probability: 'consoleDeals.error.probability',
  terminal: 'consoleDeals.error.terminal',
  stages: 'consoleDeals.error.stages',
};

/** A lost reason's label. */
export const reasonText = (t: ConsoleI18n['t'], reason: string) =>
  LOST_REASONS.includes(reason as never) ? t(`consoleDeals.reason.${reason as (typeof LOST_REASONS)[number]}`) : reason;

/** A deal event of the lead's timeline in words (its detail as deals-routes.ts writes it). */
export function dealEventText(t: ConsoleI18n['t'], lang: Lang, event: Pick<LeadDetail['timeline'][number], 'type' | 'detail'>): string {
  const lines = event.detail.split('\n');
  const [first = '', second = ''] = lines;
  // A move names the stage in every language, in the list's order (deals-routes.ts); one added since reads as the first.
  if (event.type === 'deal.moved') return t('consoleDeals.event.moved', { stage: lines[LANGS.indexOf(lang)] || first });
  if (event.type === 'deal.lost')
    return second
      ? t('consoleDeals.event.lostNote', { reason: reasonText(t, first), note: second })
      : t('consoleDeals.event.lost', { reason: reasonText(t, first) });
  const [amount = '0', currency = '', day = ''] = first.split(' ');
  const values = { amount: dealMoney(Number(amount), currency, lang), date: day ? dealDay(day, lang) : '' };
  return t(`consoleDeals.event.${event.type === 'deal.won' ? 'won' : event.type === 'deal.changed' ? 'changed' : 'opened'}`, values);
}
