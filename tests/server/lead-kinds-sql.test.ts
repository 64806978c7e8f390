// The lead index and the webhook payload come from the lead-kind registry (@obra/schema/lead-kinds):
// the database's trigger functions are generated from it, applied by migrate() whenever they
// differ, and index every kind row as the registry sums it up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldOf, LEAD_KIND_SPECS, leadSummary } from '@obra/schema/lead-kinds';
import { migrate, READ_ROUTINES_HASH, ROUTINES_HASH } from '@obra/server/testing';
import { postJson, reportOn, startLocalApi, VALID, type LocalApi } from './support/api.ts';

let local: LocalApi;
beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0' });
});
afterAll(() => local.close());

const hash = async () => (await local.api.db.query<{ hash: string | null }>(READ_ROUTINES_HASH))[0]!.hash;

describe('the functions generated from the lead-kind registry', () => {
  it('are in the database the API migrated, and put back by the next migration when they differ', async () => {
    expect(await hash()).toBe(ROUTINES_HASH);
    // An older version's functions (as migration 010 wrote them): the next start replaces them.
    await local.api.db.exec(`create or replace function lead_from_contact() returns trigger language plpgsql as $$
      begin perform lead_row('contact', new.id, new.created_at, new.spam_reason, new.lang, new.name, new.email, '', 'old: ' || new.message); return null; end $$;
      comment on function webhook_lead_data(uuid) is 'an older version'`);
    expect(await hash()).toBeNull();
    expect(await migrate(local.api.db)).toEqual([]);
    expect(await hash()).toBe(ROUTINES_HASH);
    await postJson(`${local.base}/api/contact`, { ...VALID.contact, message: 'Put back' });
    const [lead] = await local.api.db.query<{ summary: string }>(
      "select l.summary from lead l join contact c on c.id = l.id where c.message = 'Put back'",
    );
    expect(lead!.summary).toBe('Put back');
  });

  it('index each kind as the registry sums it up, with its name, e-mail and phone', async () => {
    const report = await reportOn(local.base);
    const sent = { ...VALID, report, empty: { ...report, otros: [], nombre: 'Sin Extras' } };
    for (const [name, input] of Object.entries(sent)) {
      const spec = LEAD_KIND_SPECS[name === 'empty' ? 'report' : (name as keyof typeof LEAD_KIND_SPECS)];
      const response = await postJson(`${local.base}/api/${spec.path}`, input);
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      const [lead] = await local.api.db.query<{ name: string; email: string; phone: string; summary: string }>(
        'select name, email, phone, summary from lead where id = $1',
        [id],
      );
      const stored = spec.validate(input);
      if (!stored.ok) throw new Error(`${name} is not valid`);
      const column = (field: string) => stored.value[fieldOf(spec, field).column] ?? '';
      expect(lead).toEqual({
        name: column(spec.person.name),
        email: column(spec.person.email),
        phone: spec.person.phone ? column(spec.person.phone) : '',
        summary: leadSummary(spec, (field) => column(field.name)),
      });
    }
    // The summaries in words: a report without extras ends with its place, not with an empty part.
    const summaries = await local.api.db.query<{ summary: string }>("select summary from lead where kind = 'report' order by created_at");
    expect(summaries.map((row) => row.summary)).toEqual([
      'housing, Medellín, Colombia. paneles-solares,domotica',
      'housing, Medellín, Colombia',
    ]);
  });
});
