// Two servers from one checkout on different data each link to themselves (issue 41): the origin
// `npm start` serves is recorded in the database it serves (packages/server/src/served-origin.ts),
// so the one-time link `npm run admin -- create-user` prints and the console link of a new-lead
// e-mail (a real .eml in each server's outbox) name that server's own port, whichever started last.
// On PostgreSQL both share one OBRA_DATA_DIR, as `DATABASE_URL=… PORT=… npm start` from a checkout
// whose embedded database is in `.data` does; each writes its mails to its own MAIL_OUTBOX_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInAs } from './support/admin.ts';
import { VALID, freshDatabase, outboxMails, postJson, runNpm, startProcess, type ApiProcess, type TestDatabase } from './support/api.ts';

const PASSWORD = 'a long enough password';
/** The folders whose `outbox` each server writes its mails to (as outboxMails reads them). */
const mailDirs = [mkdtempSync(join(tmpdir(), 'obra-mail-')), mkdtempSync(join(tmpdir(), 'obra-mail-'))];
const databases: TestDatabase[] = [];
const hosts: ApiProcess[] = [];
/** Each server's environment: its database, and its own mail outbox. */
const envs: Record<string, string>[] = [];

beforeAll(async () => {
  for (const mailDir of mailDirs) {
    const database = await freshDatabase();
    databases.push(database);
    const shared = databases[0]!.kind === 'postgres' ? { OBRA_DATA_DIR: databases[0]!.env.OBRA_DATA_DIR } : {};
    envs.push({ ...database.env, ...shared, MAIL_OUTBOX_DIR: join(mailDir, 'outbox') });
  }
  // One after the other: the second start must not change where the first one's links go.
  for (const env of envs) hosts.push(await startProcess('host', env));
});
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.stop()));
  await Promise.all(databases.map((database) => database.drop()));
  for (const mailDir of mailDirs) rmSync(mailDir, { recursive: true, force: true });
});

describe('two servers from one checkout on different data', () => {
  it('each has its own address in the link `npm run admin -- create-user` prints', async () => {
    for (const [n, env] of envs.entries()) {
      const invited = await runNpm(['admin', '--', 'create-user', `invited${n}@example.com`, '--role', 'agent'], env);
      expect(invited.code, invited.stderr).toBe(0);
      expect(invited.stdout).toContain(`${hosts[n]!.base}/admin/`);
      const admin = await runNpm(
        ['admin', '--', 'create-user', `admin${n}@example.com`, '--role', 'admin', '--password-stdin'],
        env,
        PASSWORD,
      );
      expect(admin.code, admin.stderr).toBe(0);
      expect(admin.stdout).toBe(`admin${n}@example.com (admin) can sign in at ${hosts[n]!.base}/admin\n`);
    }
  });

  it('each mails console links to its own address', async () => {
    const ids: string[] = [];
    for (const [n, host] of hosts.entries()) {
      const admin = await signInAs(host.base, `admin${n}@example.com`, PASSWORD);
      const rules = [{ kind: 'wait-list', recipients: ['team@example.com'], mode: 'each', lang: 'en' }];
      expect((await admin.call('/api/admin/notifications', { method: 'PUT', body: { rules } })).status).toBe(204);
      const response = await postJson(`${host.base}/api/wait-list`, { ...VALID['wait-list'], nombre: `Servidor ${n}` });
      expect(response.status).toBe(201);
      ids.push(((await response.json()) as { id: string }).id);
    }
    for (const [n, mailDir] of mailDirs.entries()) {
      const mails = () => outboxMails(mailDir).filter((eml) => eml.includes(`Servidor ${n}`));
      await vi.waitFor(() => expect(mails()).toHaveLength(1), { timeout: 20_000, interval: 100 });
      const text = mails()[0]!.replace(/=\r\n/g, '');
      expect(text).toContain(`${hosts[n]!.base}/admin/leads/${ids[n]}`);
      expect(text).not.toContain(hosts[1 - n]!.base);
    }
  });
});
