// Partners in the console: every signed-in operator may read them; only admins approve (code and
// origins), edit origins, suspend and reinstate. Each change is an event on the registration's
// timeline, and drops this process's cached CORS allow-list (the others re-read it within
// CORS_CACHE_MS).
import type { Queryable } from '../db/index.ts';
import { emitEvent, leadData } from '../webhooks/events.ts';
import { HttpError } from '../http/errors.ts';
import { adoptSiteLeads } from '../partners/adopt.ts';
import { checkOrigins, codeFromName } from '../partners/checks.ts';
import { PARTNER_STATUSES, type PartnerStatus as Status } from '@obra/schema/console';
import type { PartnerView } from '@obra/schema/admin-contract';
import { requireAdmin, type AdminContext, type RouteHandler, type Sendable } from './context.ts';
import { pagedList } from './paged-list.ts';

/** Partners per page of the list. */
const PARTNERS_PAGE = 50;

/** A partner account and its registration as read. @table partner_account partner */
interface Row {
  id: string;
  status: Status;
  code: string | null;
  origins: string[];
  created_at: Date;
  approved_by: string | null;
  approved_at: Date | null;
  suspended_by: string | null;
  suspended_at: Date | null;
  nombre: string;
  correo: string;
  telefono: string;
  pais: string;
  especializacion: string;
  lang: string;
}

const SELECT = `select a.id, a.status, a.code, a.origins, a.created_at, a.approved_by, a.approved_at, a.suspended_by, a.suspended_at,
  p.nombre, p.correo, p.telefono, p.pais, p.especializacion, p.lang from partner_account a join partner p on p.id = a.id`;

const shape = (row: Row): Sendable<PartnerView> => ({
  id: row.id,
  status: row.status,
  code: row.code,
  origins: row.origins,
  createdAt: row.created_at,
  approvedBy: row.approved_by,
  approvedAt: row.approved_at,
  suspendedBy: row.suspended_by,
  suspendedAt: row.suspended_at,
  registration: {
    nombre: row.nombre,
    correo: row.correo,
    telefono: row.telefono,
    pais: row.pais,
    especializacion: row.especializacion,
    lang: row.lang,
  },
});

async function partnerOf(db: Queryable, id: string): Promise<Row> {
  const [row] = await db.query<Row>(`${SELECT} where a.id = $1`, [id]);
  if (!row) throw new HttpError(404, 'There is no such partner; its registration may have been deleted.', { body: { code: 'gone' } });
  return row;
}

/** The code suggested for a pending partner: from its name, with `-2`, `-3` … when taken. */
async function suggestCode(db: Queryable, name: string): Promise<string> {
  const base = codeFromName(name);
  // The base has only [a-z0-9-], so it is safe inside LIKE.
  const taken = new Set(
    (
      await db.query<{ code: string }>(
        "select lower(code) as code from partner_account where lower(code) = $1 or lower(code) like $1 || '-%'",
        [base],
      )
    ).map((r) => r.code),
  );
  let candidate = base;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${base}-${n}`;
  return candidate;
}

/** GET /api/admin/partners?status&page: pending first, then newest; 50 a page, and the counts per status. */
export const listPartners: RouteHandler<'GET partners'> = async ({ query: { status, page }, db }) => {
  const { items, more, counts } = await pagedList({
    size: PARTNERS_PAGE,
    read: (limit) =>
      db.query<Row>(
        `${SELECT} ${status ? 'where a.status = $1' : ''}
         order by case a.status when 'pending' then 0 when 'approved' then 1 else 2 end, a.created_at desc, a.id desc
         limit ${limit} offset ${(page - 1) * PARTNERS_PAGE}`,
        status ? [status] : [],
      ),
    statuses: PARTNER_STATUSES,
    // Every partner is counted: the counts are never capped.
    count: async () => ({
      rows: await db.query<{ status: Status; n: number }>('select status, count(*)::int as n from partner_account group by status'),
      capped: false,
    }),
  });
  return { status: 200, body: { partners: items.map(shape), more, counts } };
};

/** GET /api/admin/partners/:id: the partner, with a suggested code while it is pending. */
export const getPartner: RouteHandler<'GET partners/:id'> = async ({ db, id }) => {
  const row = await partnerOf(db, id);
  return { status: 200, body: { ...shape(row), suggestedCode: row.status === 'pending' ? await suggestCode(db, row.nombre) : null } };
};

/**
 * Runs one admin change on partner `id` in a transaction: `change` updates the row (only from the
 * states it allows) and says what the timeline records; then the allow-list is re-read.
 */
async function change(
  { db, id, operator, allowList, mailOutbox }: AdminContext,
  type: 'approved' | 'origins' | 'suspended' | 'reinstated',
  work: (tx: Queryable) => Promise<{ changed: boolean; detail: string }>,
) {
  requireAdmin(operator);
  await db.transaction(async (tx) => {
    const { changed, detail } = await work(tx);
    if (!changed) {
      const row = await partnerOf(tx, id);
      throw new HttpError(409, `This partner is ${row.status}; reload to see its current state.`, {
        body: { code: 'partner-state', status: row.status },
      });
    }
    await tx.query('insert into lead_event (lead_id, actor, actor_email, type, detail) values ($1, $2, $3, $4, $5)', [
      id,
      operator.id,
      operator.email,
      `partner.${type}`,
      detail,
    ]);
    // The leads its sites sent before they were approved count now (partners/adopt.ts).
    const [now] = await tx.query<{ status: Status; code: string | null; origins: string[] }>(
      'select status, code, origins from partner_account where id = $1',
      [id],
    );
    if (now?.status === 'approved' && now.code) await adoptSiteLeads(tx, now.code, now.origins);
    // Webhooks hear of an approval in the same transaction (webhooks/events.ts); the partner gets
    // its welcome (code, snippets, guide) through the mail outbox's notification queue.
    if (type === 'approved') {
      await tx.query(
        'insert into notification_mail (recipient, lang, partner_id) select lower(correo), lang, id from partner where id = $1 on conflict do nothing',
        [id],
      );
      const [partner] = await tx.query<Record<string, unknown>>(
        'select id, code, origins, approved_by as "approvedBy", webhook_time(approved_at) as "approvedAt" from partner_account where id = $1',
        [id],
      );
      await emitEvent(tx, 'partner.approved', { ...partner, registration: await leadData(tx, id) });
    }
  });
  allowList.invalidate();
  if (type === 'approved') mailOutbox.kick();
  return { status: 200, body: shape(await partnerOf(db, id)) };
}

const isCodeTaken = (error: unknown) =>
  /partner_account_code/.test(String((error as Error)?.message ?? '')) || (error as { code?: string })?.code === '23505';
const codeTaken = (code: string) =>
  new HttpError(409, `The code ${code} belongs to another partner; choose another.`, {
    body: { code: 'partner-code-taken', errors: { code: 'partner-code-taken' } },
  });

/** POST /api/admin/partners/:id/approve {code, origins} (admins, pending partners only). */
export const approvePartner: RouteHandler<'POST partners/:id/approve'> = async (context) => {
  const { code } = context.body;
  const origins = checkOrigins(context.body.origins);
  try {
    return await change(context, 'approved', async (tx) => {
      if ((await tx.query('select 1 from partner_account where lower(code) = lower($1) and id <> $2', [code, context.id])).length)
        throw codeTaken(code);
      const rows = await tx.query(
        "update partner_account set status = 'approved', code = $2, origins = $3, approved_by = $4, approved_at = now(), updated_at = now() where id = $1 and status = 'pending' returning id",
        [context.id, code, origins, context.operator.email],
      );
      return { changed: rows.length > 0, detail: [code, ...origins].join(' ') };
    });
  } catch (error) {
    // Two admins approving two partners with one code at once: the unique index decides.
    if (!(error instanceof HttpError) && isCodeTaken(error)) throw codeTaken(code);
    throw error;
  }
};

/** PATCH /api/admin/partners/:id {origins} (admins): the partner's origins, in any state (never its code). */
export const updatePartner: RouteHandler<'PATCH partners/:id'> = async (context) => {
  const origins = checkOrigins(context.body.origins);
  return change(context, 'origins', async (tx) => {
    await partnerOf(tx, context.id);
    const rows = await tx.query('update partner_account set origins = $2, updated_at = now() where id = $1 returning id', [
      context.id,
      origins,
    ]);
    return { changed: rows.length > 0, detail: origins.join(' ') };
  });
};

/** POST /api/admin/partners/:id/suspend (admins, approved partners): its origins stop working. */
export const suspendPartner: RouteHandler<'POST partners/:id/suspend'> = (context) =>
  change(context, 'suspended', async (tx) => {
    const rows = await tx.query(
      "update partner_account set status = 'suspended', suspended_by = $2, suspended_at = now(), updated_at = now() where id = $1 and status = 'approved' returning id",
      [context.id, context.operator.email],
    );
    return { changed: rows.length > 0, detail: '' };
  });

/** POST /api/admin/partners/:id/reinstate (admins, suspended partners): approved again, same code and origins. */
export const reinstatePartner: RouteHandler<'POST partners/:id/reinstate'> = (context) =>
  change(context, 'reinstated', async (tx) => {
    const rows = await tx.query(
      "update partner_account set status = 'approved', suspended_by = null, suspended_at = null, updated_at = now() where id = $1 and status = 'suspended' returning id",
      [context.id],
    );
    return { changed: rows.length > 0, detail: '' };
  });

/** The sites not approved listed at most (newest activity first); more are in the inbox's filter. */
const SITES_LIMIT = 100;

/**
 * GET /api/admin/sites: the sites not approved that sent leads (docs/partners/sites.md), newest
 * activity first: origin (null: a page that sends none, such as a sandboxed frame), how many leads,
 * the last one, the partner codes they claimed and the partners those codes name, so an admin can
 * approve the site for a partner from there. A site approved since (APPROVED_ORIGINS) is left out.
 */
export const listSites: RouteHandler<'GET sites'> = async ({ db, allowList }) => {
  const rows = await db.query<{ origin: string | null; leads: number; last_at: Date; claims: string[] }>(
    `select embed_origin as origin, count(*)::int as leads, max(created_at) as last_at,
            array_remove(array_agg(distinct partner_claim), null) as claims
     from lead where embed_approved = false group by embed_origin order by max(created_at) desc limit ${SITES_LIMIT}`,
  );
  const claimed = [...new Set(rows.flatMap((row) => row.claims.map((code) => code.toLowerCase())))];
  const partners = claimed.length
    ? await db.query<{ id: string; code: string; status: Status; nombre: string }>(
        'select a.id, a.code, a.status, p.nombre from partner_account a join partner p on p.id = a.id where lower(a.code) = any($1)',
        [claimed],
      )
    : [];
  const sites = await allowList.sites();
  const spelling = new Map(partners.map((p) => [p.code.toLowerCase(), p.code]));
  return {
    status: 200,
    body: {
      sites: rows
        .filter((row) => row.origin === null || !sites.approved(row.origin))
        .map((row) => {
          // A code is one code whatever its case: listed once, in its partner's spelling when a partner has it.
          const claims = [...new Map(row.claims.map((code) => [code.toLowerCase(), spelling.get(code.toLowerCase()) ?? code])).values()];
          return {
            origin: row.origin,
            leads: row.leads,
            lastAt: row.last_at,
            claims,
            partners: partners
              .filter((p) => claims.includes(p.code))
              .map((p) => ({ id: p.id, code: p.code, status: p.status, name: p.nombre })),
          };
        }),
    },
  };
};
