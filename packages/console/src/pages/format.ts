import type { Lang } from '@obra/i18n';

/** A date and time in the operator's language and time zone. */
export const when = (value: string | Date, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'es' ? 'es-CO' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));
