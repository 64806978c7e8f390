// Assignment rules (issue 40): an ordered list the admins keep (agents read it), applied by the
// database as each lead is stored (the trigger lead_assign_by_rule, packages/server/sql: the
// first matching rule gives a lead that is not spam to its operator, or to its operators in turn),
// and the badge of leads a rule gave the operator that they have not opened yet.
import type { AssignmentRule } from '@obra/schema/admin-contract';
import { HttpError } from '../http/errors.ts';
import { NO_CONTENT, type RouteHandler } from './context.ts';

/** GET /api/admin/assignment-rules: the rules in order, and the operators a rule may name. */
export const getRules: RouteHandler<'GET assignment-rules'> = async ({ db }) => {
  const [rules, operators] = await Promise.all([
    db.query<AssignmentRule>(
      // Its operators who still exist, in its order (a removed one is no longer named).
      `select r.id, r.name, r.kinds, r.langs, r.countries, r.partners, r.sources,
         array(select u.id::text from admin_user u where u.id = any (r.operators) order by array_position(r.operators, u.id)) as operators
       from assignment_rule r order by r.position, r.id`,
    ),
    db.query<{ id: string; email: string }>('select id, email from admin_user order by lower(email)'),
  ]);
  return { status: 200, body: { rules, operators } };
};

/**
 * PUT /api/admin/assignment-rules {rules}: the whole list in its new order (admins). A rule sent
 * with its id keeps its turn; the others are new; rules left out are deleted. 400 `rule-operators`
 * naming an operator that does not exist, nothing stored.
 */
export const saveRules: RouteHandler<'PUT assignment-rules'> = async ({ body: { rules }, db, operator }) => {
  const named = [...new Set(rules.flatMap((rule) => rule.operators))];
  const known = await db.query<{ id: string }>('select id::text from admin_user where id::text = any($1)', [named]);
  if (known.length !== named.length)
    throw new HttpError(400, 'A rule names an operator that does not exist.', { body: { code: 'rule-operators' } });
  await db.transaction(async (tx) => {
    const kept = rules.flatMap((rule) => (rule.id ? [rule.id] : []));
    await tx.query('delete from assignment_rule where not (id::text = any($1))', [kept]);
    for (const [position, rule] of rules.entries()) {
      const values = [
        position,
        rule.name,
        rule.kinds,
        rule.countries,
        rule.langs,
        rule.partners,
        rule.sources,
        rule.operators,
        operator.email,
      ];
      const updated = rule.id
        ? await tx.query(
            `update assignment_rule set position = $1, name = $2, kinds = $3, countries = $4, langs = $5, partners = $6, sources = $7,
               operators = $8::uuid[], updated_at = now(), updated_by = $9 where id = $10 returning id`,
            [...values, rule.id],
          )
        : [];
      // An id no longer stored (deleted meanwhile by another admin): the rule is added anew.
      if (!updated.length)
        await tx.query(
          `insert into assignment_rule (position, name, kinds, countries, langs, partners, sources, operators, updated_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8::uuid[], $9)`,
          values,
        );
    }
  });
  return NO_CONTENT;
};

/** GET /api/admin/assignments: how many leads a rule gave the operator that they have not opened (and still have). */
export const unseenAssignments: RouteHandler<'GET assignments'> = async ({ db, operator }) => {
  const [row] = await db.query<{ unseen: number }>(
    `select count(*)::int as unseen from lead_assignment a join lead l on l.id = a.lead_id
     where a.user_id = $1 and a.seen_at is null and l.assignee = $1`,
    [operator.id],
  );
  return { status: 200, body: { unseen: row?.unseen ?? 0 } };
};
