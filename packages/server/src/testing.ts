// What the tests and benchmarks drive beneath the API's entry point (index.ts): the database and
// its migrations, the commands (export, backup, backfill), the queues, and the pure parts of the
// console's API, the webhooks and the partners' checks. One list, so a test never names a file of
// this package and a module can move without touching the tests. Nothing in packages/ or host/
// imports it (tests/unit/layering.test.ts).
import { PDFDocument } from 'pdf-lib';
import { embedFonts } from './report/fonts.ts';
export { cookieHeader, sessionCookie } from './admin/auth.ts';
export { purgeOlderThan } from './admin/delete-lead.ts';
export { decodeCursor, encodeCursor, parseFilter, whereBuilder, whereOf } from './admin/filter.ts';
export { afterCursor, encodeSortCursor, orderBy, parseSort } from './admin/lead-sort.ts';
export { morningMails } from './admin/morning-mail.ts';
export { hashPassword, verifyPassword } from './admin/password.ts';
export { sameToken } from './admin/tokens.ts';
export { inviteUser, setPassword, type Role } from './admin/users.ts';
export { runBackupCommand } from './backup/cli.ts';
export { ident, tablesInOrder } from './backup/tables.ts';
export { toCsv } from './csv.ts';
export { connectLocal, serveLocal } from './db/local-socket.ts';
export { migrate, migrationNames } from './db/migrate.ts';
export { openPglite, startPglite, WASM_FLAGS } from './db/pglite.ts';
export { openPostgres } from './db/postgres.ts';
export { READ_ROUTINES_HASH, ROUTINES_HASH } from './db/routines.ts';
export { runExport } from './export.ts';
export { phoneKey, readPhones } from './people.ts';
export { cacheFile } from './gazetteer/cache.ts';
export { HttpError } from './http/errors.ts';
export { requestLang } from './http/messages.ts';
export { clientKey, memoryRateLimiter } from './http/rate-limit.ts';
export { createJobs, runInBackground, type Background } from './jobs.ts';
export { createLeadStore } from './lead-store.ts';
export { createMailOutbox, type MailQueue } from './mail/mail-outbox.ts';
export { createAllowList } from './partners/allow-list.ts';
export { checkOrigins, codeFromName, normaliseOrigin } from './partners/checks.ts';
export { backfillEstimates, runBackfill } from './report/backfill-estimates.ts';
export { ESTIMATE_COLUMNS } from './report/estimate-columns.ts';
export { wrapLines } from './report/estimate-pages.ts';
export { reportPdf, type ReportRow } from './report/pdf.ts';
export { consoleOriginOf } from './served-origin.ts';
export { textsIn } from './texts.ts';
export { addressAllowed, canonicalAddress, parseWebhookUrl, resolveTarget } from './webhooks/address.ts';
export { newSecret } from './webhooks/events.ts';
export { post } from './webhooks/send.ts';

/** The report's fonts embedded in a new PDF: text measured and made drawable as the report does. */
export const reportFonts = async () => embedFonts(await PDFDocument.create());
