-- Where `npm start` last served this database (issue 41): the origin of the console links that
-- `npm run admin` prints and e-mails carry when PUBLIC_URL is unset (packages/server/src/served-origin.ts).
-- Kept with the data it serves, not in the checkout's data folder: two servers from one checkout on
-- different data (two folders, or the embedded database and DATABASE_URL) each link to their own port.
-- A file `<OBRA_DATA_DIR>/served-origin` an older version wrote is no longer read.
alter table console_setting add column served_origin text;
