// @vitest-environment node
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contactSchema, emptyOf, formReportSchema, line, optional, partnerSchema, validate, waitListSchema } from '@obra/schema';
import { LEAD_KIND_NAMES } from '@obra/schema/console';
import { fieldOf, LEAD_KIND_SPECS, leadAt, leadSummary, storedFields } from '@obra/schema/lead-kinds';
import { WEBHOOK_COMMON, withLeadFields } from '../../tools/docs/webhook-fields.ts';

const SCHEMAS = { 'wait-list': waitListSchema, partner: partnerSchema, contact: contactSchema, report: formReportSchema };

describe('the lead-kind registry', () => {
  it('declares every kind the console names, each at its own path and table', () => {
    expect(Object.keys(LEAD_KIND_SPECS).sort()).toEqual([...LEAD_KIND_NAMES].sort());
    const specs = Object.values(LEAD_KIND_SPECS);
    expect(new Set(specs.map((spec) => spec.path)).size).toBe(specs.length);
    expect(new Set(specs.map((spec) => spec.table)).size).toBe(specs.length);
    for (const spec of specs) expect(leadAt(spec.path)).toBe(spec);
    expect(leadAt('order')).toBeUndefined();
  });

  it.each(Object.entries(SCHEMAS))('lists every field of the %s schema once, each with its own column', (kind, schema) => {
    const spec = LEAD_KIND_SPECS[kind as keyof typeof SCHEMAS];
    expect(spec.fields.map((field) => field.name).sort()).toEqual(Object.keys(schema.entries).sort());
    expect(new Set(spec.fields.map((field) => field.column)).size).toBe(spec.fields.length);
    for (const name of [spec.person.name, spec.person.email, ...spec.summary.parts.flat()]) expect(fieldOf(spec, name)).toBeDefined();
  });

  it('stores a valid submission by column, a list joined by commas, and refuses an invalid one by field', () => {
    const report = LEAD_KIND_SPECS.report;
    const refused = report.validate({ sistemaConstructivo: 'adobe' });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.errors.sistemaConstructivo).toEqual({ key: 'choose' });
    const stored = LEAD_KIND_SPECS['wait-list'].validate({
      interesado: 'cliente',
      nombre: ' Ana ',
      correo: 'ana@example.com',
      telefono: '+57 300 123 4567',
      comentario: 'Una casa',
    });
    expect(stored).toEqual({
      ok: true,
      value: { interesado: 'cliente', nombre: 'Ana', correo: 'ana@example.com', telefono: '+57 300 123 4567', comentario: 'Una casa' },
    });
    expect(fieldOf(report, 'otros')).toMatchObject({ column: 'otros', list: true });
    expect(fieldOf(report, 'sistemaConstructivo')).toMatchObject({ column: 'sistema_constructivo', choices: 'designForm.sistema.options' });
  });

  it('sums a lead up from its parts, leaving out what is empty', () => {
    const values: Record<string, string> = { uso: 'housing', uso_especifico: '', ciudad: 'Medellín', pais: 'Colombia', otros: 'ascensor' };
    expect(leadSummary(LEAD_KIND_SPECS.report, ({ column }) => values[column] ?? '')).toBe('housing, Medellín, Colombia. ascensor');
    expect(leadSummary(LEAD_KIND_SPECS.report, ({ column }) => (column === 'otros' ? '' : (values[column] ?? '')))).toBe(
      'housing, Medellín, Colombia',
    );
    expect(leadSummary(LEAD_KIND_SPECS['wait-list'], ({ column }) => ({ interesado: 'cliente', comentario: 'Hola' })[column] ?? '')).toBe(
      'cliente: Hola',
    );
  });

  it('reads a stored row back under the submitted names', () => {
    const fields = storedFields(LEAD_KIND_SPECS.report, {
      sistema_constructivo: 'bambu',
      alto_edificacion: '7,5',
      otros: 'sotano,ascensor',
      uso: null,
    });
    expect(fields).toMatchObject({ sistemaConstructivo: 'bambu', altoEdificacion: '7,5', otros: 'sotano,ascensor', uso: '', nombre: '' });
    expect(Object.keys(fields)).toHaveLength(LEAD_KIND_SPECS.report.fields.length);
  });

  it('reads optional() as a field a submission may leave out (stored empty), and gives each field its empty value', () => {
    // The wait list's schema with one more field, as its object would be written with it.
    const withField = (company: unknown) => ({ ...waitListSchema, entries: { ...waitListSchema.entries, company } });
    const schema = withField(optional(line(120)));
    const entry = { interesado: 'cliente', nombre: 'Ana', correo: 'ana@example.com', telefono: '+57 300 123 4567', comentario: 'Una casa' };
    expect(validate(schema, entry)).toEqual({ ok: true, value: { ...entry, company: '' } });
    expect(validate(schema, { ...entry, company: ' Acme ' })).toEqual({ ok: true, value: { ...entry, company: 'Acme' } });
    expect(validate(schema, { ...entry, company: 'x'.repeat(121) })).toEqual({
      ok: false,
      errors: { company: { key: 'tooLong', max: 120 } },
    });
    // A bare line() may be empty, but its key is required.
    expect(validate(withField(line(120)), entry)).toMatchObject({
      ok: false,
      errors: { company: { key: 'required' } },
    });
    expect(emptyOf(schema)).toEqual({ interesado: '', nombre: '', correo: '', telefono: '', comentario: '', company: '' });
    expect(emptyOf(formReportSchema)).toMatchObject({ otros: [], uso: '', nombre: '' });
  });

  it('docs/webhooks/v2/common.json holds the fields of each kind as the registry sends them (npm run docs:webhooks)', () => {
    const common = JSON.parse(readFileSync(join(import.meta.dirname, '../..', WEBHOOK_COMMON), 'utf8')) as Parameters<
      typeof withLeadFields
    >[0];
    expect(withLeadFields(common)).toEqual(common);
    expect(common.definitions.waitListFields).toMatchObject({ required: ['interesado', 'nombre', 'correo', 'telefono', 'comentario'] });
  });

  it('places every field of the three open kinds in their summary; the report summary is only what it names', () => {
    for (const spec of Object.values(LEAD_KIND_SPECS)) expect(spec.extras, spec.kind).toEqual([]);
    expect(LEAD_KIND_SPECS.partner.summary.parts).toEqual([['especializacion', 'pais']]);
    expect(Object.values(LEAD_KIND_SPECS).flatMap((spec) => spec.fields.filter((field) => field.optional))).toEqual([]);
  });

  it.each(['es', 'en'])('has the words of every field and choice in the %s catalogues', (lang) => {
    // A catalogue's namespace is its file's name in camelCase (design-form.json → designForm).
    const catalogue = (namespace: string) =>
      JSON.parse(
        readFileSync(
          join(
            import.meta.dirname,
            `../../packages/i18n/locales/${lang}/${namespace.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.json`,
          ),
          'utf8',
        ),
      ) as Record<string, unknown>;
    const at = (key: string) => {
      const [namespace, ...path] = key.split('.');
      return path.reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue(namespace!));
    };
    for (const spec of Object.values(LEAD_KIND_SPECS))
      for (const field of spec.fields) {
        if (field.shown) expect(at(`console.field.${field.column}`), `${spec.kind} ${field.name}`).toEqual(expect.any(String));
        if (field.choices) expect(Object.keys((at(field.choices) as object | undefined) ?? {}).length, field.choices).toBeGreaterThan(1);
      }
  });
});
