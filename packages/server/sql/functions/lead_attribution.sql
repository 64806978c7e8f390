-- A new lead's attribution, copied from its kind row (migrations 050 and 070): the verified partner
-- code, the campaign, the partner claimed, the embedding origin and whether it was approved. It only
-- fills what it finds, so a `lead` row written by other means keeps its values.
create or replace function lead_attribution() returns trigger language plpgsql as $$
declare
  source record;
begin
  if new.kind = 'wait-list' then select partner_code, utm_campaign, partner_claim, embed_origin, embed_approved into source from wait_list where id = new.id;
  elsif new.kind = 'partner' then select partner_code, utm_campaign, partner_claim, embed_origin, embed_approved into source from partner where id = new.id;
  elsif new.kind = 'contact' then select partner_code, utm_campaign, partner_claim, embed_origin, embed_approved into source from contact where id = new.id;
  elsif new.kind = 'report' then select partner_code, utm_campaign, partner_claim, embed_origin, embed_approved into source from report where id = new.id;
  end if;
  if found then
    new.partner_code := coalesce(new.partner_code, source.partner_code);
    new.utm_campaign := coalesce(new.utm_campaign, source.utm_campaign);
    new.partner_claim := coalesce(new.partner_claim, source.partner_claim);
    new.embed_origin := coalesce(new.embed_origin, source.embed_origin);
    new.embed_approved := coalesce(new.embed_approved, source.embed_approved);
  end if;
  return new;
end $$;
