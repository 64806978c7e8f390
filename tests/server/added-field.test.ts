// A field declared once (docs/contributors/architecture.md#lead-kinds): in a copy of the
// repository, an optional "company" is added to the wait list as a developer adds one (its line
// in the schema, its two console labels), and the copy's own API, export command and
// docs:webhooks are run. Nothing else is edited: the registry, the column, the validation, the
// CSV exports, the inbox row, the team's mail, both webhook presets and docs/webhooks/v2 follow.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, openDb } from '@obra/server';
import { createOperator, signInAs, type Session } from './support/admin.ts';
import { freshDatabase, outboxMails, postJson, ROOT, startProcess, VALID, type ApiProcess, type TestDatabase } from './support/api.ts';
import { csvRows, parseCsv } from './support/csv.ts';
import { bodyOf } from './support/mail.ts';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';
import { SEEDED_API_ENV } from './support/seed.ts';

const run = promisify(execFile);
const COMPANY = 'Constructora Andina';

/** A copy of the repository's sources in `dir`, its node_modules linking the root's (the workspace packages to the copy's own). */
function copyRepository(dir: string): void {
  const skip = new Set(['node_modules', 'dist']);
  for (const part of ['packages', 'tools', 'docs/webhooks', 'package.json', 'tsconfig.json'])
    cpSync(join(ROOT, part), join(dir, part), { recursive: true, filter: (source) => !skip.has(source.split('/').at(-1)!) });
  mkdirSync(join(dir, 'node_modules/@obra'), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules')))
    if (name !== '@obra') symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  // Relative links (../../packages/…): inside the copy they reach the copy's packages.
  for (const name of readdirSync(join(ROOT, 'node_modules/@obra')))
    symlinkSync(readlinkSync(join(ROOT, 'node_modules/@obra', name)), join(dir, 'node_modules/@obra', name));
}

/** Replaces `from` (which must be there) with `to` in the copy's `file`. */
function edit(dir: string, file: string, from: string, to: string): void {
  const text = readFileSync(join(dir, file), 'utf8');
  expect(text, file).toContain(from);
  writeFileSync(join(dir, file), text.replace(from, to));
}

/** What a developer writes for the field: its schema line, and its label in each language. */
function addCompany(dir: string): void {
  edit(dir, 'packages/schema/src/wait-list.ts', 'paragraph, phone,', 'line, optional, paragraph, phone,');
  edit(
    dir,
    'packages/schema/src/wait-list.ts',
    '  comentario: paragraph(WAIT_LIST_LIMITS.comentario),\n',
    '  comentario: paragraph(WAIT_LIST_LIMITS.comentario),\n  company: optional(line(120)),\n',
  );
  for (const [lang, label] of [
    ['es', 'Empresa'],
    ['en', 'Company'],
  ]) {
    const file = join(dir, `packages/i18n/locales/${lang}/console.json`);
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as { field: Record<string, string> };
    catalogue.field.company = label!;
    writeFileSync(file, JSON.stringify(catalogue, null, 2));
  }
}

let copy: string;
let database: TestDatabase;
let receiver: Receiver;
let api: ApiProcess;
let admin: Session;
const ids: Record<'old' | 'new', string> = { old: '', new: '' };

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'obra-added-field-'));
  copyRepository(copy);
  addCompany(copy);
  database = await freshDatabase();
  // The operator first, on the database as this version leaves it; the copy's API then adds the column.
  const db = await openDb(loadConfig({ ...database.env, LOG_LEVEL: 'silent' }));
  try {
    await createOperator(db, 'ana@example.com', 'admin');
  } finally {
    await db.close();
  }
  receiver = await startReceiver();
  api = await startProcess('api', { ...database.env, ...SEEDED_API_ENV }, copy);
  admin = await signInAs(api.base, 'ana@example.com');
  for (const format of ['standard', 'spreadsheet'])
    expect(
      (
        await admin.call('/api/admin/webhooks', {
          method: 'POST',
          body: { url: receiver.url(`/${format}`), events: ['lead.created'], format },
        })
      ).status,
    ).toBe(201);
  const rules = [{ kind: 'wait-list', recipients: ['team@example.com'], mode: 'each', lang: 'es' }];
  expect((await admin.call('/api/admin/notifications', { method: 'PUT', body: { rules } })).status).toBe(204);
  // A bundle cached before the field (it does not send the key), and one that sends it.
  const old = await postJson(`${api.base}/api/wait-list`, { ...VALID['wait-list'], correo: 'old@example.com' });
  const sent = await postJson(`${api.base}/api/wait-list`, { ...VALID['wait-list'], correo: 'new@example.com', company: ` ${COMPANY} ` });
  expect([old.status, sent.status]).toEqual([201, 201]);
  ids.old = ((await old.json()) as { id: string }).id;
  ids.new = ((await sent.json()) as { id: string }).id;
  // Past the project's 120 s: a copy, an API process from it and, after a change to the generated SQL, the database template made again.
}, 300_000);

afterAll(async () => {
  await api?.stop();
  await receiver?.close();
  await database?.drop();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a field added to a schema, and nothing else', () => {
  it('is validated: a submission without it is stored empty, one with it stored trimmed, one too long refused and not stored', async () => {
    const lead = async (id: string) =>
      ((await (await admin.call(`/api/admin/leads/${id}`)).json()) as { fields: { name: string; value: string }[] }).fields;
    expect(await lead(ids.old)).toContainEqual({ name: 'company', value: '' });
    expect(await lead(ids.new)).toContainEqual({ name: 'company', value: COMPANY });
    const refused = await postJson(`${api.base}/api/wait-list`, {
      ...VALID['wait-list'],
      correo: 'long@example.com',
      company: 'x'.repeat(121),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ errors: { company: 'tooLong' } });
    const inbox = (await (await admin.call('/api/admin/leads?kind=wait-list')).json()) as { items: { email: string }[] };
    expect(inbox.items.map((item) => item.email).sort()).toEqual(['new@example.com', 'old@example.com']);
  });

  it('is in the inbox row, and the row of a lead without it reads as before', async () => {
    const { items } = (await (await admin.call('/api/admin/leads?kind=wait-list')).json()) as {
      items: { id: string; summary: string; readable: { es: string; en: string } }[];
    };
    const row = (id: string) => items.find((item) => item.id === id)!;
    expect(row(ids.new).readable).toEqual({ es: `Proveedor, ${COMPANY}: Acero`, en: `Supplier, ${COMPANY}: Acero` });
    expect(row(ids.new).summary).toBe(`proveedor, ${COMPANY}: Acero`);
    expect(row(ids.old).readable.es).toBe('Proveedor: Acero');
  });

  it("is in the console's CSV and in npm run export's own column", async () => {
    const csv = csvRows(new Uint8Array(await (await admin.call('/api/admin/export.csv?kind=wait-list')).arrayBuffer()));
    const summary = csv[0]!.indexOf('summary');
    expect(csv.slice(1).map((line) => line[summary])).toContainEqual(expect.stringContaining(COMPANY));
    const { stdout } = await run(process.execPath, ['--conditions=source', 'packages/server/src/export.ts', 'wait-list'], {
      cwd: copy,
      env: { ...process.env, ...database.env },
    });
    const [header, ...rows] = parseCsv(stdout);
    const column = header!.indexOf('company');
    expect(header!.slice(column - 1, column + 2)).toEqual(['comentario', 'company', 'lang']);
    expect(rows.map((line) => line[column])).toEqual(['', COMPANY]);
  });

  it("is in the team's new-lead mail", async () => {
    await vi.waitFor(() => expect(outboxMails(database.env.OBRA_DATA_DIR, 'notification-')).toHaveLength(2), {
      timeout: 60_000,
      interval: 200,
    });
    const bodies = outboxMails(database.env.OBRA_DATA_DIR, 'notification-').map(bodyOf);
    expect(bodies.filter((body) => body.includes(`Proveedor, ${COMPANY}: Acero`))).toHaveLength(1);
  });

  it('is in both webhook presets, and docs/webhooks/v2 as docs:webhooks writes it describes the payloads', async () => {
    await vi.waitFor(
      () =>
        expect(receiver.requests.map((request) => request.path).sort()).toEqual(['/spreadsheet', '/spreadsheet', '/standard', '/standard']),
      {
        timeout: 60_000,
        interval: 200,
      },
    );
    const bodies = (path: string) =>
      receiver.requests.filter((request) => request.path === path).map((request) => JSON.parse(request.body) as Record<string, unknown>);
    const sheets = bodies('/spreadsheet');
    expect(sheets.map((row) => Object.keys(row))).toEqual(
      Array(2).fill(['nombre', 'correo', 'telefono', 'comentario', 'interesado', 'company']),
    );
    expect(new Set(sheets.map((row) => row.company))).toEqual(new Set(['', COMPANY]));
    const standard = bodies('/standard') as { data: { fields: Record<string, unknown> } }[];
    expect(new Set(standard.map((event) => event.data.fields.company))).toEqual(new Set(['', COMPANY]));

    await run(process.execPath, ['--conditions=source', 'tools/docs/webhook-fields.ts'], { cwd: copy });
    const schemas = join(copy, 'docs/webhooks/v2');
    const common = JSON.parse(readFileSync(join(schemas, 'common.json'), 'utf8')) as {
      definitions: { waitListFields: { required: string[]; properties: Record<string, unknown> } };
    };
    expect(common.definitions.waitListFields.properties.company).toEqual({ type: 'string' });
    // Optional: events made before the field was added do not carry it.
    expect(common.definitions.waitListFields.required).not.toContain('company');
    const ajv = new Ajv({ allErrors: true });
    for (const file of readdirSync(schemas)) ajv.addSchema(JSON.parse(readFileSync(join(schemas, file), 'utf8')));
    const validate = ajv.getSchema('https://schemas.obra.example/webhooks/v2/lead.created.json')!;
    for (const event of standard) expect(validate(event), ajv.errorsText(validate.errors)).toBe(true);
    const before = structuredClone(standard[0]!);
    delete before.data.fields.company;
    expect(validate(before)).toBe(true);
  });
});
