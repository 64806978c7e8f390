-- Sign-in throttling instead of lockout (issue 30; docs/operators/security.md, "Signing in").
-- Failed attempts per key in fixed windows, shared by every API process: `address:<client>` (an
-- IPv4 address or IPv6 /64), `account:<lower-case e-mail>` (whether or not such an account
-- exists, so the answer never tells), `device:<sha256>` (a browser that signed in before). An
-- attempt is counted before the password hash is computed, so a burst sent in parallel cannot
-- slip past the limit; a success gives its attempt back.
create table signin_failure (
  key text primary key,
  failures integer not null,
  window_end timestamptz not null
);

-- Browsers that signed in to an account (the `obra_device` cookie; only its sha256 is stored):
-- a stranger's wrong passwords throttle the account everywhere but there, so nobody can keep an
-- operator out of the console from the browser they use.
create table admin_device (
  id_hash text primary key,
  user_id uuid not null references admin_user (id) on delete cascade,
  created_at timestamptz not null default now(),
  used_at timestamptz not null default now()
);
create index admin_device_user on admin_device (user_id);

-- The lockout's columns: a lockout let anyone keep a real admin out, and its 423 told a real
-- account from an unknown one.
alter table admin_user drop column failed_signins, drop column locked_until;
