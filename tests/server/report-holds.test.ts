// Why a design report is held, over real HTTP (docs/operators/reports.md#report-e-mail-caps): the
// answer names the cap that held it (its address's 24 h, its sender's hour) and when a new report
// would be mailed, a replay answers the same, and that time is true: a report sent then is mailed.
import type { ReportAnswer } from '@obra/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, reportOn, startLocalApi, type LocalApi, type REPORT } from './support/api.ts';

describe('a held report says why and until when', () => {
  let local: LocalApi;
  let report: typeof REPORT;
  beforeAll(async () => {
    // TRUST_PROXY: each sender is played with X-Forwarded-For.
    local = await startLocalApi({ RATE_LIMIT: '0', TRUST_PROXY: '1', REPORT_MAILS_PER_ADDRESS: '2', REPORT_MAILS_PER_CLIENT: '3' });
    report = await reportOn(local.base);
  });
  afterAll(() => local.close());
  const send = async (from: string, correo: string, headers: Record<string, string> = {}) => {
    const response = await postJson(`${local.base}/api/form-report`, { ...report, correo }, { 'x-forwarded-for': from, ...headers });
    expect(response.status).toBe(201);
    return { answer: (await response.json()) as ReportAnswer, replayed: response.headers.get('idempotent-replayed') };
  };
  /** When the mails the caps count were queued, oldest first. */
  const queued = async (where: string, value: string) =>
    (
      await local.api.db.query<{ queued_at: Date }>(`select queued_at from report_mail where ${where} = $1 order by queued_at`, [value])
    ).map((row) => new Date(row.queued_at).getTime());
  const stored = async (id: string) =>
    (
      await local.api.db.query<{ mail_status: string; mail_held: string | null }>(
        'select mail_status, mail_held from report where id = $1',
        [id],
      )
    )[0];

  it("the address's cap: a first report from another sender is held for the address, until its oldest mail is 24 h old", async () => {
    expect((await send('198.51.100.1', 'ana@example.com')).answer.mail).toBe('queued');
    expect((await send('198.51.100.2', 'ana@example.com')).answer.mail).toBe('queued');
    // A sender who never sent anything: the address, not the sender, is what held it.
    const { answer } = await send('198.51.100.3', 'ANA@example.com', { 'idempotency-key': 'held-address' });
    const [first] = await queued('address', 'ana@example.com');
    expect(answer).toEqual({ id: answer.id, mail: 'held', held: 'address', retryAt: new Date(first! + 24 * 3600_000).toISOString() });
    expect(await stored(answer.id)).toEqual({ mail_status: 'held', mail_held: 'address' });
    // A replay answers what the first request was told.
    const replay = await send('198.51.100.3', 'ANA@example.com', { 'idempotency-key': 'held-address' });
    expect(replay).toEqual({ answer, replayed: 'true' });
  });

  it("the sender's cap: a first report to a new address is held for the sender, until its oldest mail of the hour is an hour old", async () => {
    for (const n of [1, 2, 3]) expect((await send('203.0.113.7', `nuevo${n}@example.com`)).answer.mail).toBe('queued');
    const { answer } = await send('203.0.113.7', 'primera-vez@example.com');
    const [first] = await queued('client', '203.0.113.7');
    expect(answer).toEqual({ id: answer.id, mail: 'held', held: 'client', retryAt: new Date(first! + 3600_000).toISOString() });
    expect(await stored(answer.id)).toEqual({ mail_status: 'held', mail_held: 'client' });
    // Nothing was queued for it: held is stored, not mailed.
    expect(await queued('address', 'primera-vez@example.com')).toEqual([]);
  });

  it('both caps: held for the address, and the time given is when both have room again (the later)', async () => {
    // 203.0.113.7 spent its hour above; ana@ her day.
    const { answer } = await send('203.0.113.7', 'ana@example.com');
    const [address] = await queued('address', 'ana@example.com');
    const [client] = await queued('client', '203.0.113.7');
    expect(answer).toMatchObject({
      mail: 'held',
      held: 'address',
      retryAt: new Date(Math.max(address! + 24 * 3600_000, client! + 3600_000)).toISOString(),
    });
  });

  it('the time is true: once the clock reaches it, the same sender to the same address is mailed', async () => {
    const { answer } = await send('203.0.113.7', 'primera-vez@example.com');
    expect(answer).toMatchObject({ mail: 'held', held: 'client' });
    // Move the mails the caps count back to the moment `retryAt` names: a mail then is no longer counted.
    const due = answer.mail === 'held' ? new Date(answer.retryAt!).getTime() - Date.now() : 0;
    await local.api.db.query(`update report_mail set queued_at = queued_at - $1 * interval '1 millisecond' where client = $2`, [
      due + 1000,
      '203.0.113.7',
    ]);
    expect((await send('203.0.113.7', 'primera-vez@example.com')).answer).toMatchObject({ mail: 'queued' });
  });

  it('a report held before the reasons were recorded is answered `held` alone', async () => {
    const { answer } = await send('203.0.113.7', 'otra@example.com', { 'idempotency-key': 'held-before' });
    expect(answer).toMatchObject({ mail: 'queued' });
    await local.api.db.query("update report set mail_status = 'held', mail_held = null, mail_retry_at = null where id = $1", [answer.id]);
    expect((await send('203.0.113.7', 'otra@example.com', { 'idempotency-key': 'held-before' })).answer).toEqual({
      id: answer.id,
      mail: 'held',
    });
  });
});
