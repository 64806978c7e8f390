// Tasks over real HTTP (issue 40): several per lead, the lead's follow-up kept as its next open
// task, each added or done on the timeline, "my tasks" in order of time with keyset pages, the
// refusals (401, CSRF, 400, 404) storing nothing, a note with markup kept as text, and the morning
// e-mail listing the tasks due with each lead's phone (international format) and estimate.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { morningMails } from '@obra/server/testing';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { outboxMails, startLocalApi, type LocalApi } from './support/api.ts';
import { bodyOf, isTo, subjectOf } from './support/mail.ts';

let local: LocalApi;
let ana: Session;
let luis: Session;
let ids: Record<string, string>;
let clock = Date.parse('2026-03-10T17:00:00Z'); // Tuesday noon in Bogotá, the company's zone: past the morning e-mail's hours.
const XSS = '<img src=x onerror=alert(1)> "><script>alert(2)</script>';

interface Task {
  id: string;
  type: string;
  due_at: string;
  assignee: string | null;
  assignee_email: string | null;
  note: string;
  done_at: string | null;
}
interface Mine {
  id: string;
  type: string;
  due_at: string;
  note: string;
  lead_id: string;
  lead_name: string;
  lead_kind: string;
}

const addTask = (lead: string, body: unknown, session = ana, headers?: Record<string, string>) =>
  session.call(`/api/admin/leads/${lead}/tasks`, { method: 'POST', body, headers });
const added = async (lead: string, body: unknown, session = ana) => {
  const response = await addTask(lead, body, session);
  expect(response.status).toBe(201);
  return ((await response.json()) as { task: Task }).task;
};
const done = (task: string, value = true, session = ana, headers?: Record<string, string>) =>
  session.call(`/api/admin/tasks/${task}`, { method: 'PATCH', body: { done: value }, headers });
const followUp = async (lead: string) =>
  (
    await local.api.db.query<{ follow_up_at: Date | null; follow_up_note: string | null }>(
      'select follow_up_at, follow_up_note from lead where id = $1',
      [lead],
    )
  )[0];
const taskCount = async () => (await local.api.db.query<{ n: number }>('select count(*)::int as n from lead_task'))[0]!.n;
const mine = async (session = ana, after?: string) => {
  const response = await session.call(`/api/admin/tasks${after ? `?after=${encodeURIComponent(after)}` : ''}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { items: Mine[]; next: string | null };
};
const userId = async (email: string) =>
  (await local.api.db.query<{ id: string }>('select id from admin_user where email = $1', [email]))[0]!.id;

beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT: '0', MAIL_RETRY_MS: '100' }, undefined, { now: () => clock });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  await createOperator(local.api.db, 'luis@example.com', 'agent');
  ana = await signInAs(local.base, 'ana@example.com');
  luis = await signInAs(local.base, 'luis@example.com');
  // Phones as visitors type them: one national (Colombia's default), one international.
  await local.api.db.query(
    `insert into wait_list (created_at, interesado, nombre, correo, telefono, comentario, request_hash, lang)
     select timestamptz '2026-03-01' + make_interval(hours => n), 'cliente', 'Lead ' || n, 'l' || n || '@example.com',
       case when n = 1 then '3211863000' else '+57 300 000 ' || lpad(n::text, 4, '0') end, 'Casa', 'h', 'es'
     from generate_series(1, 6) n`,
  );
  ids = Object.fromEntries(
    (await local.api.db.query<{ id: string; name: string }>('select id, name from lead')).map((row) => [row.name, row.id]),
  );
  // Lead 2 has a design's estimate in Colombian pesos.
  await local.api.db.query(
    `update lead set estimate = '{"low": 450000000, "expected": 520000000, "high": 610000000, "currency": "COP", "weeks": 30,
       "drivers": [], "country": "CO", "fallback": false}', value_usd = 130000 where id = $1`,
    [ids['Lead 2']],
  );
});
afterAll(() => local.close());

describe('tasks on a lead', () => {
  it('are several, each on the timeline; the lead keeps its next open one as its follow-up', async () => {
    const quote = await added(ids['Lead 1']!, { type: 'quote', due: '2026-03-12T09:00:00-05:00', note: 'Cotización del techo' });
    const call = await added(ids['Lead 1']!, { type: 'call', due: '2026-03-10T15:00:00-05:00' });
    const visit = await added(ids['Lead 1']!, {
      type: 'site-visit',
      due: '2026-03-11T08:00:00-05:00',
      note: 'Medir el lote',
      assignee: await userId('luis@example.com'),
    });
    // A task on a lead nobody has is the operator's who adds it; the one given to Luis is his.
    expect([quote.assignee_email, call.assignee_email, visit.assignee_email]).toEqual([
      'ana@example.com',
      'ana@example.com',
      'luis@example.com',
    ]);
    expect(call).toMatchObject({ type: 'call', due_at: '2026-03-10T20:00:00.000Z', note: '', done_at: null });
    expect(await followUp(ids['Lead 1']!)).toEqual({ follow_up_at: new Date('2026-03-10T20:00:00Z'), follow_up_note: '' });

    expect((await done(call.id)).status).toBe(204);
    expect(await followUp(ids['Lead 1']!)).toEqual({ follow_up_at: new Date('2026-03-11T13:00:00Z'), follow_up_note: 'Medir el lote' });
    // Done twice changes nothing more; open again, it is the next one again.
    expect((await done(call.id)).status).toBe(204);
    expect((await done(call.id, false)).status).toBe(204);
    expect((await followUp(ids['Lead 1']!))!.follow_up_at).toEqual(new Date('2026-03-10T20:00:00Z'));
    for (const task of [call, visit, quote]) expect((await done(task.id, true, luis)).status).toBe(204);
    expect(await followUp(ids['Lead 1']!)).toEqual({ follow_up_at: null, follow_up_note: null });

    const lead = (await (await ana.call(`/api/admin/leads/${ids['Lead 1']}`)).json()) as {
      timeline: { type: string; detail: string; actor: string }[];
    };
    expect(lead.timeline.filter((event) => event.type.startsWith('task')).map((event) => [event.type, event.detail, event.actor])).toEqual([
      ['task', 'quote\n2026-03-12T14:00:00.000Z\nCotización del techo', 'ana@example.com'],
      ['task', 'call\n2026-03-10T20:00:00.000Z', 'ana@example.com'],
      ['task', 'site-visit\n2026-03-11T13:00:00.000Z\nMedir el lote', 'ana@example.com'],
      ['task-done', 'call\n2026-03-10T20:00:00.000Z', 'ana@example.com'],
      ['task-done', 'call\n2026-03-10T20:00:00.000Z', 'luis@example.com'],
      ['task-done', 'site-visit\n2026-03-11T13:00:00.000Z\nMedir el lote', 'luis@example.com'],
      ['task-done', 'quote\n2026-03-12T14:00:00.000Z\nCotización del techo', 'luis@example.com'],
    ]);
    const listed = (await (await ana.call(`/api/admin/leads/${ids['Lead 1']}/tasks`)).json()) as { tasks: Task[] };
    expect(listed.tasks.map((task) => [task.type, task.done_at !== null])).toHaveLength(3);
  });

  it("keeps the lead page's follow-up form working as a follow-up task", async () => {
    const patch = (body: unknown) => ana.call(`/api/admin/leads/${ids['Lead 3']}`, { method: 'PATCH', body });
    await added(ids['Lead 3']!, { type: 'call', due: '2026-03-20T09:00:00-05:00' });
    expect((await patch({ followUp: { at: '2026-03-15T09:00:00-05:00', note: 'Volver a llamar' } })).status).toBe(204);
    expect((await patch({ followUp: { at: '2026-03-16T09:00:00-05:00', note: 'Volver a llamar' } })).status).toBe(204);
    const tasks = (await (await ana.call(`/api/admin/leads/${ids['Lead 3']}/tasks`)).json()) as { tasks: Task[] };
    expect(tasks.tasks.map((task) => [task.type, task.due_at, task.note])).toEqual([
      ['follow-up', '2026-03-16T14:00:00.000Z', 'Volver a llamar'],
      ['call', '2026-03-20T14:00:00.000Z', ''],
    ]);
    // Cleared: that task is done, and the call is next.
    expect((await patch({ followUp: null })).status).toBe(204);
    expect(await followUp(ids['Lead 3']!)).toEqual({ follow_up_at: new Date('2026-03-20T14:00:00Z'), follow_up_note: '' });
  });

  it('keeps a note with markup as the text typed', async () => {
    const task = await added(ids['Lead 4']!, { type: 'other', due: '2026-03-10T18:00:00-05:00', note: XSS });
    expect(task.note).toBe(XSS);
    expect((await mine()).items.find((item) => item.id === task.id)?.note).toBe(XSS);
  });

  it('refuses a bad task with a 400 and its code, a missing session (401), the CSRF token (403) and unknown ids (404); nothing stored', async () => {
    const before = await taskCount();
    for (const [body, code] of [
      [{ type: 'lunch', due: '2026-03-10T09:00:00-05:00' }, 'task-type'],
      [{ due: '2026-03-10T09:00:00-05:00' }, 'task-type'],
      [{ type: 'call', due: '2026-03-10T09:00:00' }, 'task-due'],
      [{ type: 'call', due: 'mañana' }, 'task-due'],
      [{ type: 'call', due: '1999-03-10T09:00:00Z' }, 'task-due'],
      [{ type: 'call', due: '2026-03-10T09:00:00Z', note: 'x'.repeat(501) }, 'task-note'],
      [{ type: 'call', due: '2026-03-10T09:00:00Z', note: '\u200b\u200b' }, 'characters'],
      [{ type: 'call', due: '2026-03-10T09:00:00Z', assignee: '00000000-0000-4000-8000-000000000000' }, 'assignee'],
      [{ type: 'call', due: '2026-03-10T09:00:00Z', assignee: 7 }, 'assignee'],
    ] as const) {
      const response = await addTask(ids['Lead 5']!, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ code });
    }
    const valid = { type: 'call', due: '2026-03-10T09:00:00Z' };
    expect((await addTask(ids['Lead 5']!, valid, ana, { 'x-csrf-token': 'wrong' })).status).toBe(403);
    expect((await addTask('00000000-0000-4000-8000-000000000000', valid)).status).toBe(404);
    const anonymous = (path: string, method: string, body?: unknown) =>
      fetch(`${local.base}${path}`, {
        method,
        headers: { origin: local.base, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    expect((await anonymous(`/api/admin/leads/${ids['Lead 5']}/tasks`, 'POST', valid)).status).toBe(401);
    expect((await anonymous(`/api/admin/leads/${ids['Lead 5']}/tasks`, 'GET')).status).toBe(401);
    expect((await anonymous('/api/admin/tasks', 'GET')).status).toBe(401);
    expect(await taskCount()).toBe(before);

    const task = await added(ids['Lead 5']!, valid);
    expect((await done(task.id, true, ana, { 'x-csrf-token': '' })).status).toBe(403);
    expect((await anonymous(`/api/admin/tasks/${task.id}`, 'PATCH', { done: true })).status).toBe(401);
    const bad = await ana.call(`/api/admin/tasks/${task.id}`, { method: 'PATCH', body: { done: 'yes' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'done' });
    expect((await done('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await local.api.db.query('select done_at from lead_task where id = $1', [task.id]))[0]).toEqual({ done_at: null });
    expect((await ana.call('/api/admin/tasks?after=nonsense')).status).toBe(400);
  });
});

describe('my tasks', () => {
  it("lists the operator's open tasks on open leads by time, the overdue first, in keyset pages", async () => {
    // Lead 6 gets 60 calls of Luis's, a day apart from 1 March; one done, and Lead 5 closed.
    await local.api.db.query(
      `insert into lead_task (lead_id, type, due_at, assignee, note)
       select $1, 'call', timestamptz '2026-03-01 14:00Z' + make_interval(days => n), $2, 'Llamada ' || n from generate_series(1, 60) n`,
      [ids['Lead 6'], await userId('luis@example.com')],
    );
    await local.api.db.query("update lead_task set done_at = now() where note = 'Llamada 3'");
    const seen: Mine[] = [];
    let page = await mine(luis);
    seen.push(...page.items);
    while (page.next) seen.push(...(page = await mine(luis, page.next)).items);
    expect(seen).toHaveLength(59);
    expect(seen.slice(0, 3).map((item) => item.note)).toEqual(['Llamada 1', 'Llamada 2', 'Llamada 4']);
    expect(seen.every((item, i) => i === 0 || item.due_at >= seen[i - 1]!.due_at)).toBe(true);
    expect(seen[0]).toMatchObject({ lead_id: ids['Lead 6'], lead_name: 'Lead 6', lead_kind: 'wait-list', type: 'call' });

    // Ana's: Lead 3's call, Lead 4's and Lead 5's; closing Lead 5 takes its task off the list.
    expect((await mine()).items.map((item) => item.lead_name)).toEqual(['Lead 5', 'Lead 4', 'Lead 3']);
    expect((await ana.call(`/api/admin/leads/${ids['Lead 5']}`, { method: 'PATCH', body: { status: 'lost' } })).status).toBe(204);
    expect((await mine()).items.map((item) => item.lead_name)).toEqual(['Lead 4', 'Lead 3']);
  });
});

describe('the morning e-mail', () => {
  it("lists the operator's tasks due today and overdue, each with its lead's phone in international format and its estimate", async () => {
    await added(ids['Lead 1']!, { type: 'call', due: '2026-03-10T16:00:00-05:00', note: 'Llamar por el techo' });
    await added(ids['Lead 2']!, { type: 'quote', due: '2026-03-09T09:00:00-05:00', note: XSS });
    await added(ids['Lead 2']!, { type: 'site-visit', due: '2026-03-13T09:00:00-05:00', note: 'Mañana no' });
    const queue = morningMails(local.api.db, {
      retryMs: 100,
      consoleOrigin: async () => 'http://localhost:8080',
      now: () => new Date(clock),
    });
    clock = Date.parse('2026-03-11T13:05:00Z'); // 08:05 in Bogotá on the 11th
    await queue.prepare!();
    await vi.waitFor(() => expect(outboxMails(local.dataDir, 'follow-up-').filter((eml) => isTo(eml, 'ana@example.com'))).toHaveLength(1), {
      timeout: 10_000,
      interval: 50,
    });
    const [eml] = outboxMails(local.dataDir, 'follow-up-').filter((eml) => isTo(eml, 'ana@example.com'));
    expect(eml).toMatch(/Content-Type: text\/plain/);
    expect(eml).not.toMatch(/text\/html/);
    const text = bodyOf(eml!);
    expect(subjectOf(eml!)).toBe('Obra — tareas para hoy: 3 (atrasadas: 3)');
    // The quote of Lead 2 first (the oldest), its note as typed (a plain-text mail runs nothing), its estimate in pesos.
    expect(text).toMatch(
      new RegExp(
        `— Lead 2 \\(Lista de espera\\)\\n  Enviar cotización: ${XSS.replace(/[()[\]^$*+?.|\\/]/g, '\\$&')}\\n  Teléfono: \\+57 300 0000002\\n  Estimado: COP\\s450\\.000\\.000 – COP\\s610\\.000\\.000\\n`,
      ),
    );
    expect(text).toContain('— Lead 1 (Lista de espera)\n  Llamada: Llamar por el techo\n  Teléfono: +57 321 1863000\n');
    expect(text).not.toContain('Mañana no');
    expect(text).toContain('http://localhost:8080/admin/tasks');
  });
});
