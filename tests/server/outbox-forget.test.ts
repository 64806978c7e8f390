// A lead deleted on request leaves no mail about it in the outbox folder (packages/server/src/mail/mail-outbox.ts),
// even when the deletion comes while a mail about it is being made from a row read before it.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, loadConfig } from '@obra/server';
import { createMailOutbox, type MailQueue } from '@obra/server/testing';

interface Row {
  id: string;
  lead: string;
}

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** An outbox over one queue that hands out `rows` once; `made` runs while each mail is being made. */
function outboxOf(rows: Row[], made: (row: Row) => Promise<void> = async () => {}) {
  dir = mkdtempSync(join(tmpdir(), 'obra-outbox-'));
  let pending = [...rows];
  const sent: string[] = [];
  const queue: MailQueue<Row> = {
    name: 'report',
    claim: async () => {
      const due = pending;
      pending = [];
      return due;
    },
    mail: async (row) => {
      await made(row);
      return { to: 'ana@example.com', subject: 'Tu reporte', text: `Sobre ${row.lead}` };
    },
    sent: async (row) => void sent.push(row.id),
    failed: async () => {},
    describe: (row) => ({ id: row.id, lead: row.lead }),
  };
  const config = loadConfig({ OBRA_DATA_DIR: dir, MAIL_OUTBOX_DIR: join(dir, 'outbox'), MAIL_RETRY_MS: '60000' });
  const outbox = createMailOutbox({ config, log: createLogger('silent'), queues: [queue] });
  return { outbox, sent, files: () => readdirSync(join(dir, 'outbox')).sort() };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((retry) => setTimeout(retry, 25));
  expect(check()).toBe(true);
};

describe('the outbox forgets a deleted lead', () => {
  it('writes no mail made from a row read before its lead was forgotten; the other lead’s is written', async () => {
    let forgetNow: (() => Promise<void>) | undefined;
    const { outbox, sent, files } = outboxOf(
      [
        { id: 'r1', lead: '11111111-1111-4111-8111-111111111111' },
        { id: 'r2', lead: '22222222-2222-4222-8222-222222222222' },
      ],
      // The deletion lands while the first mail is being made from its row.
      async (row) => {
        if (row.id === 'r1') await forgetNow!();
      },
    );
    forgetNow = () => outbox.forget(['11111111-1111-4111-8111-111111111111']);
    outbox.kick();
    await until(() => sent.length === 2);
    await outbox.close();
    expect(files()).toHaveLength(1);
    expect(files()[0]).toContain('22222222-2222-4222-8222-222222222222');
  });
});
