import { validateContact, validateFormReport, validatePartner, validateWaitList, type FieldError } from '@obra/schema';

type Validation = { ok: true; value: Record<string, string> } | { ok: false; errors: Partial<Record<string, FieldError>> };

/** One type of lead: its path under /api, its table, its columns and the widget's own schema. */
export interface LeadKind {
  readonly name: string;
  readonly table: string;
  /** The visitor's fields as stored, in export order; every one a field of the schema. */
  readonly columns: readonly string[];
  /** The field holding a phone number, validated fully on the server. */
  readonly phone?: string;
  readonly validate: (input: unknown) => Validation;
  /** Stored rows are e-mailed by the outbox (mail/outbox.ts, report/mail-queue.ts). */
  readonly mailed?: boolean;
}

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The report's fields as stored: snake_case columns, the extras joined by commas. */
function validateReport(input: unknown): Validation {
  const result = validateFormReport(input);
  if (!result.ok) return result;
  return {
    ok: true,
    value: Object.fromEntries(
      Object.entries(result.value).map(([field, value]) => [snake(field), Array.isArray(value) ? value.join(',') : value]),
    ),
  };
}

/** The report's stored columns, in the form's order. */
const REPORT_COLUMNS = [
  'nombre',
  'correo',
  'telefono',
  'pais',
  'departamento',
  'ciudad',
  'estado_proyecto',
  'etapa_proyecto',
  'ancho',
  'longitud',
  'ancho_edificacion',
  'largo_edificacion',
  'alto_edificacion',
  'uso',
  'uso_especifico',
  'sistema_constructivo',
  'diseno',
  'tipo_fachada',
  'material_cubierta',
  'material_fachada',
  'zona',
  'otros',
  'image_url',
  'prompt',
] as const;

/** Every lead type the API stores; the export command reads the same list. */
export const LEAD_KINDS: Readonly<Record<'wait-list' | 'partner' | 'contact' | 'report', LeadKind>> = {
  'wait-list': {
    name: 'wait-list',
    table: 'wait_list',
    columns: ['interesado', 'nombre', 'correo', 'telefono', 'comentario'],
    phone: 'telefono',
    validate: validateWaitList,
  },
  partner: {
    name: 'partner',
    table: 'partner',
    columns: ['nombre', 'telefono', 'correo', 'pais', 'especializacion'],
    phone: 'telefono',
    validate: validatePartner,
  },
  contact: { name: 'contact', table: 'contact', columns: ['name', 'email', 'message'], validate: validateContact },
  report: { name: 'form-report', table: 'report', columns: REPORT_COLUMNS, phone: 'telefono', validate: validateReport, mailed: true },
};

/** Whether `name` is a lead type (for the export command's argument). */
export const isLeadKind = (name: string): name is keyof typeof LEAD_KINDS => Object.hasOwn(LEAD_KINDS, name);
