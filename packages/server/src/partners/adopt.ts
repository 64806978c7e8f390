// What approving a site does to the leads it already sent (docs/partners/sites.md): leads from a
// site that was not approved when they came count as from an approved site once an admin approves
// it for a partner, and those that claimed that partner's code count for the partner (no mail goes
// out for them afterwards: the partner's copy is for new leads only).
import type { Queryable } from '../db/index.ts';

const KIND_TABLES = ['wait_list', 'partner', 'contact', 'report'] as const;

/**
 * Adopts the earlier leads of `origins` for the approved partner `code`, in the caller's
 * transaction: the kind rows first (found through `lead`'s index of sites not approved), then
 * `lead` itself. Returns how many leads it adopted.
 */
export async function adoptSiteLeads(tx: Queryable, code: string, origins: readonly string[]): Promise<number> {
  if (!origins.length) return 0;
  // `t` is the table updated: its claim of this code (any case) becomes the partner's code.
  const set = (t: string) => `embed_approved = true,
    partner_code = case when lower(${t}.partner_claim) = lower($2) then $2 else ${t}.partner_code end,
    partner_claim = case when lower(${t}.partner_claim) = lower($2) then null else ${t}.partner_claim end`;
  for (const table of KIND_TABLES)
    await tx.query(
      `update ${table} k set ${set('k')} from lead l where l.id = k.id and l.embed_approved = false and l.embed_origin = any($1)`,
      [origins, code],
    );
  const adopted = await tx.query(
    `update lead l set ${set('l')} where l.embed_approved = false and l.embed_origin = any($1) returning l.id`,
    [origins, code],
  );
  return adopted.length;
}
