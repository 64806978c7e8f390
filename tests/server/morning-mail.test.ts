// The morning e-mail of due follow-ups (issue 29), with the clock moved: each operator gets it at
// their hour in their time zone, in their language, with their times; once a day; nothing before
// the hour, nothing when nothing is due, nothing for an operator who turned it off.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { morningMails } from '@obra/server/testing';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { outboxMails, startLocalApi, type LocalApi } from './support/api.ts';
import { bodyOf, isTo, subjectOf } from './support/mail.ts';

let clock = Date.parse('2026-03-10T12:59:00Z'); // 07:59 in Bogotá (the company's zone), 13:59 in Madrid
let local: LocalApi;
const sessions: Record<string, Session> = {};
/** The queue as the API runs it, on the same database and clock: its `prepare` tells at once what the outbox would queue. */
let queue: ReturnType<typeof morningMails>;

const mailsTo = (address: string) => outboxMails(local.dataDir, 'follow-up-').filter((eml) => isTo(eml, address));
const queued = async () =>
  (
    await local.api.db.query<{ email: string; day: string }>(
      'select u.email, m.day::text from follow_up_mail m join admin_user u on u.id = m.user_id order by m.day, u.email',
    )
  ).map((row) => `${row.email} ${row.day}`);
const at = (iso: string, timeZone: string, lang: 'es' | 'en') =>
  new Intl.DateTimeFormat(lang === 'es' ? 'es-CO' : 'en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0', MAIL_RETRY_MS: '100' }, undefined, { now: () => clock });
  queue = morningMails(local.api.db, { retryMs: 100, consoleOrigin: async () => 'http://localhost:8080', now: () => new Date(clock) });
  for (const [email, role] of [
    ['ana@example.com', 'admin'],
    ['luis@example.com', 'agent'],
    ['eva@example.com', 'agent'],
    ['omar@example.com', 'agent'],
  ] as const) {
    await createOperator(local.api.db, email, role);
    sessions[email] = await signInAs(local.base, email);
  }
  const me = (email: string, body: unknown) => sessions[email]!.call('/api/admin/me', { method: 'PATCH', body });
  expect((await me('luis@example.com', { lang: 'en', timeZone: 'Europe/Madrid', morningHour: 7 })).status).toBe(204);
  expect((await me('omar@example.com', { morningHour: null })).status).toBe(204);
  await local.api.db.query(
    `insert into contact (created_at, name, email, message, request_hash, lang)
     select timestamptz '2026-03-01' + make_interval(hours => n), 'Cliente ' || n, 'c' || n || '@example.com', 'Hola', 'h', 'es' from generate_series(1, 8) n`,
  );
  const ids = Object.fromEntries(
    (await local.api.db.query<{ id: string; name: string }>('select id, name from lead')).map((row) => [row.name, row.id]),
  );
  const followUp = (email: string, name: string, time: string, note = '') =>
    sessions[email]!.call(`/api/admin/leads/${ids[name]}`, { method: 'PATCH', body: { followUp: { at: time, note } } });
  // Ana: one late (yesterday), one this afternoon, one tomorrow. Luis: one this morning in Madrid. Omar: one, mail off. Eva: none.
  for (const [email, name, time, note] of [
    ['ana@example.com', 'Cliente 1', '2026-03-09T16:00:00-05:00', 'Enviar la cotización'],
    ['ana@example.com', 'Cliente 2', '2026-03-10T15:30:00-05:00', 'Llamar por el techo'],
    ['ana@example.com', 'Cliente 3', '2026-03-11T10:00:00-05:00', ''],
    ['luis@example.com', 'Cliente 4', '2026-03-11T10:00:00+01:00', 'Call back'],
    ['omar@example.com', 'Cliente 5', '2026-03-10T09:00:00-05:00', ''],
  ] as const)
    expect((await followUp(email, name, time, note)).status).toBe(204);
});
afterAll(() => local.close());

describe('the morning e-mail', () => {
  it("waits for the operator's hour in their time zone", async () => {
    await queue.prepare!();
    expect(await queued()).toEqual([]);
  });

  it("goes at the hour, in the operator's language and time zone, listing what is late and due by the end of their day", async () => {
    clock = Date.parse('2026-03-10T13:05:00Z'); // 08:05 in Bogotá
    await vi.waitFor(() => expect(mailsTo('ana@example.com')).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const [eml] = mailsTo('ana@example.com');
    expect(subjectOf(eml!)).toBe('Obra — tareas para hoy: 2 (atrasadas: 1)');
    const text = bodyOf(eml!);
    expect(text).toContain('(horas de America/Bogota)');
    expect(text).toContain(
      `${at('2026-03-09T21:00:00Z', 'America/Bogota', 'es')} (atrasada) — Cliente 1 (Formulario de contacto)\n  Seguimiento: Enviar la cotización`,
    );
    expect(text).toContain(
      `${at('2026-03-10T20:30:00Z', 'America/Bogota', 'es')} — Cliente 2 (Formulario de contacto)\n  Seguimiento: Llamar por el techo`,
    );
    expect(text).not.toContain('Cliente 3');
    // Without PUBLIC_URL the links point at the host `npm start` serves.
    expect(text).toContain('http://localhost:8080/admin/tasks');
    // Eva has nothing due, Omar turned it off, Luis's hour in Madrid has passed today (his zone, not the company's).
    await queue.prepare!();
    expect(await queued()).toEqual(['ana@example.com 2026-03-10']);
  });

  it('goes once a day', async () => {
    clock = Date.parse('2026-03-10T14:30:00Z'); // 09:30 in Bogotá, still within the hours it may go
    await queue.prepare!();
    expect(await queued()).toEqual(['ana@example.com 2026-03-10']);
    expect(mailsTo('ana@example.com')).toHaveLength(1);
  });

  it("reaches another operator at their hour in their zone, in English, with Madrid's times", async () => {
    clock = Date.parse('2026-03-11T06:10:00Z'); // 07:10 in Madrid, 01:10 in Bogotá
    await vi.waitFor(() => expect(mailsTo('luis@example.com')).toHaveLength(1), { timeout: 10_000, interval: 50 });
    const [eml] = mailsTo('luis@example.com');
    expect(subjectOf(eml!)).toBe('Obra — tasks due today: 1');
    expect(bodyOf(eml!)).toContain(
      `${at('2026-03-11T09:00:00Z', 'Europe/Madrid', 'en')} — Cliente 4 (Contact form)\n  Follow-up: Call back`,
    );
    await queue.prepare!();
    expect(await queued()).toEqual(['ana@example.com 2026-03-10', 'luis@example.com 2026-03-11']);
  });

  it('comes again the next morning while something is still due, and not once it is done', async () => {
    clock = Date.parse('2026-03-11T13:10:00Z'); // 08:10 in Bogotá on the 11th
    await vi.waitFor(() => expect(mailsTo('ana@example.com')).toHaveLength(2), { timeout: 10_000, interval: 50 });
    expect(subjectOf(mailsTo('ana@example.com').find((eml) => subjectOf(eml).includes('3'))!)).toBe(
      'Obra — tareas para hoy: 3 (atrasadas: 2)',
    );
    // Ana works them all: won, lost, and one cleared. The morning after, no mail.
    const ids = (
      await local.api.db.query<{ id: string }>("select id from lead where name in ('Cliente 1', 'Cliente 2', 'Cliente 3') order by name")
    ).map((row) => row.id);
    const ana = sessions['ana@example.com']!;
    expect((await ana.call(`/api/admin/leads/${ids[0]}`, { method: 'PATCH', body: { status: 'won' } })).status).toBe(204);
    expect((await ana.call(`/api/admin/leads/${ids[1]}`, { method: 'PATCH', body: { status: 'lost' } })).status).toBe(204);
    expect((await ana.call(`/api/admin/leads/${ids[2]}`, { method: 'PATCH', body: { followUp: null } })).status).toBe(204);
    clock = Date.parse('2026-03-12T13:10:00Z');
    await queue.prepare!();
    expect((await queued()).filter((row) => row.startsWith('ana@'))).toEqual(['ana@example.com 2026-03-10', 'ana@example.com 2026-03-11']);
  });
});
