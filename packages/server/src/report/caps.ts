import type { ReportHold } from '@obra/schema';
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

/** What a new report's row says of its e-mail: mailed, or held with why and when a new one would go. */
export type ReportMailDecision = { mail_status: 'queued' } | { mail_status: 'held'; mail_held: ReportHold; mail_retry_at: Date };

/**
 * Whether a new report to `correo`, sent by `client`, is mailed (`queued`) or only stored
 * (`held`): at most REPORT_MAILS_PER_ADDRESS mails to one address in 24 h (resends included) and
 * REPORT_MAILS_PER_CLIENT from one client in an hour, so neither a stranger's inbox nor the
 * hourly pace (mail-queue.ts) can be spent by one sender. A held report records which cap held it
 * (the address's first) and when both have room again, the time the visitor is told. Runs in the
 * report's insert transaction, holding locks on the client, then the address (always in that
 * order), so concurrent reports are counted one by one.
 */
export async function reportMailStatus(
  tx: Queryable,
  correo: string,
  client: string,
  caps: Config['reportMail'],
  log: Logger,
): Promise<ReportMailDecision> {
  const address = correo.toLowerCase();
  await tx.query("select pg_advisory_xact_lock(hashtext('report-mail-client:' || $1))", [client]);
  await tx.query("select pg_advisory_xact_lock(hashtext('report-mail:' || $1))", [address]);
  // A cap of n has room again when the n-th latest mail it counts leaves its window.
  const [free] = await tx.query<{ address_free: Date | null; client_free: Date | null }>(
    `select (select queued_at + interval '24 hours' from report_mail
             where $3::int > 0 and address = $1 and queued_at > now() - interval '24 hours'
             order by queued_at desc offset greatest($3::int - 1, 0) limit 1) as address_free,
            (select queued_at + interval '1 hour' from report_mail
             where $4::int > 0 and client = $2 and queued_at > now() - interval '1 hour'
             order by queued_at desc offset greatest($4::int - 1, 0) limit 1) as client_free`,
    [address, client, caps.perAddress, caps.perClient],
  );
  const { address_free: addressFree, client_free: clientFree } = free!;
  if (!addressFree && !clientFree) return { mail_status: 'queued' };
  if (!addressFree)
    log.warn('report e-mails: a client reached its hourly cap; its new reports are stored and not mailed', { cap: caps.perClient });
  const at = [addressFree, clientFree].flatMap((time) => (time ? [new Date(time).getTime()] : []));
  return { mail_status: 'held', mail_held: addressFree ? 'address' : 'client', mail_retry_at: new Date(Math.max(...at)) };
}

/**
 * Queues one more e-mail of a stored report (the console's resend), within the per-address cap
 * like any other; the time it may go again otherwise. A resend while the report's e-mail is still
 * queued (not yet sent) is answered as queued without queuing or counting another: that one mail
 * is what the address gets (`already`).
 */
export async function queueResend(
  tx: Queryable,
  id: string,
  caps: Config['reportMail'],
): Promise<{ queued: true; already: boolean } | { queued: false; retryAt: Date } | undefined> {
  const [found] = await tx.query<{ address: string }>('select lower(correo) as address from report where id = $1', [id]);
  if (!found) return undefined;
  await tx.query("select pg_advisory_xact_lock(hashtext('report-mail:' || $1))", [found.address]);
  // Read again under the lock: a concurrent resend may have queued it meanwhile.
  const [report] = await tx.query<{ mail_status: string }>('select mail_status from report where id = $1 for update', [id]);
  if (report?.mail_status === 'queued') return { queued: true, already: true };
  const sent = await tx.query<{ queued_at: Date }>(
    `select queued_at from report_mail where address = $1 and queued_at > now() - interval '24 hours' order by queued_at`,
    [found.address],
  );
  if (caps.perAddress && sent.length >= caps.perAddress) {
    const oldest = sent[sent.length - caps.perAddress]!.queued_at;
    return { queued: false, retryAt: new Date(new Date(oldest).getTime() + 24 * 3600_000) };
  }
  await tx.query("update report set mail_status = 'queued', mailed_at = null, mail_error = null, mail_next_at = now() where id = $1", [id]);
  await tx.query('insert into report_mail (report_id, address, resend) values ($1, $2, true)', [id, found.address]);
  return { queued: true, already: false };
}
