// The buyer's order confirmation, a queue of the mail outbox (mail/mail-outbox.ts): the order row
// is the mail's entry, queued once the order is paid and has an address (orders.ts). What it holds
// is a decision (docs/operators/payments.md): the product, the amount, the date, the order
// reference and how it was paid, in the order's language; no link, no card data, no session id,
// nothing a stranger could have typed. A test checkout's says so in its subject and body.
import { langOr } from '@obra/schema';
import { priceText } from '@obra/catalogue';
import type { Db } from '../db/index.ts';
import { claimDue } from '../jobs.ts';
import type { MailQueue } from '../mail/mail-outbox.ts';
import { textsIn } from '../texts.ts';
import { orderReference } from './orders.ts';

/** An order as its confirmation mail reads it (queued only with an address). @table order @notnull customer_email */
interface OrderRow {
  id: string;
  created_at: Date;
  provider: 'stripe' | 'test';
  product: string;
  amount: number;
  currency: string;
  lang: string;
  customer_email: string;
  mail_attempts: number;
}

/** Subject and text of an order's confirmation. */
function orderMail(order: OrderRow): { subject: string; text: string } {
  const lang = langOr(order.lang);
  const t = textsIn(lang);
  const subject = t(order.provider === 'test' ? 'orderMail.testSubject' : 'orderMail.subject', { product: order.product });
  const text = [
    t('orderMail.greeting'),
    '',
    t('orderMail.paid'),
    '',
    `${t('orderMail.product')}: ${order.product}`,
    `${t('orderMail.amount')}: ${priceText(order, lang)}`,
    `${t('orderMail.date')}: ${new Date(order.created_at).toISOString().slice(0, 10)}`,
    `${t('orderMail.reference')}: ${orderReference(order.id)}`,
    `${t('orderMail.by')}: ${t(order.provider === 'test' ? 'orderMail.test' : 'orderMail.stripe')}`,
    '',
    t('orderMail.next'),
    '',
    t('orderMail.signature'),
  ].join('\n');
  return { subject, text };
}

/** The queue of order confirmations; `retryMs` is the first backoff (doubling, at most 1 h). */
export function orderMails(db: Db, retryMs: number): MailQueue<OrderRow> {
  return {
    name: 'order',
    claim: () =>
      claimDue<OrderRow>(db, {
        table: '"order"',
        pending: "mail_status = 'queued'",
        attempts: 'mail_attempts',
        nextAt: 'mail_next_at',
        order: 'created_at',
        returning: 'id, created_at, provider, product, amount, currency, lang, customer_email, mail_attempts',
        lease: { backoffMs: retryMs },
      }),
    mail: async (order) => ({ ...orderMail(order), to: order.customer_email }),
    sent: async (order) =>
      void (await db.query(`update "order" set mail_status = 'sent', mailed_at = now(), mail_error = null where id = $1`, [order.id])),
    failed: async (order, reason) => void (await db.query('update "order" set mail_error = $2 where id = $1', [order.id, reason])),
    describe: (order) => ({ id: order.id, attempts: order.mail_attempts }),
  };
}
