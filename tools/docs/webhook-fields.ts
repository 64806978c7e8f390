// The fields of each lead kind in docs/webhooks/v2/common.json (`waitListFields` …), written from
// the lead-kind registry (@obra/schema/lead-kinds): every field webhooks send, required unless the
// schema lets a submission leave it out (events made before it was added lack it), a list as an
// array. What else the file says (a field's or a kind's description) is kept: `npm run docs:webhooks`.
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { LEAD_KIND_SPECS } from '@obra/schema/lead-kinds';

/** The file, from the repository's root. */
export const WEBHOOK_COMMON = 'docs/webhooks/v2/common.json';

type Definition = { properties?: Record<string, unknown>; description?: string; [key: string]: unknown };

/** `common` (the file's JSON) with each kind's fields definition as the registry declares them. */
export function withLeadFields(common: { definitions: Record<string, Definition> }): typeof common {
  const definitions = { ...common.definitions };
  for (const spec of Object.values(LEAD_KIND_SPECS)) {
    const name = `${spec.kind.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}Fields`;
    const written = definitions[name] ?? {};
    const sent = spec.fields.filter((field) => field.webhook);
    definitions[name] = {
      type: 'object',
      additionalProperties: false,
      required: sent.filter((field) => !field.optional).map((field) => field.name),
      properties: Object.fromEntries(
        sent.map((field) => [
          field.name,
          written.properties?.[field.name] ?? (field.list ? { type: 'array', items: { type: 'string' } } : { type: 'string' }),
        ]),
      ),
      ...(written.description ? { description: written.description } : {}),
    };
  }
  return { ...common, definitions };
}

if (import.meta.main) {
  const json = JSON.stringify(withLeadFields(JSON.parse(readFileSync(WEBHOOK_COMMON, 'utf8'))), null, 2);
  writeFileSync(WEBHOOK_COMMON, await format(json, { ...(await resolveConfig(WEBHOOK_COMMON)), filepath: WEBHOOK_COMMON }));
}
