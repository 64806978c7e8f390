import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import { runInBackground } from '../jobs.ts';
import type { Logger } from '../log.ts';
import { PRIVATE, privateDir } from '../private-files.ts';
import { storedText } from '../stored-text.ts';

/** One e-mail, as nodemailer takes it (the sender is the mail outbox's MAIL_FROM). */
interface Mail {
  to: string;
  /** Where replies go (an operator's own mail to a lead: the operator). */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/**
 * A kind of e-mail the mail outbox sends, kept in its own table: the rows due now are claimed (a
 * lease that moves their next attempt forward, `for update skip locked` keeping API processes
 * apart: claimDue in jobs.ts), each is made into a mail, then marked sent — or failed, to be
 * claimed again when its lease ends.
 */
export interface MailQueue<Row> {
  /** For the log. */
  readonly name: string;
  /** Rows due now, leased; empty when there is nothing to send. */
  claim(): Promise<Row[]>;
  /** The mail of a row, or null when there is nothing to say after all (it is marked sent). */
  mail(row: Row): Promise<Mail | null>;
  sent(row: Row): Promise<void>;
  failed(row: Row, reason: string): Promise<void>;
  /**
   * What the log says about a row (an id, never an address): `id`, and `lead` when the mail is
   * about one lead (its .eml file is named after it, to be forgotten with it), `digest` for a
   * digest (it names its leads inside).
   */
  describe(row: Row): { id: unknown; lead?: string | null; digest?: boolean } & Record<string, unknown>;
  /** Work to do before claiming, e.g. queue today's digests. */
  prepare?(): Promise<void>;
}

/** Every e-mail the API sends: stored first, sent in the background, retried until it goes. */
export interface MailOutbox {
  /** Sends what is due now (after a new lead or report); returns at once. */
  kick(): void;
  /**
   * Deletes the .eml files (no SMTP_URL) about these leads: their own mails, and the digests that
   * list them. A lead deleted on request leaves no copy of what the visitor typed in the outbox
   * folder.
   */
  forget(leadIds: readonly string[]): Promise<void>;
  /** Stops retrying and waits for a send under way. */
  close(): Promise<void>;
}

/**
 * Why tables and not a send before answering: SMTP can take seconds or be down, and the visitor
 * must not wait for it nor lose the mail when it fails. Each queue's rows are the mail outbox (see
 * {@link MailQueue}), retried with a growing delay (MAIL_RETRY_MS, doubling, at most 1 h), checked
 * at start-up, on each new lead and every MAIL_RETRY_MS. Without SMTP_URL each mail is written to
 * MAIL_OUTBOX_DIR as an .eml file.
 */
export function createMailOutbox({
  config,
  log,
  queues,
  onSent,
}: {
  config: Config;
  log: Logger;
  queues: readonly MailQueue<unknown>[];
  /** After a row is marked sent: marking a report mailed stores its `report.mailed` webhook event. */
  onSent?: () => void;
}): MailOutbox {
  const { smtpUrl, from, outboxDir, timeoutMs, retryMs } = config.mail;
  // nodemailer (and pdf-lib, in the report queue) load with the first mail, not at start: most
  // processes start with nothing to send (docs/contributors/performance.md).
  let transport: Promise<Transporter> | undefined;
  const mailer = () =>
    (transport ??= import('nodemailer').then(({ createTransport }) =>
      smtpUrl ? createTransport(smtpUrl, { from }) : createTransport({ streamTransport: true, buffer: true, newline: 'windows' }, { from }),
    ));

  /** The .eml file's name: when, the queue, the row (as the queue describes it), and the lead it is about. */
  const fileName = (queue: { name: string }, { id, lead, digest }: ReturnType<MailQueue<unknown>['describe']>) => {
    const about = lead && lead !== storedText(id) ? `-lead-${lead}` : '';
    return `${new Date().toISOString().replace(/[:.]/g, '-')}-${queue.name}-${storedText(id)}${about}${digest ? '-digest' : ''}.eml`;
  };

  // Writing a mail's file and forgetting a lead's files take turns: a forget that listed the folder
  // while a mail was being renamed into it missed that mail (a deleted lead's report stayed). The
  // leads forgotten lately are remembered, so a mail written from a row read before the deletion
  // is dropped rather than written after it.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    const run = turn.then(task, task);
    turn = run.catch(() => undefined);
    return run;
  };
  const forgotten = new Set<string>();
  const FORGOTTEN_KEPT = 10_000;

  async function send(mail: Mail, name: string, lead: string | null | undefined) {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer from the mail server in ${timeoutMs} ms`)), timeoutMs).unref(),
    );
    const info = (await Promise.race([(await mailer()).sendMail(mail), timeout])) as { message?: Buffer };
    const message = info.message;
    if (!smtpUrl && message) {
      await inTurn(async () => {
        if (lead && forgotten.has(lead)) return;
        // The mails hold what visitors typed: owner-only, like the database (private-files.ts).
        await privateDir(outboxDir);
        // Written aside, then renamed: whoever watches the folder never reads half a message.
        const file = join(outboxDir, name);
        await writeFile(`${file}.part`, message, { mode: PRIVATE.file });
        await rename(`${file}.part`, file);
      });
    }
  }

  async function drain<Row>(queue: MailQueue<Row>) {
    await queue.prepare?.();
    for (let rows = await queue.claim(); rows.length; rows = await queue.claim()) {
      for (const row of rows) {
        const started = performance.now();
        const about = queue.describe(row);
        try {
          const mail = await queue.mail(row);
          if (mail) await send(mail, fileName(queue, about), about.lead);
          await queue.sent(row);
          onSent?.();
          log.info(`${queue.name} mailed`, {
            ...about,
            to: smtpUrl ? 'smtp' : outboxDir,
            skipped: mail ? undefined : true,
            ms: Math.round(performance.now() - started),
          });
        } catch (error) {
          const reason = (error as Error).message.slice(0, 500);
          await queue.failed(row, reason);
          log.warn(`${queue.name} e-mail failed; it will be retried`, { ...about, reason });
        }
      }
    }
  }

  // One queue's failure (its table, its mails) does not hold up the others.
  const background = runInBackground(
    async () => {
      for (const queue of queues) await drain(queue).catch((error) => log.error(`the ${queue.name} mail queue failed`, { error }));
    },
    retryMs,
    (error) => log.error('the mail outbox failed', { error }),
  );
  return {
    kick: background.kick,
    forget: (leadIds) =>
      inTurn(async () => {
        if (smtpUrl || !leadIds.length) return;
        for (const id of leadIds) forgotten.add(id);
        for (const id of forgotten) if (forgotten.size > FORGOTTEN_KEPT) forgotten.delete(id);
        const names = await readdir(outboxDir).catch(() => [] as string[]);
        for (const name of names) {
          const mine = leadIds.some((id) => name.includes(id));
          // A digest names its leads by their console links (notifications/mail-queue.ts), which
          // quoted-printable may have cut with soft line breaks.
          const listed =
            !mine &&
            name.includes('-digest.eml') &&
            (await readFile(join(outboxDir, name), 'utf8').then(
              (text) => leadIds.some((id) => text.replace(/=\r?\n/g, '').includes(`/admin/leads/${id}`)),
              () => false,
            ));
          if (mine || listed) await rm(join(outboxDir, name), { force: true });
        }
      }),
    async close() {
      await background.close();
      if (transport) (await transport).close();
    },
  };
}
