// The embedded test checkout (no Stripe keys): sessions live in the database, the visitor "pays" on
// our clearly labelled test page, and paying records the order at once (what Stripe's webhook does
// for real). No card data is asked for or stored; nothing here charges anyone.
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/index.ts';
import { recordOrder } from './orders.ts';
import { checkoutPaths, productFor, type CheckoutLang } from './products.ts';
import type { Payments, SessionView } from './payments.ts';

/** The test checkout's session ids: unguessable, 128 random bits. */
const LOCAL_SESSION_ID = /^cs_local_[a-f0-9]{32}$/;
/** A test session can be paid for this long (Stripe's default is 24 h too). */
const LOCAL_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** A test session as read (`expired` is computed). @table checkout_session @computed expired */
interface Row {
  id: string;
  slug: string;
  lang: CheckoutLang;
  amount: number;
  currency: string;
  status: 'open' | 'paid';
  expired: boolean;
}

const view = (row: Row): SessionView => ({
  id: row.id,
  status: row.status === 'paid' ? 'paid' : row.expired ? 'expired' : 'open',
  slug: row.slug,
  product: productFor(row.slug)?.name ?? row.slug,
  amount: row.amount,
  currency: row.currency,
  lang: row.lang,
  cancelPath: checkoutPaths.product(row.lang, row.slug),
});

const SELECT = 'select id, slug, lang, amount, currency, status, expires_at <= now() as expired from checkout_session where id = $1';

/** The embedded test provider, plus `pay` (the test page's button). */
export interface LocalPayments extends Payments {
  readonly kind: 'test';
  /** Marks an open session paid and records its order for the buyer at `email`, once; undefined for an unknown or expired session. */
  pay(id: string, email: string): Promise<SessionView | undefined>;
}

/** Creates the embedded test provider over `db`; at most `mailsPerAddress` confirmation e-mails to one address an hour (0: no cap). */
export function createLocalPayments(db: Db, mailsPerAddress: number): LocalPayments {
  const find = async (tx: Queryable, id: string) => (LOCAL_SESSION_ID.test(id) ? (await tx.query<Row>(SELECT, [id]))[0] : undefined);
  return {
    kind: 'test',
    isSessionId: (id) => LOCAL_SESSION_ID.test(id),
    async createSession({ product, lang, origin, partner }) {
      const id = `cs_local_${randomBytes(16).toString('hex')}`;
      await db.query(
        `insert into checkout_session (id, slug, lang, amount, currency, expires_at, partner_code, partner_claim, embed_origin)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          id,
          product.slug,
          lang,
          product.amount,
          product.currency,
          new Date(Date.now() + LOCAL_SESSION_TTL_MS),
          partner.code,
          partner.claim,
          partner.origin,
        ],
      );
      return { id, url: `${origin}${checkoutPaths.testCheckout(lang)}?session_id=${id}` };
    },
    async retrieveSession(id) {
      const row = await find(db, id);
      return row && view(row);
    },
    pay: (id, email) =>
      db.transaction(async (tx) => {
        const row = await find(tx, id);
        if (!row || (row.status === 'open' && row.expired)) return undefined;
        if (row.status === 'open') {
          await tx.query("update checkout_session set status = 'paid', paid_at = now() where id = $1", [id]);
          await recordOrder(tx, {
            provider: 'test',
            test: { mailsPerAddress },
            eventId: `evt_local_${randomBytes(12).toString('hex')}`,
            sessionId: id,
            slug: row.slug,
            product: productFor(row.slug)?.name ?? row.slug,
            amount: row.amount,
            currency: row.currency,
            lang: row.lang,
            paymentStatus: 'paid',
            customerEmail: email,
          });
        }
        return view({ ...row, status: 'paid' });
      }),
  };
}
