import type { Config } from '../config.ts';
import type { Queryable } from '../db/index.ts';
import { imageOf } from '../images/ids.ts';
import type { Logger } from '../log.ts';

/**
 * The id of a report's image when `url` is an image this API generated and stored, on its own
 * origin (README, "Report e-mails"); undefined otherwise. Anything else (another site's picture, a
 * `javascript:` URL, an image never generated) would let a stranger put their own content or
 * links in a mail the server sends.
 */
export async function reportImage(db: Queryable, url: string, origin: string): Promise<string | undefined> {
  const image = imageOf(url);
  if (!image || new URL(url).origin !== origin) return undefined;
  const [row] = await db.query<{ id: string }>('select id from image where id = $1', [image.id]);
  return row?.id;
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
