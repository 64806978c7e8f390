// A new language reaches every e-mail the API writes and its report PDF (docs/contributors/architecture.md#languages):
// the API is built with the pseudo-language added as a new language is (support/pseudo-server.ts),
// takes it from visitors, partners, operators and the notification rules as any other, and writes
// each mail through its outbox, as in production. A plain ASCII letter in a mail or the PDF is a
// text no catalogue gave, unless it is data (below).
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOperator, signInAs, type Session } from '../server/support/admin.ts';
import { outboxMails, postJson, REPORT, reportOn, startLocalApi, VALID, type LocalApi } from '../server/support/api.ts';
import { subjectOf, textPartsOf } from '../server/support/mail.ts';
import { attachedPdf, pdfPages, overlappingText } from '../server/support/pdf.ts';
import bibliography from '@obra/estimate/sources.json' with { type: 'json' };
import { CURRENCIES, PSEUDO } from './support/pseudo-locale.ts';
import { pseudoServer } from './support/pseudo-server.ts';

let local: LocalApi;
let admin: Session;
const ZONE = 'America/Bogota';
const ORDER = { product: 'Revit', email: 'comprador@example.com' };

beforeAll(async () => {
  // The digest hour is midnight UTC, so today's digest is due at once (it covers yesterday's leads).
  local = await startLocalApi({ RATE_LIMIT: '0', MIN_FILL_MS: '0', DIGEST_HOUR: '0' }, undefined, { code: await pseudoServer() });
  await createOperator(local.api.db, 'ana@example.com', 'admin');
  admin = await signInAs(local.base, 'ana@example.com');
  const { id: ana } = (await local.api.db.query<{ id: string }>("select id::text from admin_user where email = 'ana@example.com'"))[0]!;
  // The operator reads the console, the assignment and morning mails in the new language, now at their morning hour.
  const hour = Number(new Intl.DateTimeFormat('en', { hour: 'numeric', hourCycle: 'h23', timeZone: ZONE }).format(new Date()));
  expect((await admin.call('/api/admin/me', { method: 'PATCH', body: { lang: PSEUDO, timeZone: ZONE, morningHour: hour } })).status).toBe(
    204,
  );
  // The team hears of each new lead, and of yesterday's contact messages in a digest, in the new language; the partner gets its copy.
  const rules = ['wait-list', 'partner', 'report'].map((kind) => ({
    kind,
    recipients: ['equipo@example.com'],
    mode: 'each',
    lang: PSEUDO,
    partnerCopy: true,
  }));
  rules.push({ kind: 'contact', recipients: ['resumen@example.com'], mode: 'digest', lang: PSEUDO, partnerCopy: false });
  expect((await admin.call('/api/admin/notifications', { method: 'PUT', body: { rules } })).status).toBe(204);
  const rule = { name: 'Lista', kinds: ['wait-list'], operators: [ana] };
  expect((await admin.call('/api/admin/assignment-rules', { method: 'PUT', body: { rules: [rule] } })).status).toBe(204);

  const visitor = { 'accept-language': PSEUDO };
  // A partner registers in the new language and is approved: its welcome.
  const partner = await postJson(`${local.base}/api/partner`, { ...VALID.partner, correo: 'socio@acme.example' }, visitor);
  expect(partner.status).toBe(201);
  const { id: partnerId } = (await partner.json()) as { id: string };
  const approval = await admin.call(`/api/admin/partners/${partnerId}/approve`, {
    method: 'POST',
    body: { code: 'acme', origins: ['https://acme.example'] },
  });
  expect(approval.status).toBe(200);
  // Yesterday's contact message, for the digest.
  const contact = await postJson(`${local.base}/api/contact`, VALID.contact, visitor);
  expect(contact.status).toBe(201);
  await local.api.db.query("update lead set created_at = now() - interval '1 day' where kind = 'contact'");
  // A wait-list lead from the partner's site (the team's mail, the partner's copy, the assignment) with a task due today.
  const lead = await postJson(
    `${local.base}/api/wait-list`,
    { ...VALID['wait-list'], attribution: { widget: 'wait-list', version: 'dev', partner: 'ACME' } },
    { ...visitor, origin: 'https://acme.example' },
  );
  expect(lead.status).toBe(201);
  const { id: leadId } = (await lead.json()) as { id: string };
  await local.api.db.query("insert into lead_task (lead_id, type, due_at, assignee) values ($1, 'call', now(), $2)", [leadId, ana]);
  // A design report in the new language: its mail and PDF.
  expect((await postJson(`${local.base}/api/form-report`, await reportOn(local.base), visitor)).status).toBe(201);
  // A paid order bought in the new language: its confirmation.
  await local.api.db.query(
    `insert into "order" (provider, event_id, session_id, slug, product, amount, currency, lang, payment_status, customer_email, mail_status)
     values ('stripe', 'evt_1', 'cs_1', 'revit', $1, 250000, 'USD', $2, 'paid', $3, 'queued')`,
    [ORDER.product, PSEUDO, ORDER.email],
  );
  // A webhook endpoint the worker disabled: its notice to the admins.
  await local.api.db.query(
    "insert into webhook_endpoint (url, events, secret) values ('https://hooks.example/obra', '{lead.created}', 'whsec_x')",
  );
  await local.api.db.query("update webhook_endpoint set enabled = false, disabled_reason = 'failing', disabled_at = now()");
  // The next lead kicks the outbox again: every mail above is then due.
  expect((await postJson(`${local.base}/api/wait-list`, { ...VALID['wait-list'], nombre: 'Otra' }, visitor)).status).toBe(201);
  await vi.waitFor(
    async () =>
      expect(
        await local.api.db.query(`select 'notification' from notification_mail where sent_at is null
          union all select 'assigned' from lead_assignment where sent_at is null
          union all select 'follow-up' from follow_up_mail where sent_at is null
          union all select 'order' from "order" where mail_status = 'queued'
          union all select 'report' from report where mailed_at is null`),
      ).toEqual([]),
    { timeout: 30_000, interval: 100 },
  );
}, 120_000);
afterAll(() => local?.close());

/** What the test stored, as the mails and the PDF repeat it: names, addresses, phones, messages, places, codes. */
const SENT = [VALID, REPORT, ORDER, 'acme', ZONE, 'Otra'];
/**
 * The references the estimate cites, in their own language: each source's publisher and title
 * (the PDF's sources page names them as published).
 */
const REFERENCES = Object.values(bibliography.sources).map(({ publisher, title }) => `${publisher} ${title}`);
/**
 * Whether `word` is a piece of a source's address that the sources page wrapped onto a line of its
 * own: the address broken after a `/`, `-`, `_`, `.` or `?` (report/estimate-pages.ts), up to the next.
 */
const BREAK = /^[-/_.?]$/;
const inAddress = (word: string) =>
  Object.values(bibliography.sources).some(({ url }) => {
    for (let at = url.indexOf(word); at > 0; at = url.indexOf(word, at + 1))
      if (BREAK.test(url[at - 1]!) && (at + word.length === url.length || BREAK.test(url[at + word.length]!))) return true;
    return false;
  });
/** The words of `text` (split as the site's test splits a page's). */
const wordsOf = (text: string) => text.split(/[\s:;,.()/·–—¿?¡!"“”«»'‘’]+/).filter(Boolean);
const dataWords = new Set(wordsOf(JSON.stringify([SENT, REFERENCES]).replace(/\\n/g, ' ')));
/**
 * The words Intl writes for a language it does not know (months, AM and PM, in its default
 * language): a real language has its own (CLDR); the pseudo-language cannot.
 */
const intlWords = new Set(
  Array.from({ length: 24 }, (_, hour) =>
    (['medium', 'long'] as const).flatMap((dateStyle) =>
      new Intl.DateTimeFormat(PSEUDO, { dateStyle, timeStyle: 'short', timeZone: 'UTC' })
        .formatToParts(Date.UTC(2026, hour % 12, 1, hour))
        .filter((part) => part.type === 'month' || part.type === 'dayPeriod')
        .map((part) => part.value),
    ),
  ).flat(),
);

/**
 * The words of `text` with a plain ASCII letter that are not data: what the test stored, the
 * estimate's references, an address (a token with `@` or `://`, or a path), a line of code (the
 * snippets a partner pastes: a line starting with `<`, and an HTML part's tags), a word with a
 * digit (an amount, a date, a reference), a currency's code, what Intl writes, a wrapped piece of a source's address.
 */
function plain(text: string): string[] {
  const prose = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('<'))
    .join('\n')
    .replace(/<[^>]*>/g, ' ')
    .split(/\s+/)
    .filter((token) => !/@|:\/\/|^\//.test(token))
    .join(' ');
  const isData = (word: string) =>
    dataWords.has(word) || intlWords.has(word) || CURRENCIES.includes(word) || /\d/.test(word) || inAddress(word);
  return [...new Set(wordsOf(prose).filter((word) => /[A-Za-z]/.test(word) && !isData(word)))];
}

describe('a new language is its line in the list and its catalogues: the e-mails and the report', () => {
  it('writes every mail in it, with no text outside the catalogues', () => {
    const found: Record<string, string[]> = {};
    const mails = outboxMails(local.dataDir);
    // Each queue's mails, by the outbox's file names: an assignment and a team's notice of each
    // wait-list lead, the team's of the partner's registration and of the report, the partner's
    // copy of the lead from its site, the digest, the partner's welcome, the disabled webhook's notice.
    const queues: Record<string, number> = {};
    for (const name of readdirSync(join(local.dataDir, 'outbox'))) {
      const queue = /-(assigned|follow-up|notification|order|report)-/.exec(name)?.[1] ?? name;
      queues[queue] = (queues[queue] ?? 0) + 1;
    }
    expect(queues).toEqual({ assigned: 2, 'follow-up': 1, notification: 8, order: 1, report: 1 });
    for (const eml of mails) {
      // A notice written in every language of the list: its part in the new language is checked.
      const parts = (text: string, separator: string) => (text.includes(separator) ? text.split(separator) : [text]);
      const subject = subjectOf(eml);
      const subjects = parts(subject, ' · ');
      const texts = textPartsOf(eml).flatMap((text) => (subjects.length > 1 ? parts(text, '\n\n') : [text]));
      const inPseudo = (list: string[]) => list.filter((part) => !plain(part).length);
      if (subjects.length > 1 && inPseudo(subjects).length === 1 && inPseudo(texts).length === 1) continue;
      const words = plain([subject, ...textPartsOf(eml)].join('\n'));
      if (words.length) found[subject] = words;
    }
    expect(found).toEqual({});
  });

  it("writes the report's PDF in it, with no text outside the catalogues and none running into another", async () => {
    const pdf = attachedPdf(outboxMails(local.dataDir, '-report-')[0]!);
    const pages = await pdfPages(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.map(plain)).toEqual(pages.map(() => []));
    expect(await overlappingText(pdf)).toEqual([]);
    // PSEUDO_PDF=<file> keeps it, to look at its pages (pdftoppm -png).
    if (process.env.PSEUDO_PDF) writeFileSync(process.env.PSEUDO_PDF, pdf);
  });
});
