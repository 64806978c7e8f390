-- The console's orders list (issue 19): newest first with a keyset cursor on (created_at, id),
-- alone or narrowed by payment status or product, and free text over the buyer's e-mail and the
-- session id (the expression must match ORDER_SEARCH in admin/order-filter.ts). pg_trgm comes
-- from 010_console.sql.
create index order_newest on "order" (created_at desc, id desc);
create index order_status_newest on "order" (payment_status, created_at desc, id desc);
create index order_slug_newest on "order" (slug, created_at desc, id desc);
create index order_search on "order" using gin ((lower(coalesce(customer_email, '') || ' ' || session_id)) gin_trgm_ops);
