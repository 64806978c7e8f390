import { DEFAULT_LANG, type Lang } from '@obra/schema';
import { textsIn } from '../texts.ts';
import type { ReportRow } from './pdf.ts';

const escape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Subject and bodies of the report e-mail, in the visitor's language (the `report` catalogue).
 * It holds no link and nothing the visitor typed but their name: the PDF carries the report.
 */
export function reportEmail(row: ReportRow, lang: Lang = DEFAULT_LANG): { subject: string; text: string; html: string } {
  const t = textsIn(lang);
  const lines = [
    t('report.email.greeting', { name: row.nombre ?? '' }),
    '',
    t('report.email.body'),
    '',
    t('report.email.next'),
    t('report.email.signature'),
  ];
  return { subject: t('report.email.subject'), text: lines.join('\n'), html: `<p>${lines.map(escape).join('<br>')}</p>` };
}
