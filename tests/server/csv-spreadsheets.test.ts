// The console's CSV exports opened by a real spreadsheet: LibreOffice Calc (headless, Debian's
// libreoffice-calc-nogui) imports the file the console serves with the options a person may have
// set — only comma as separator (its default), or tab, comma and semicolon together; a Spanish and an English
// locale; formulas evaluated on import — and every cell must come back as the text it held: no
// formula run, accents kept, phones as numbers without an apostrophe. (Excel cannot run here: its
// reading of a UTF-8 CSV with a BOM is the documented one, see docs/operators/console.md.)
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { toCsv } from '@obra/server/testing';
import { parseCsv as parse } from './support/csv.ts';

const SOFFICE = process.env.SOFFICE_PATH ?? '/usr/bin/soffice';
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'obra-csv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a stranger may have typed, and what the sheet must show for it. */
const CELLS: [unknown, string][] = [
  ["Ana;=cmd|' /C calc'!A0;", "Ana;=cmd|' /C calc'!A0;"],
  ['=1+1', "'=1+1"],
  ['+SUM(1,2)', "'+SUM(1,2)"],
  ['-2+3', "'-2+3"],
  ['@SUM(1)', "'@SUM(1)"],
  ['=HYPERLINK("http://evil.example","clic")', '\'=HYPERLINK("http://evil.example","clic")'],
  ['José Ñúñez, Bogotá', 'José Ñúñez, Bogotá'],
  ['dos\nlíneas; y "comillas"', 'dos\nlíneas; y "comillas"'],
  ['一二三 ❤️', '一二三 ❤️'],
];
const PHONES: [string, string][] = [
  ['+51 987 654 321', '+51 987 654 321'],
  ['+57 300 123 4567', '+57 300 1234567'],
  ['3001234567', '+57 300 1234567'],
];

describe('a console export opened in LibreOffice Calc', () => {
  const file = join(dir, 'obra-leads.csv');
  writeFileSync(
    file,
    toCsv(
      ['text', 'phone'],
      CELLS.map(([value], i) => ({ text: value, phone: PHONES[i % PHONES.length]![0] })),
      { format: 'spreadsheet', phones: ['phone'] },
    ),
  );

  // Two of the four combinations: each LibreOffice start costs 5 to 15 s of CPU.
  it.each([
    ['tab, comma and semicolon, Spanish locale', '9/44/59', 3082],
    ['comma only (the default), English locale', '44', 1033],
  ])('%s, formulas evaluated: every cell is the text it held', async (_case, separators, language) => {
    expect(existsSync(SOFFICE), `LibreOffice is missing at ${SOFFICE}: node .ci/setup.mjs --spreadsheet installs it`).toBe(true);
    const out = join(dir, `${separators.replaceAll('/', '-')}-${language}`);
    // Import: separators, " as text delimiter, UTF-8 (what the import dialog reads from the BOM), from line 1, the locale, then
    // token 13 "evaluate formulas" on. Export: comma, quoted text, UTF-8.
    await run(
      SOFFICE,
      [
        `-env:UserInstallation=file://${join(dir, 'profile')}`,
        '--headless',
        `--infilter=Text - txt - csv (StarCalc):${separators},34,76,1,,${language},false,false,false,false,false,-1,true`,
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,false',
        '--outdir',
        out,
        file,
      ],
      { timeout: 120_000 },
    );
    const rows = parse(readFileSync(join(out, 'obra-leads.csv'), 'utf8'));
    expect(rows[0]).toEqual(['text', 'phone']);
    expect(rows.slice(1)).toEqual(CELLS.map(([, shown], i) => [shown, PHONES[i % PHONES.length]![1]]));
  });
});
