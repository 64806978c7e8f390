import type { Config } from '../config.ts';
import type { Queryable } from '../db/index.ts';
import { imageOf } from '../images/ids.ts';
import type { Logger } from '../log.ts';

/**
 * A report's image when `url` is an image this API generated and stored, on its own origin, and
 * nothing else: no user name or password (`http://PAY-HERE.evil.example:x@host/…` has the API's
 * origin), no query, no fragment. Its id, and the URL the report keeps: the API's own, made here
 * (PUBLIC_URL + the path, or the path alone), never the string the visitor sent, whose host
 * without PUBLIC_URL was whatever Host header they chose. Undefined otherwise: another site's
 * picture, a `javascript:` URL or an image never generated would put a stranger's content or
 * links in the PDF the server mails and the webhooks it sends (docs/operators/reports.md).
 */
export async function reportImage(
  db: Queryable,
  url: string,
  origin: string,
  publicUrl: string | undefined,
): Promise<{ id: string; url: string } | undefined> {
  const image = imageOf(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!image || parsed.origin !== origin || parsed.username || parsed.password || parsed.search || parsed.hash) return undefined;
  const [row] = await db.query<{ id: string }>('select id from image where id = $1', [image.id]);
  return row && { id: row.id, url: `${publicUrl ?? ''}/api/images/${image.id}.${image.ext}` };
}

/**
 * Whether a new report to `correo`, sent by `client`, is mailed (`queued`) or only stored
 * (`held`): at most REPORT_MAILS_PER_ADDRESS mails to one address in 24 h (resends included) and
 * REPORT_MAILS_PER_CLIENT from one client in an hour, so neither a stranger's inbox nor the
 * hourly pace (mail-queue.ts) can be spent by one sender. Runs in the report's insert
 * transaction, holding locks on the client, then the address (always in that order), so
 * concurrent reports are counted one by one.
 */
export async function reportMailStatus(
  tx: Queryable,
  correo: string,
  client: string,
  caps: Config['reportMail'],
  log: Logger,
): Promise<'queued' | 'held'> {
  const address = correo.toLowerCase();
  await tx.query("select pg_advisory_xact_lock(hashtext('report-mail-client:' || $1))", [client]);
  await tx.query("select pg_advisory_xact_lock(hashtext('report-mail:' || $1))", [address]);
  const [counts] = await tx.query<{ to_address: number; from_client: number }>(
    `select count(*) filter (where address = $1 and queued_at > now() - interval '24 hours')::int as to_address,
            count(*) filter (where client = $2 and queued_at > now() - interval '1 hour')::int as from_client
     from report_mail where queued_at > now() - interval '24 hours' and (address = $1 or client = $2)`,
    [address, client],
  );
  if (caps.perAddress && counts!.to_address >= caps.perAddress) return 'held';
  if (caps.perClient && counts!.from_client >= caps.perClient) {
    log.warn('report e-mails: a client reached its hourly cap; its new reports are stored and not mailed', { cap: caps.perClient });
    return 'held';
  }
  return 'queued';
}

/**
 * Queues one more e-mail of a stored report (the console's resend), within the per-address cap
 * like any other; the time it may go again otherwise.
 */
export async function queueResend(
  tx: Queryable,
  id: string,
  caps: Config['reportMail'],
): Promise<{ queued: true } | { queued: false; retryAt: Date } | undefined> {
  const [report] = await tx.query<{ address: string }>('select lower(correo) as address from report where id = $1', [id]);
  if (!report) return undefined;
  await tx.query("select pg_advisory_xact_lock(hashtext('report-mail:' || $1))", [report.address]);
  const sent = await tx.query<{ queued_at: Date }>(
    `select queued_at from report_mail where address = $1 and queued_at > now() - interval '24 hours' order by queued_at`,
    [report.address],
  );
  if (caps.perAddress && sent.length >= caps.perAddress) {
    const oldest = sent[sent.length - caps.perAddress]!.queued_at;
    return { queued: false, retryAt: new Date(new Date(oldest).getTime() + 24 * 3600_000) };
  }
  await tx.query("update report set mail_status = 'queued', mailed_at = null, mail_error = null, mail_next_at = now() where id = $1", [id]);
  await tx.query('insert into report_mail (report_id, address, resend) values ($1, $2, true)', [id, report.address]);
  return { queued: true };
}
