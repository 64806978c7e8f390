// The demo server's wait-list endpoint over real HTTP. The reference API (packages/server)
// replaces it; these cases stay and grow there.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const dataDir = mkdtempSync(join(tmpdir(), 'obra-serve-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess;

beforeAll(async () => {
  server = spawn(process.execPath, ['host/serve.ts'], { cwd: root, env: { ...process.env, PORT: String(port), OBRA_DATA_DIR: dataDir }, stdio: 'pipe' });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Obra demo') && resolve());
    server.once('exit', (code) => reject(new Error(`host/serve.ts exited with ${code}`)));
  });
});
afterAll(() => {
  server?.kill('SIGTERM');
});

const post = (body: string, type = 'application/json') => fetch(`${base}/api/wait-list`, { method: 'POST', headers: { 'content-type': type }, body });
const entry = { interesado: 'proveedor', nombre: ' Ana ', correo: 'ana@example.com', telefono: '+57 300 123 4567', comentario: 'Acero' };

describe('POST /api/wait-list (demo server)', () => {
  it('stores a valid entry, trimmed, and answers 201 with its id', async () => {
    const response = await post(JSON.stringify(entry));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const stored = readFileSync(join(dataDir, 'wait-list.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(stored).toEqual([{ ...entry, nombre: 'Ana', id, receivedAt: expect.any(String) }]);
  });

  it('answers 400 with field errors keyed like the widget messages', async () => {
    const response = await post(JSON.stringify({ ...entry, correo: 'nope', comentario: 'x'.repeat(301) }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: { correo: 'email', comentario: 'tooLong' } });
  });

  it('rejects malformed JSON (400) and huge bodies (413), and keeps serving', async () => {
    expect((await post('{not json')).status).toBe(400);
    expect((await post(JSON.stringify({ ...entry, comentario: 'x'.repeat(20_000) }))).status).toBe(413);
    expect((await fetch(`${base}/widgets/obra-wait-list.js`, { method: 'HEAD' })).status).toBeLessThan(500);
    expect((await post(JSON.stringify(entry))).status).toBe(201);
  });
});
