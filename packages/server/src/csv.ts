// CSV for spreadsheets and for scripts. Lead fields are typed by strangers and exports are opened
// in spreadsheets, so no cell may start a formula (OWASP CSV injection), whatever the separator
// the spreadsheet splits on (docs/operators/console.md, "Exports").
import type { Reply } from './routes/types.ts';
import { internationalPhone } from '@obra/schema/phone';
import { storedText } from './stored-text.ts';

// What makes Excel, LibreOffice or Google Sheets read a cell as a formula: = + - @, a tab or CR
// before them, and their full-width forms (which Excel in East Asian locales reads the same).
const FORMULA = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** `text` with a leading apostrophe when a spreadsheet would take it for a formula (also the spreadsheet webhook's cells). */
export const guardFormula = (text: string): string => (FORMULA.test(text) ? `'${text}` : text);

/**
 * A value as a cell: its text, guarded, except a phone number, written in international format
 * (+, digits, spaces): no spreadsheet reads a formula or a number in that, so it needs no
 * apostrophe (which Excel and LibreOffice show as part of the number: `'+51…`).
 */
function cellText(value: unknown, phone: boolean): string {
  const text = storedText(value);
  return (phone && internationalPhone(text)) || guardFormula(text);
}

// Quoted when a cell holds any separator Excel or LibreOffice may split on (`,` in English locales,
// `;` in Spanish ones, tab), a quote or a line break: `Ana;=cmd|…` was written unquoted, and a
// Spanish Excel made `=cmd|…` a cell of its own.
const quoted = (text: string) => (/[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * `rfc4180`: UTF-8, comma-separated, CRLF (RFC 4180), for scripts (`npm run export`).
 * `spreadsheet`: what people download from the console: the same with a UTF-8 BOM and every cell
 * quoted. LibreOffice opens it into columns with its default options (comma, `"`), and reads it as
 * UTF-8 from the BOM in its import dialog; Excel reads UTF-8 from the BOM and splits on commas
 * where the list separator is a comma (tests/server/csv-spreadsheets.test.ts; where it is `;`, Data
 * > From Text/CSV, docs/operators/console.md "Exports"). UTF-16 tab-separated text, what it was,
 * opened in LibreOffice's defaults as one column starting with "ÿþ".
 */
export type CsvFormat = 'rfc4180' | 'spreadsheet';

/** `rows` as CSV with a header row of `columns`; the cells of `phones` columns are phone numbers. */
export function toCsv(
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  { format = 'rfc4180', phones = [] }: { format?: CsvFormat; phones?: readonly string[] } = {},
): string {
  const cell = format === 'spreadsheet' ? (text: string) => `"${text.replaceAll('"', '""')}"` : quoted;
  const lines = [
    columns.map((column) => cell(guardFormula(column))),
    ...rows.map((row) => columns.map((column) => cell(cellText(row[column], phones.includes(column))))),
  ];
  const text = `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
  return format === 'spreadsheet' ? `\uFEFF${text}` : text;
}

/** The answer that downloads `rows` from the console as `obra-<name>-<today>.csv`, in the spreadsheet format. */
export function spreadsheetDownload(
  name: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
  phones: readonly string[] = [],
): Reply & { body: undefined } {
  const day = new Date().toISOString().slice(0, 10);
  return {
    status: 200,
    body: undefined,
    raw: toCsv(columns, rows, { format: 'spreadsheet', phones }),
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="obra-${name}-${day}.csv"` },
  };
}
