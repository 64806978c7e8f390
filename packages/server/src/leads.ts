import { validateContact, validatePartner, validateWaitList, type FieldError } from '@obra/schema';

type Validation = { ok: true; value: Record<string, string> } | { ok: false; errors: Partial<Record<string, FieldError>> };

/** One type of lead: its path under /api, its table, its columns and the widget's own schema. */
export interface LeadKind {
  readonly name: string;
  readonly table: string;
  /** Stored columns, in export order; every one a field of the schema. */
  readonly columns: readonly string[];
  /** The field holding a phone number, validated fully on the server. */
  readonly phone?: string;
  readonly validate: (input: unknown) => Validation;
}

/** Every lead type the API stores; the export command reads the same list. */
export const LEAD_KINDS: Readonly<Record<'wait-list' | 'partner' | 'contact', LeadKind>> = {
  'wait-list': {
    name: 'wait-list',
    table: 'wait_list',
    columns: ['interesado', 'nombre', 'correo', 'telefono', 'comentario'],
    phone: 'telefono',
    validate: validateWaitList as LeadKind['validate'],
  },
  partner: {
    name: 'partner',
    table: 'partner',
    columns: ['nombre', 'telefono', 'correo', 'pais', 'especializacion'],
    phone: 'telefono',
    validate: validatePartner as LeadKind['validate'],
  },
  contact: { name: 'contact', table: 'contact', columns: ['name', 'email', 'message'], validate: validateContact as LeadKind['validate'] },
};

/** Whether `name` is a lead type (for the export command's argument). */
export const isLeadKind = (name: string): name is keyof typeof LEAD_KINDS => Object.hasOwn(LEAD_KINDS, name);
