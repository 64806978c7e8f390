import { interpolate } from '@obra/i18n';
import type { Lang } from '@obra/schema';
import en from '@obra/i18n/locales/en/report.json' with { type: 'json' };
import es from '@obra/i18n/locales/es/report.json' with { type: 'json' };
import type { ReportRow } from './pdf.ts';

const escape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Subject and bodies of the report e-mail, in the visitor's language (the `report` catalogue).
 * It holds no link and nothing the visitor typed but their name: the PDF carries the report.
 */
export function reportEmail(row: ReportRow, lang: Lang = 'es'): { subject: string; text: string; html: string } {
  const { email } = lang === 'en' ? en : es;
  const lines = [interpolate(email.greeting, { name: row.nombre ?? '' }), '', email.body, '', email.next, email.signature];
  return { subject: email.subject, text: lines.join('\n'), html: `<p>${lines.map(escape).join('<br>')}</p>` };
}
