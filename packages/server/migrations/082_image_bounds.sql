-- The image store is bounded (routes/images.ts): each image remembers the client that first asked
-- for it (an IPv4 address or an IPv6 /64) and when it was last generated or asked for again. A
-- client keeps at most 50 images no report uses; such images go 24 hours after their last use.
alter table image add column client text, add column used_at timestamptz not null default now();
update image set used_at = created_at;
create index image_client_unused on image (client, used_at desc);
create index image_used on image (used_at);
create index report_image on report (image_id);
