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
 * Whether a new report to `correo` is mailed (`queued`) or only stored (`held`): at most
 * REPORT_MAILS_PER_ADDRESS mails to one address in 24 h and REPORT_MAILS_PER_HOUR in all, so the
 * report e-mail cannot be turned on strangers' inboxes. Runs in the report's insert transaction,
 * holding a lock on the address, so concurrent reports to one address are counted one by one.
 */
export async function reportMailStatus(tx: Queryable, correo: string, caps: Config['reportMail'], log: Logger): Promise<'queued' | 'held'> {
  const address = correo.toLowerCase();
  await tx.query("select pg_advisory_xact_lock(hashtext('report-mail:' || $1))", [address]);
  const [counts] = await tx.query<{ to_address: number; last_hour: number }>(
    `select count(*) filter (where lower(correo) = $1)::int as to_address,
            count(*) filter (where created_at > now() - interval '1 hour')::int as last_hour
     from report where mail_status <> 'held' and spam_reason is null and created_at > now() - interval '24 hours'`,
    [address],
  );
  if (caps.perAddress && counts!.to_address >= caps.perAddress) return 'held';
  if (caps.perHour && counts!.last_hour >= caps.perHour) {
    log.warn('report e-mails: the hourly cap is reached; new reports are stored and not mailed', { cap: caps.perHour });
    return 'held';
  }
  return 'queued';
}
