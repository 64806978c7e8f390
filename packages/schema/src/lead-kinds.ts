// The registry of lead kinds: each kind's fields read from its schema, in its order, and only
// what differs from a shown, sent line of text declared here. The server's insert and
// validation, the lead index and the webhook payload (SQL generated from this list, with each
// field's column: packages/server/src/db/lead-kinds-sql.ts), the console's field labels and
// choice labels, the inbox's and the mails' first words, both CSV exports, the webhook presets,
// docs/webhooks/v2 and the report all read it (docs/contributors/architecture.md#lead-kinds). A
// new field: its schema line (in `optional()` unless every bundle sends it), its console label
// in both languages, and its input in the widget.
import type * as v from 'valibot';
import type { LeadKindName } from './console.ts';
import { contactSchema } from './contact.ts';
import { formReportSchema } from './design-form.ts';
import { partnerSchema } from './partner.ts';
import { fieldShape, validate, type FieldError } from './validate.ts';
import { waitListSchema } from './wait-list.ts';

/** A field's stored column: its submitted name in snake_case (`sistemaConstructivo` → `sistema_constructivo`). */
export const columnOf = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** One field of a lead kind. */
export interface LeadField {
  /** The name the widget submits, the webhook sends and the schema validates (camelCase). */
  readonly name: string;
  /** The stored column, the CSV's column and the console's label key (`console.field.<column>`). */
  readonly column: string;
  /** A list of codes (an array in the schema): stored joined by commas, sent as a JSON array. */
  readonly list: boolean;
  /** Left out by a submission it may be (`optional()` in the schema): stored empty; the bundles that predate it are accepted. */
  readonly optional: boolean;
  /** Where the labels of its codes are (`<choices>.<code>` or `<choices>.<code>.label` in the catalogues); none for free text. */
  readonly choices?: string;
  /** Sent in the webhook payload's `fields` (the prompt, rebuilt from the choices, is not). */
  readonly webhook: boolean;
  /** Listed among the lead's fields in the console (the image is shown as an image). */
  readonly shown: boolean;
}

/** What differs for one field from a shown, sent line of text. */
interface FieldOverride {
  readonly choices?: string;
  readonly webhook?: false;
  readonly shown?: false;
}

/** One kind of lead. */
export interface LeadKindSpec {
  /** As stored in `lead.kind`. */
  readonly kind: LeadKindName;
  /** The path it is sent to: POST /api/<path>. */
  readonly path: string;
  /** Its own table, one column per field. */
  readonly table: string;
  /** Every field of its schema, in export order. */
  readonly fields: readonly LeadField[];
  /** The fields the lead index (`lead`: name, e-mail, phone) copies; a kind without a phone has none. */
  readonly person: { readonly name: string; readonly email: string; readonly phone?: string };
  /**
   * The lead's one-line summary (the inbox's row, the team's mails, the console's CSV): each part
   * its fields joined by ", " (empty ones left out), the parts joined by `separator`.
   */
  readonly summary: { readonly parts: readonly (readonly string[])[]; readonly separator: string };
  /**
   * The shown fields neither its person nor its declared summary names (a field added to the
   * form): they join the summary's first part and the spreadsheet preset's row. None for a kind
   * whose summary is `only` what it names.
   */
  readonly extras: readonly LeadField[];
  /** Stored rows are e-mailed (the design report). */
  readonly mailed: boolean;
  /** Validates a submission; the value keyed by stored column, lists joined by commas. */
  readonly validate: (
    input: unknown,
  ) => { ok: true; value: Record<string, string> } | { ok: false; errors: Partial<Record<string, FieldError>> };
}

type ObjectSchema = v.GenericSchema<unknown, Record<string, unknown>> & { readonly entries: Record<string, unknown> };
type FieldName<S extends ObjectSchema> = Extract<keyof v.InferOutput<S>, string>;

function defineKind<S extends ObjectSchema>(
  schema: S,
  spec: Omit<LeadKindSpec, 'fields' | 'validate' | 'person' | 'summary' | 'mailed' | 'extras'> & {
    /** What differs per field (choices, not sent, not shown); every other field is a shown, sent line of text. */
    fields?: { readonly [Name in FieldName<S>]?: FieldOverride };
    /** Fields exported first, before the schema's order. */
    first?: readonly FieldName<S>[];
    person: { name: FieldName<S>; email: FieldName<S>; phone?: FieldName<S> };
    /** `only`: the summary is what it names, the kind's other fields are read on the lead's page. */
    summary: { parts: readonly (readonly FieldName<S>[])[]; separator: string; only?: true };
    mailed?: true;
  },
): LeadKindSpec {
  const names = Object.keys(schema.entries);
  const first: readonly string[] = spec.first ?? [];
  const overrides: Readonly<Record<string, FieldOverride | undefined>> = spec.fields ?? {};
  const fields = [...first, ...names.filter((name) => !first.includes(name))].map((name): LeadField => {
    const override = overrides[name] ?? {};
    return {
      name,
      column: columnOf(name),
      ...fieldShape(schema.entries[name]),
      choices: override.choices,
      webhook: override.webhook ?? true,
      shown: override.shown ?? true,
    };
  });
  const { parts, separator, only } = spec.summary;
  const placed = new Set<string>([spec.person.name, spec.person.email, spec.person.phone ?? '', ...parts.flat()]);
  const extras = only ? [] : fields.filter((field) => field.shown && !placed.has(field.name));
  return {
    kind: spec.kind,
    path: spec.path,
    table: spec.table,
    person: spec.person,
    fields,
    extras,
    summary: { parts: parts.map((part, i) => (i ? part : [...part, ...extras.map((field) => field.name)])), separator },
    mailed: spec.mailed ?? false,
    validate(input) {
      const result = validate(schema, input);
      if (!result.ok) return result;
      const value = result.value as Record<string, unknown>;
      return {
        ok: true,
        value: Object.fromEntries(
          fields.map(({ name, column }) => {
            const field = value[name];
            return [column, Array.isArray(field) ? field.join(',') : String(field)];
          }),
        ),
      };
    },
  };
}

const designChoice = (field: string) => ({ choices: `designForm.${field}.options` });

/** Every lead kind, by `lead.kind`. */
export const LEAD_KIND_SPECS: Readonly<Record<LeadKindName, LeadKindSpec>> = {
  'wait-list': defineKind(waitListSchema, {
    kind: 'wait-list',
    path: 'wait-list',
    table: 'wait_list',
    fields: { interesado: { choices: 'waitList.interesado' } },
    person: { name: 'nombre', email: 'correo', phone: 'telefono' },
    summary: { parts: [['interesado'], ['comentario']], separator: ': ' },
  }),
  partner: defineKind(partnerSchema, {
    kind: 'partner',
    path: 'partner',
    table: 'partner',
    fields: { especializacion: { choices: 'partnerRegistration.especializacion' } },
    person: { name: 'nombre', email: 'correo', phone: 'telefono' },
    summary: { parts: [['especializacion', 'pais']], separator: '' },
  }),
  contact: defineKind(contactSchema, {
    kind: 'contact',
    path: 'contact',
    table: 'contact',
    person: { name: 'name', email: 'email' },
    summary: { parts: [['message']], separator: '' },
  }),
  report: defineKind(formReportSchema, {
    kind: 'report',
    path: 'form-report',
    table: 'report',
    // The person first, as the report's modal asks for them; then the project in the form's order.
    first: ['nombre', 'correo', 'telefono', 'pais', 'departamento', 'ciudad'],
    fields: {
      estadoProyecto: designChoice('estadoProyecto'),
      etapaProyecto: designChoice('etapaProyecto'),
      uso: designChoice('uso'),
      sistemaConstructivo: designChoice('sistema'),
      diseno: designChoice('diseno'),
      tipoFachada: designChoice('tipoFachada'),
      materialCubierta: designChoice('materialCubierta'),
      materialFachada: designChoice('materialFachada'),
      zona: designChoice('zona'),
      otros: designChoice('otros'),
      imageUrl: { shown: false },
      prompt: { webhook: false, shown: false },
    },
    person: { name: 'nombre', email: 'correo', phone: 'telefono' },
    summary: { parts: [['usoEspecifico', 'uso', 'ciudad', 'pais'], ['otros']], separator: '. ', only: true },
    mailed: true,
  }),
};

/** The kind sent to `path` (POST /api/<path>), if any. */
export const leadAt = (path: string): LeadKindSpec | undefined => Object.values(LEAD_KIND_SPECS).find((spec) => spec.path === path);

/** The field of `spec` named `name` (a name the registry declares). */
export const fieldOf = (spec: LeadKindSpec, name: string): LeadField => spec.fields.find((field) => field.name === name)!;

/**
 * A lead's one-line summary from its fields' texts (`text` gives a field's, e.g. its stored value
 * or its choice's label): each part's non-empty texts joined by ", ", the non-empty parts by the
 * kind's separator. The lead index's SQL (packages/server/src/db/lead-kinds-sql.ts) builds the same.
 */
export const leadSummary = (spec: LeadKindSpec, text: (field: LeadField) => string): string =>
  spec.summary.parts
    .map((part) =>
      part
        .map((name) => text(fieldOf(spec, name)))
        .filter(Boolean)
        .join(', '),
    )
    .filter(Boolean)
    .join(spec.summary.separator);

/** A stored row's fields under their submitted names, as stored text (a list its codes joined by commas; '' for a missing one). */
export const storedFields = (spec: LeadKindSpec, row: Readonly<Record<string, unknown>>): Record<string, string> =>
  Object.fromEntries(spec.fields.map(({ name, column }) => [name, typeof row[column] === 'string' ? row[column] : '']));
