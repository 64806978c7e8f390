-- A report's image_url is the API's own (report/caps.ts), no longer the string the visitor sent:
-- without PUBLIC_URL its host was the Host header they chose, and a user-info part
-- (http://PAY-HERE.evil.example:x@host/…) passed the origin check. Stored reports keep the path
-- of the image they name, which the PDF and the webhooks then show.
update report r set image_url = '/api/images/' || r.image_id || '.' || case i.content_type
    when 'image/svg+xml' then 'svg' when 'image/png' then 'png' when 'image/jpeg' then 'jpg' else 'webp' end
from image i where i.id = r.image_id;
update report set image_url = '' where image_id is null;
