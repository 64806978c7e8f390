import { storedText } from './stored-text.ts';

// A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) gets a leading apostrophe:
// exports are opened in spreadsheets, and lead fields are typed by strangers (OWASP CSV injection).
// Phone numbers starting with + are among them, which also stops spreadsheets mangling them.
const FORMULA = /^[=+\-@\t\r]/;

const cell = (value: unknown): string => {
  let text = storedText(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** RFC 4180 CSV (CRLF line ends) with a header row of `columns`. */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  return (
    [columns, ...rows.map((row) => columns.map((column) => row[column]))].map((line) => line.map(cell).join(',')).join('\r\n') + '\r\n'
  );
}
