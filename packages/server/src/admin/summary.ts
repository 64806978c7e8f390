// A lead's first words as an operator reads them: its choices named in each language
// (`Vivienda, Medellín` rather than `housing, Medellín`), from its kind row, for the inbox's rows
// and the e-mails that list leads. lead.summary keeps the codes: the free-text search reads it.
// Both are the registry's summary (@obra/schema/lead-kinds, leadSummary).
import { LANGS, type Lang } from '@obra/schema';
import { fieldOf, leadSummary } from '@obra/schema/lead-kinds';
import type { LeadKindName } from '@obra/schema/console';
import type { Queryable } from '../db/index.ts';
import { LEAD_KINDS } from '../leads.ts';
import { choiceLabels } from './choice-labels.ts';

/** As lead.summary is cut (010_console.sql). */
const LENGTH = 120;

const KINDS = Object.values(LEAD_KINDS);
/** The columns each kind's summary reads. */
const summaryColumns = (kind: (typeof KINDS)[number]) => kind.summary.parts.flat().map((name) => fieldOf(kind, name).column);
// Each kind table joined by primary key to its own leads only; its summary's columns as one object.
const JOINS = KINDS.map((kind, i) => `left join ${kind.table} k${i} on l.kind = '${kind.kind}' and k${i}.id = l.id`).join('\n');
const FIELDS = `coalesce(${KINDS.map(
  (kind, i) =>
    `case when k${i}.id is not null then jsonb_build_object(${summaryColumns(kind)
      .map((column) => `'${column}', k${i}.${column}`)
      .join(', ')}) end`,
).join(', ')}, '{}'::jsonb)`;

function compose(kind: LeadKindName, values: Record<string, string | null>, lang: Lang): string {
  const spec = LEAD_KINDS[kind];
  const text = leadSummary(spec, ({ column }) => {
    const value = values[column] ?? '';
    return (value && choiceLabels(spec, column, value)?.[lang]) || value;
  });
  return text.replace(/\s+/g, ' ').trim().slice(0, LENGTH);
}

/** The first words of each lead of `ids` in both languages (a lead deleted meanwhile is left out). */
export async function readableSummaries(db: Queryable, ids: readonly string[]): Promise<Map<string, Record<Lang, string>>> {
  if (!ids.length) return new Map();
  const rows = await db.query<{ id: string; kind: LeadKindName; fields: Record<string, string | null> }>(
    `select l.id, l.kind, ${FIELDS} as fields from lead l ${JOINS} where l.id = any($1::uuid[])`,
    [ids],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      Object.fromEntries(LANGS.map((lang) => [lang, compose(row.kind, row.fields, lang)])) as Record<Lang, string>,
    ]),
  );
}
