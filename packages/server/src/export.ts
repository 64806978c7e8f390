// Staff access: `npm run export -- <wait-list|partner|contact|report|order> [--format csv|json]` prints
// every lead of one type (reports with their e-mail state), or every card order, oldest first, to stdout (docs/operators/console.md, "Reading the leads from scripts").
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { toCsv } from './csv.ts';
import { ORDER_COLUMNS } from './checkout/orders.ts';
import { openDb } from './db/index.ts';
import { LEAD_KINDS, isLeadKind } from './leads.ts';
import { ATTRIBUTION_COLUMNS } from './routes/attribution.ts';
import { ESTIMATE_COLUMNS, ESTIMATE_SELECT } from './report/estimate-columns.ts';

const USAGE = `Usage: npm run export -- <${[...Object.keys(LEAD_KINDS), 'order'].join('|')}> [--format csv|json] [--include-spam]`;

/** Runs the export for command-line `args`; returns the exit code. */
export async function runExport(args: string[], out: (text: string) => void = (text) => process.stdout.write(text)): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { format: { type: 'string', default: 'csv' }, 'include-spam': { type: 'boolean', default: false } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const [name] = parsed.positionals;
  const format = parsed.values.format;
  if (!name || !(isLeadKind(name) || name === 'order') || (format !== 'csv' && format !== 'json') || parsed.positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const kind = name === 'order' ? undefined : LEAD_KINDS[name];
  const db = await openDb(loadConfig());
  try {
    // Submissions taken for spam are left out unless asked for (then with their reason).
    const spam = parsed.values['include-spam'];
    const columns = kind
      ? [
          'id',
          'created_at',
          ...kind.columns,
          'lang',
          ...(kind.mailed ? ['mail_status', 'mailed_at', 'mail_attempts', 'mail_error', ...ESTIMATE_COLUMNS] : []),
          ...ATTRIBUTION_COLUMNS,
          ...(spam ? ['spam_reason'] : []),
        ]
      : [...ORDER_COLUMNS];
    const where = kind && !spam ? ' where k.spam_reason is null' : '';
    // A report's estimate lives on its lead (migration 090); the other kinds read their own table only.
    const estimate = kind?.mailed ? new Set<string>(ESTIMATE_COLUMNS) : new Set<string>();
    const select = columns.map((column) => (estimate.has(column) ? column : `k.${column}`));
    const from = kind?.mailed
      ? `${kind.table} k left join (select id, ${ESTIMATE_SELECT('l')} from lead l) e on e.id = k.id`
      : `${kind ? kind.table : '"order"'} k`;
    const rows = await db.query<Record<string, unknown>>(`select ${select.join(', ')} from ${from}${where} order by k.created_at, k.id`);
    out(format === 'csv' ? String(toCsv(columns, rows, { phones: ['telefono'] })) : `${JSON.stringify(rows, null, 2)}\n`);
  } finally {
    await db.close();
  }
  return 0;
}

if (import.meta.main) {
  process.exitCode = await runExport(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.message);
    return 1;
  });
}
