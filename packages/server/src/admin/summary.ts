// A lead's first words as an operator reads them: its choices named in each language
// (`Vivienda, Medellín` rather than `housing, Medellín`), from its kind row, for the inbox's rows
// and the e-mails that list leads. lead.summary keeps the codes: the free-text search reads it.
import { LANGS, type Lang } from '@obra/schema';
import type { Queryable } from '../db/index.ts';
import { LEAD_KINDS } from '../leads.ts';
import { choiceLabels } from './choice-labels.ts';

/** As lead.summary is cut (010_console.sql). */
const LENGTH = 120;

interface Row {
  id: string;
  kind: keyof typeof LEAD_KINDS;
  interesado: string | null;
  comentario: string | null;
  especializacion: string | null;
  partner_pais: string | null;
  message: string | null;
  uso: string | null;
  uso_especifico: string | null;
  ciudad: string | null;
  report_pais: string | null;
  otros: string | null;
}

const label = (kind: Row['kind'], column: string, value: string | null, lang: Lang) =>
  (value && choiceLabels(LEAD_KINDS[kind], column, value)?.[lang]) || value || '';

function compose(row: Row, lang: Lang): string {
  const text =
    row.kind === 'wait-list'
      ? `${label(row.kind, 'interesado', row.interesado, lang)}: ${row.comentario ?? ''}`
      : row.kind === 'partner'
        ? [label(row.kind, 'especializacion', row.especializacion, lang), row.partner_pais].filter(Boolean).join(', ')
        : row.kind === 'contact'
          ? (row.message ?? '')
          : [
              [row.uso_especifico, label(row.kind, 'uso', row.uso, lang), row.ciudad, row.report_pais].filter(Boolean).join(', '),
              row.otros ? label(row.kind, 'otros', row.otros, lang) : '',
            ]
              .filter(Boolean)
              .join('. ');
  return text.replace(/\s+/g, ' ').trim().slice(0, LENGTH);
}

/** The first words of each lead of `ids` in both languages (a lead deleted meanwhile is left out). */
export async function readableSummaries(db: Queryable, ids: readonly string[]): Promise<Map<string, Record<Lang, string>>> {
  if (!ids.length) return new Map();
  // Each kind table joined by primary key to its own leads only.
  const rows = await db.query<Row>(
    `select l.id, l.kind, w.interesado, w.comentario, p.especializacion, p.pais as partner_pais, c.message,
       r.uso, r.uso_especifico, r.ciudad, r.pais as report_pais, r.otros
     from lead l
     left join wait_list w on l.kind = 'wait-list' and w.id = l.id
     left join partner p on l.kind = 'partner' and p.id = l.id
     left join contact c on l.kind = 'contact' and c.id = l.id
     left join report r on l.kind = 'report' and r.id = l.id
     where l.id = any($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, Object.fromEntries(LANGS.map((lang) => [lang, compose(row, lang)])) as Record<Lang, string>]));
}
