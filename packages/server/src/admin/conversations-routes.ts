// Conversations (issue 40, docs/operators/console.md#conversations): message templates (admins
// change them, every operator uses them), e-mails to a lead through the mail outbox, WhatsApp
// messages opened from the console, and calls, visits and meetings logged with an outcome. Every
// message and activity is a lead_event, so any timeline shows it without knowing these tables.
import { fillVariables, type ComposedMessage, type TemplateText } from '@obra/schema/admin-contract';
import { CONVERSATION_LIMITS, type TEMPLATE_VARIABLES } from '@obra/schema/console';
import { leadPhone } from '../lead-phone.ts';
import { inEveryLang, langOr, perLang, type Lang } from '@obra/schema';
import { money } from '@obra/estimate';
import type { Queryable } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { LEAD_KINDS } from '../leads.ts';
import { storedText } from '../stored-text.ts';
import { textsIn } from '../texts.ts';
import type { Operator } from './auth.ts';
import { NO_CONTENT, type RouteHandler } from './context.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const GONE = () => new HttpError(404, 'There is no such lead; it may have been deleted.', { body: { code: 'gone' } });

/** A message template as read. @table message_template */
interface TemplateRow {
  id: string;
  name: string;
  /** Subject and text per language code (migration 120); read through inEveryLang. */
  texts: Partial<Record<string, TemplateText>>;
  updated_at: Date;
  updated_by: string | null;
}
const TEMPLATE_COLUMNS = 'id::text, name, texts, updated_at, updated_by';
const templateOf = (row: TemplateRow) => ({
  id: row.id,
  name: row.name,
  ...inEveryLang(row.texts),
  updatedAt: row.updated_at,
  updatedBy: row.updated_by,
});

/** GET /api/admin/templates: every template, by name. */
export const listTemplates: RouteHandler<'GET templates'> = async ({ db }) => ({
  status: 200,
  body: {
    templates: (await db.query<TemplateRow>(`select ${TEMPLATE_COLUMNS} from message_template order by lower(name)`)).map(templateOf),
  },
});

/** A template's name is unique (whatever its case): 409 `name-taken`. */
async function saveTemplate(db: Queryable, sql: string, params: unknown[]) {
  try {
    const [row] = await db.query<TemplateRow>(sql, params);
    return row;
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw new HttpError(409, 'Another template has this name.', { body: { code: 'name-taken' } });
    throw error;
  }
}

/** A template's texts as stored: each language's subject and text (the contract has checked them). */
const textsOf = (body: Record<Lang, TemplateText>) =>
  JSON.stringify(perLang((lang) => ({ subject: body[lang].subject, body: body[lang].body })));

/** POST /api/admin/templates {name, es: {subject, body}, en: {subject, body}} (admins): 201. */
export const createTemplate: RouteHandler<'POST templates'> = async ({ body, db, operator }) => {
  const row = await saveTemplate(
    db,
    `insert into message_template (name, texts, updated_by) values ($1, $2::jsonb, $3) returning ${TEMPLATE_COLUMNS}`,
    [body.name, textsOf(body), operator.email],
  );
  return { status: 201, body: { template: templateOf(row!) } };
};

/** PUT /api/admin/templates/:id, the same body (admins): the template's every text replaced. */
export const updateTemplate: RouteHandler<'PUT templates/:id'> = async ({ body, db, id, operator }) => {
  const row = await saveTemplate(
    db,
    `update message_template set name = $2, texts = $3::jsonb, updated_by = $4, updated_at = now() where id = $1 returning ${TEMPLATE_COLUMNS}`,
    [id, body.name, textsOf(body), operator.email],
  );
  if (!row) throw new HttpError(404, 'There is no such template.', { body: { code: 'gone' } });
  return { status: 200, body: { template: templateOf(row) } };
};

/** DELETE /api/admin/templates/:id (admins); the mails sent with it keep its name. */
export const removeTemplate: RouteHandler<'DELETE templates/:id'> = async ({ db, id }) => {
  if (!(await db.query('delete from message_template where id = $1 returning id', [id])).length)
    throw new HttpError(404, 'There is no such template.', { body: { code: 'gone' } });
  return NO_CONTENT;
};

/** What a message to lead `id` needs: its address, number, language and the variables' values. */
async function leadFacts(db: Queryable, id: string, operator: Operator) {
  const [lead] = await db.query<{
    kind: keyof typeof LEAD_KINDS;
    status: string;
    name: string;
    email: string;
    phone: string;
    lang: Lang;
    estimate: { low: number; high: number; currency: string; country: string } | null;
  }>('select kind, status, name, email, phone, lang, estimate from lead where id = $1', [id]);
  if (!lead) throw GONE();
  const [row = {}] = await db.query<Record<string, unknown>>(`select * from ${LEAD_KINDS[lead.kind].table} where id = $1`, [id]);
  const lang: Lang = langOr(lead.lang);
  const { estimate } = lead;
  const amount = (n: number) => money(n, estimate!.currency, lang, estimate!.country);
  const values: Record<(typeof TEMPLATE_VARIABLES)[number], string> = {
    name: lead.name,
    estimate: estimate ? `${amount(estimate.low)} – ${amount(estimate.high)}` : '',
    place: ['ciudad', 'departamento', 'pais']
      .map((column) => storedText(row[column]).trim())
      .filter(Boolean)
      .join(', '),
    operator: operator.email,
    company: textsIn(lang)('report.email.signature'),
  };
  const digits = leadPhone(lead.phone, estimate?.country)?.replace(/\D/g, '');
  return {
    lead,
    lang,
    values,
    // The schema checked it when the lead arrived; a lead stored without one has ''.
    to: /^[^\s@]+@[^\s@]+$/.test(lead.email) ? lead.email : null,
    whatsapp: digits ? digits : null,
  };
}

/** The template `id` (a UUID), or a 400 `template`. */
async function templateNamed(db: Queryable, id: string): Promise<TemplateRow> {
  const [row] = UUID.test(id) ? await db.query<TemplateRow>(`select ${TEMPLATE_COLUMNS} from message_template where id = $1`, [id]) : [];
  if (!row) throw new HttpError(400, 'template must be the id of a template, or null.', { body: { code: 'template' } });
  return row;
}

/** GET /api/admin/leads/:id/compose?template=: the template's text in the lead's language with its variables filled. */
export const composeMessage: RouteHandler<'GET leads/:id/compose'> = async ({ db, id, query, operator }) => {
  const facts = await leadFacts(db, id, operator);
  const template = query.template ? await templateNamed(db, query.template) : undefined;
  const fill = (text: string | undefined) => (text ? fillVariables(text, facts.values) : '');
  const texts = template && inEveryLang(template.texts)[facts.lang];
  const body: ComposedMessage = {
    to: facts.to,
    lang: facts.lang,
    whatsapp: facts.whatsapp,
    subject: fill(texts?.subject),
    body: fill(texts?.body),
  };
  return { status: 200, body };
};

/** A spam lead is never written to: its address may be someone else's. */
const notSpam = (status: string) => {
  if (status === 'spam') throw new HttpError(409, 'A lead marked as spam gets no messages.', { body: { code: 'spam' } });
};

/**
 * POST /api/admin/leads/:id/email {subject, body, template?}: queued to the lead's own address
 * (never one the request names), its variables filled, at most CONVERSATION_LIMITS.mailsPerHour per
 * operator in an hour (429 `mail-cap`); the mail and its lead_event stored together, then sent by
 * the mail outbox (plain text only: nothing in it is markup).
 */
export const sendEmail: RouteHandler<'POST leads/:id/email'> = async ({ body, db, id, operator, now, mailOutbox }) => {
  const facts = await leadFacts(db, id, operator);
  notSpam(facts.lead.status);
  if (!facts.to) throw new HttpError(409, 'This lead has no e-mail address to write to.', { body: { code: 'no-email' } });
  const template = body.template ? (await templateNamed(db, body.template)).name : null;
  const subject = fillVariables(body.subject, facts.values).replace(/\s+/g, ' ').trim();
  const text = fillVariables(body.body, facts.values);
  const at = now();
  const mailId = await db.transaction(async (tx) => {
    // One operator's sends take turns, so two at once cannot both pass the cap.
    await tx.query('select 1 from admin_user where id = $1 for update', [operator.id]);
    const [{ sent } = { sent: 0 }] = await tx.query<{ sent: number }>(
      `select count(*)::int as sent from lead_mail where actor = $1 and created_at > $2::timestamptz - interval '1 hour'`,
      [operator.id, at.toISOString()],
    );
    if (sent >= CONVERSATION_LIMITS.mailsPerHour)
      throw new HttpError(429, `You have sent ${CONVERSATION_LIMITS.mailsPerHour} e-mails in the last hour; wait a little.`, {
        body: { code: 'mail-cap' },
        headers: { 'Retry-After': '600' },
      });
    const [event] = await tx.query<{ id: string }>(
      `insert into lead_event (lead_id, at, actor, actor_email, type, detail) values ($1, $2, $3, $4, 'email', $5) returning id::text`,
      [id, at.toISOString(), operator.id, operator.email, `${subject}\n${text}`],
    );
    const [mail] = await tx.query<{ id: string }>(
      `insert into lead_mail (lead_id, event_id, to_address, template, actor, created_at) values ($1, $2, $3, $4, $5, $6) returning id::text`,
      [id, event!.id, facts.to, template, operator.id, at.toISOString()],
    );
    return mail!.id;
  });
  mailOutbox.kick();
  return { status: 202, body: { id: mailId } };
};

/** POST /api/admin/leads/:id/whatsapp {text, template?}: records the message opened in WhatsApp (filled) and gives wa.me's link. */
export const openWhatsApp: RouteHandler<'POST leads/:id/whatsapp'> = async ({ body, db, id, operator, now }) => {
  const facts = await leadFacts(db, id, operator);
  notSpam(facts.lead.status);
  if (!facts.whatsapp) throw new HttpError(409, "This lead's phone is not a number WhatsApp can open.", { body: { code: 'no-phone' } });
  if (body.template) await templateNamed(db, body.template);
  const text = fillVariables(body.text, facts.values);
  await db.query(`insert into lead_event (lead_id, at, actor, actor_email, type, detail) values ($1, $2, $3, $4, 'whatsapp', $5)`, [
    id,
    now().toISOString(),
    operator.id,
    operator.email,
    text,
  ]);
  return { status: 201, body: { url: `https://wa.me/${facts.whatsapp}?text=${encodeURIComponent(text)}` } };
};

/**
 * POST /api/admin/leads/:id/activities {type, outcome, at, note?}: a call, visit or meeting on the
 * timeline at the time it happened (at most CONVERSATION_LIMITS.aheadHours ahead: 400 `at`), its
 * detail the outcome, then the note.
 */
export const logActivity: RouteHandler<'POST leads/:id/activities'> = async ({ body, db, id, operator, now }) => {
  if (new Date(body.at).getTime() > now().getTime() + CONVERSATION_LIMITS.aheadHours * 3_600_000)
    throw new HttpError(400, `at may be at most ${CONVERSATION_LIMITS.aheadHours} hours ahead: log what happened.`, {
      body: { code: 'at' },
    });
  if (!(await db.query('select 1 from lead where id = $1', [id])).length) throw GONE();
  await db.query(`insert into lead_event (lead_id, at, actor, actor_email, type, detail) values ($1, $2, $3, $4, $5, $6)`, [
    id,
    body.at,
    operator.id,
    operator.email,
    body.type,
    `${body.outcome}\n${body.note}`.trimEnd(),
  ]);
  return { status: 201, body: { ok: true } };
};
