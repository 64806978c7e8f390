// The commands of docs/operators, run as an operator runs them (issue 41): every fenced code block
// of docs/operators/*.md is either run here, against a real started server (host/serve.ts, what
// `npm start` serves) on a temp data folder, and checked against what the doc says next to it, or
// listed in NOT_RUN with the reason it cannot run on this machine. A block added to the docs
// fails this test until it is one or the other.
//
// What the shell runs is the block as written, with only these substitutions (SUBSTITUTIONS):
// the documented folders (/var/backups/obra, /tmp/drill) and files written by `>` go to a temp
// folder; `http://localhost:8080` is the started server's address; `PORT=18200` a free port; and
// `npm start` is what it serves once built (package.json's start script after its build step,
// host/build-stale.ts: `npm test`'s build steps are those builds, and tests/e2e/quick-start.test.ts
// runs `npm start` itself in a fresh copy of the repository). The embedded database (PGlite)
// only: the backup commands are its own.
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@obra/server';
import { docBlocks, type DocBlock } from '../support/doc-blocks.ts';
import { stopGroup } from '../support/process-group.ts';
import { signInAs } from './support/admin.ts';
import { postJson, ROOT, seededDataDir, startProcess, VALID, type ApiProcess } from './support/api.ts';
import { freePort } from './support/postgres.ts';

const DOCS = readdirSync(join(ROOT, 'docs/operators'))
  .filter((name) => name.endsWith('.md'))
  .sort()
  .map((name) => `docs/operators/${name}`);
const blocks = DOCS.flatMap((file) => docBlocks(file));

/** A block's name: its file and its first line that is not a comment. */
const nameOf = (block: DocBlock) =>
  `${block.file}: ${block.body
    .split('\n')
    .find((line) => !line.startsWith('#'))!
    .trim()}`;

/** The blocks this machine cannot run, by name, and why. */
const NOT_RUN: Record<string, string> = {
  'docs/operators/backups.md: createdb --owner=obra obra':
    'needs a PostgreSQL server at db.example and its `obra` role; tests/server/move-to-postgres.pg.test.ts moves a database to a throwaway PostgreSQL',
  'docs/operators/backups.md: pg_dump --format=custom --file=obra-$(date +%F).dump "$DATABASE_URL"':
    'needs a production PostgreSQL server (`$DATABASE_URL`, `postgres://…/obra_restored`): PostgreSQL’s own tools, not Obra’s',
  'docs/operators/production.md: https://obra.example': 'a drawing of the machines (TLS proxy, several hosts, DNS), not a command',
  'docs/operators/production.md: location / {':
    'needs nginx; the headers it sets (X-Forwarded-For appended, X-Forwarded-Proto) are what tests/server/proxy.test.ts sends through one and two proxies',
};

const scratch = mkdtempSync(join(tmpdir(), 'obra-operators-docs-'));
const backups = join(scratch, 'backups');
/** The server the commands run against, on its own temp data folder. */
let host: ApiProcess;
let dataDir: string;
let drillPort: number;
/** The blocks the tests ran. */
const ran = new Set<DocBlock>();
/** What `npm start` runs once its builds are done (package.json). */
const SERVE = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start
  .split(' && ')
  .at(-1)!
  .replace(/^node /, `${process.execPath} `);

/** A shell block's text as the shell runs it here (see the top of this file). */
function SUBSTITUTIONS(body: string): string {
  return body
    .replaceAll('/var/backups/obra/', `${backups}/`)
    .replaceAll('/tmp/drill', join(scratch, 'drill'))
    .replace(/(?<![/\w])(obra-\d{4}-\d\d-\d\d\.obra)/g, `${backups}/$1`)
    .replace(/> (\w[\w.]*)/g, `> ${scratch}/$1`)
    .replaceAll('http://localhost:8080', host.base)
    .replaceAll('PORT=18200', `PORT=${drillPort}`)
    .replaceAll('npm start', SERVE);
}

/** Runs `command` through a shell at the repository's root on the test's data folder (`env` added). */
function shell(command: string, env: Record<string, string> = {}) {
  const run = spawnSync('sh', ['-c', command], {
    cwd: ROOT,
    env: { ...process.env, OBRA_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The block of `file` whose name starts with `start`, its lines substituted. */
function block(file: string, start: string): string[] {
  const found = blocks.filter((b) => b.file === `docs/operators/${file}` && nameOf(b).startsWith(`${b.file}: ${start}`));
  expect(found, `${file}: ${start}`).toHaveLength(1);
  ran.add(found[0]!);
  return (found[0]!.lang === 'sh' ? SUBSTITUTIONS(found[0]!.body) : found[0]!.body).split('\n');
}

beforeAll(async () => {
  mkdirSync(backups);
  dataDir = await seededDataDir();
  drillPort = await freePort();
  host = await startProcess('host', { OBRA_DATA_DIR: dataDir });
  expect((await postJson(`${host.base}/api/wait-list`, { ...VALID['wait-list'], nombre: 'Doc Operadora' })).status).toBe(201);
});
afterAll(async () => {
  await host?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

describe('the commands of docs/operators', () => {
  it('console.md: create-user prints a one-time link on the address served, and with --password-stdin the account signs in', async () => {
    const [invite, withPassword] = block('console.md', 'npm run admin -- create-user');
    const invited = shell(invite!);
    expect(invited.code, invited.stderr).toBe(0);
    // "prints a one-time link (72 h)", on the server's own address (PUBLIC_URL unset), while it runs.
    expect(invited.stdout).toMatch(
      new RegExp(`ana@example.com \\(admin\\): open this link within 72 hours .*\\n${host.base}/admin/set-password#token=\\S+\\n$`),
    );
    const set = shell(withPassword!);
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toContain(`ana@example.com (admin) can sign in at ${host.base}/admin`);
    await expect(signInAs(host.base, 'ana@example.com', 'a long password')).resolves.toBeDefined();
  });

  it('production.md: the health check answers what the doc says', () => {
    const [check] = block('production.md', 'curl -fsS');
    const health = shell(check!);
    expect(health.code, health.stderr).toBe(0);
    expect(health.stdout).toBe(/# (.*)$/.exec(check!)![1]);
  });

  it('production.md: each TRUST_PROXY value shown is one the server starts with', () => {
    for (const line of block('production.md', 'TRUST_PROXY=1')) {
      const [name, value] = line.replace(/\s+#.*$/, '').split('=', 2) as [string, string];
      expect(() => loadConfig({ OBRA_DATA_DIR: dataDir, [name]: value }), line).not.toThrow();
      expect(loadConfig({ OBRA_DATA_DIR: dataDir, [name]: value }).trustProxy, line).toBeTruthy();
    }
  });

  it('console.md: the exports write CSV and JSON, to stdout and to files', () => {
    const lines = block('console.md', 'npm run export -- wait-list');
    const toStdout = shell(lines[0]!);
    expect(toStdout.code, toStdout.stderr).toBe(0);
    expect(toStdout.stdout).toContain('Doc Operadora');
    for (const line of lines.slice(1)) expect(shell(line).code, line).toBe(0);
    expect(JSON.parse(readFileSync(join(scratch, 'partners.json'), 'utf8'))).toEqual([]);
    for (const file of ['contact.csv', 'reports.csv']) expect(readFileSync(join(scratch, file), 'utf8').split('\n')[0]).toMatch(/\t|,/);
  });

  it('backups.md: a backup while the API runs', () => {
    const [command] = block('backups.md', 'npm run backup --');
    const made = shell(command!);
    expect(made.code, made.stderr).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(existsSync(join(backups, `obra-${today}.obra`))).toBe(true);
    // The restore and drill blocks name an older file: that one, as the operator's folder keeps it.
    copyFileSync(join(backups, `obra-${today}.obra`), join(backups, 'obra-2026-11-27.obra'));
  });

  it('backups.md: with the API stopped, a restore into an empty folder, then over data with --force', async () => {
    const [comment, empty, force] = block('backups.md', 'npm run restore --');
    expect(comment).toBe('# stop the API first');
    expect(await host.stop()).toBe(0);
    const target = { OBRA_DATA_DIR: join(scratch, 'restored') };
    const into = shell(empty!, target);
    expect(into.code, into.stderr).toBe(0);
    const over = shell(force!, target);
    expect(over.code, over.stderr).toBe(0);
  });

  it('backups.md: the restore drill restores, exports, and serves the console to a real account', async () => {
    const [restore, exported, start] = block('backups.md', 'OBRA_DATA_DIR=');
    const restored = shell(restore!);
    expect(restored.code, restored.stderr).toBe(0);
    const rows = shell(exported!);
    expect(rows.code, rows.stderr).toBe(0);
    expect(rows.stdout).toContain('Doc Operadora');
    // `npm start` on the drill's folder: "sign in at /admin with a real account".
    const server = spawn('sh', ['-c', start!], { cwd: ROOT, env: { ...process.env, DATABASE_URL: '', HOST: '127.0.0.1' }, detached: true });
    try {
      await new Promise<void>((resolve, reject) => {
        let output = '';
        const seen = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Obra host listening')) resolve();
        };
        server.stdout.on('data', seen);
        server.stderr.on('data', seen);
        server.on('exit', (code) => reject(new Error(`the drill's server exited with ${code}:\n${output}`)));
      });
      const base = `http://127.0.0.1:${drillPort}`;
      expect((await fetch(`${base}/admin`)).status).toBe(200);
      await expect(signInAs(base, 'ana@example.com', 'a long password')).resolves.toBeDefined();
    } finally {
      // Gone before the folder it writes in is removed.
      await stopGroup(server);
    }
  });
});

describe('the code of docs/operators/webhooks.md', () => {
  const secret = `whsec_${Buffer.from('a secret of the tests, 32 bytes!').toString('base64')}`;
  const rawBody = JSON.stringify({ type: 'lead.created', data: { id: 'lead-1' } });
  const signed = (body: string) => {
    const id = 'msg_docs';
    const at = new Date();
    const signature = new Webhook(secret).sign(id, at, body);
    return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
  };
  /** The block's code, less its imports, inside `wrap`, run in a context of its own holding `names` (what its imports and the receiver around it give). */
  const run = (start: string, names: Record<string, unknown>, wrap: (code: string) => string): unknown =>
    runInNewContext(
      wrap(
        block('webhooks.md', start)
          .filter((line) => !line.startsWith('import '))
          .join('\n'),
      ),
      { Buffer, ...names },
    );

  it('the standardwebhooks receiver takes a signed delivery, answers a repeat at once, and refuses a forged one', async () => {
    // The block is the body of a receiver's async handler: its request, raw body, store of ids and reply are the receiver's own.
    const handler = (body: string, seen: boolean) =>
      run(
        "import { Webhook } from 'standardwebhooks'",
        {
          Webhook,
          process: { env: { OBRA_WEBHOOK_SECRET: secret } },
          rawBody: body,
          request: { headers: signed(rawBody) },
          alreadySeen: async () => seen,
          reply: (status: number) => `replied ${status}`,
        },
        (code) => `(async () => {\n${code}\nreturn event;\n})()`,
      ) as Promise<unknown>;
    expect(JSON.stringify(await handler(rawBody, false))).toBe(rawBody);
    expect(await handler(rawBody, true)).toBe('replied 200');
    await expect(handler(rawBody.replace('lead-1', 'lead-2'), false)).rejects.toThrow();
  });

  it('the verification without a library takes a signed delivery and refuses a forged or stale one', () => {
    const verify = run(
      "import { createHmac, timingSafeEqual } from 'node:crypto'",
      { createHmac, timingSafeEqual },
      (code) => `${code}\nverify`,
    ) as (secret: string, headers: Record<string, string>, rawBody: string) => unknown;
    expect(JSON.stringify(verify(secret, signed(rawBody), rawBody))).toBe(rawBody);
    expect(() => verify(secret, signed(rawBody), rawBody.replace('lead-1', 'lead-2'))).toThrow('bad signature');
    expect(() => verify(secret, { ...signed(rawBody), 'webhook-timestamp': '1000' }, rawBody)).toThrow('stale or unsigned');
  });
});

describe('every block of docs/operators', () => {
  it('was run above or is listed with the reason it cannot run here', () => {
    const notRun = blocks.filter((b) => !ran.has(b));
    expect(notRun.map(nameOf).toSorted()).toEqual(Object.keys(NOT_RUN).toSorted());
    // The count the closing note gives: 13 blocks, 9 run, 4 that cannot run here.
    expect([blocks.length, ran.size, notRun.length]).toEqual([13, 9, 4]);
  });
});
