// The database's part of the lead-kind registry (@obra/schema/lead-kinds): each field's column, the trigger functions
// that index each new kind row as a lead (`lead_from_<table>`, in the insert's own transaction,
// once per row) and the webhook payload of a lead (`webhook_lead_data`), generated from the
// registry rather than written per kind. migrate() applies this with the functions and triggers
// of packages/server/sql (routines.ts; docs/contributors/architecture.md#lead-kinds).
import { fieldOf, LEAD_KIND_SPECS, type LeadKindSpec } from '@obra/schema/lead-kinds';

const KINDS = Object.values(LEAD_KIND_SPECS);

/** A field's text in a trigger, by name. */
const value = (spec: LeadKindSpec, name: string) => `new.${fieldOf(spec, name).column}`;
/** Texts joined by `separator`, the empty ones left out: leadSummary's rule in SQL. */
const joined = (separator: string, texts: string[]) =>
  texts.length === 1 ? texts[0]! : `concat_ws('${separator}', ${texts.map((text) => `nullif(${text}, '')`).join(', ')})`;

function indexFunction(spec: LeadKindSpec): string {
  const summary = joined(
    spec.summary.separator,
    spec.summary.parts.map((part) =>
      joined(
        ', ',
        part.map((name) => value(spec, name)),
      ),
    ),
  );
  const phone = spec.person.phone ? value(spec, spec.person.phone) : "''";
  return `create or replace function lead_from_${spec.table}() returns trigger language plpgsql as $$
begin
  perform lead_row('${spec.kind}', new.id, new.created_at, new.spam_reason, new.lang, ${value(spec, spec.person.name)}, ${value(spec, spec.person.email)}, ${phone},
    coalesce(${summary}, ''));
  return null;
end $$;
create or replace trigger lead_index after insert on ${spec.table} for each row execute function lead_from_${spec.table}();`;
}

/** A kind row's webhook fields: camelCase names, lists as JSON arrays. */
function webhookFields(spec: LeadKindSpec): string {
  const pairs = spec.fields
    .filter((field) => field.webhook)
    .map(
      ({ name, column, list }) =>
        `'${name}', ${list ? `case when ${column} = '' then '[]'::jsonb else to_jsonb(string_to_array(${column}, ',')) end` : column}`,
    );
  return `when '${spec.kind}' then (select jsonb_build_object(${pairs.join(', ')}) from ${spec.table} where id = lead_id)`;
}

const webhookFunction = `create or replace function webhook_lead_data(lead_id uuid) returns jsonb language plpgsql stable as $$
declare
  l lead;
  fields jsonb;
begin
  select * into l from lead where id = lead_id;
  if not found then
    return null;
  end if;
  fields := case l.kind
    ${KINDS.map(webhookFields).join('\n    ')}
  end;
  return jsonb_build_object('id', l.id, 'kind', l.kind, 'status', l.status, 'lang', l.lang, 'createdAt', webhook_time(l.created_at),
    'fields', coalesce(fields, '{}'::jsonb));
end $$;`;

/**
 * Each field's column, added when missing (text, empty for the rows stored before it): a field
 * added to a schema needs no migration of its own.
 */
const columns = (spec: LeadKindSpec) =>
  spec.fields.map(({ column }) => `alter table ${spec.table} add column if not exists ${column} text not null default '';`).join('\n');

/** Each field's column, the generated functions, and the kind tables' `lead_index` triggers. */
export const LEAD_KINDS_SQL = [...KINDS.map(columns), ...KINDS.map(indexFunction), webhookFunction].join('\n');
