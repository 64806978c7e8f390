// What goes over the wire for one delivery: the Standard Webhooks body and headers, or the
// spreadsheet preset's body (docs/contributors/behaviour.md#calls: the original wait list's JSON).
import { Webhook } from 'standardwebhooks';
import { guardFormula } from '../csv.ts';
import type { WebhookFormat } from '@obra/schema/admin-contract';
import { LEAD_KIND_SPECS } from '@obra/schema/lead-kinds';
import type { LeadKindName } from '@obra/schema/console';

/** An endpoint's format (the console's contract names them). */
export type Format = WebhookFormat;

/** An event as stored: `version` is the payload version its data was made in (migration 085). */
export interface StoredEvent {
  id: string;
  type: string;
  version: number;
  data: Record<string, unknown>;
  created_at: Date | string;
}

/** The original wait list's five keys, in its order; then the kind's fields added since (its registry's `extras`), by name. */
interface SheetRow {
  nombre: string;
  correo: string;
  telefono: string;
  comentario: string;
  interesado: string;
  [added: string]: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** A field as a cell: a list's codes joined by ", ". */
const cell = (value: unknown) => (Array.isArray(value) ? value.filter((item) => typeof item === 'string').join(', ') : text(value));

/**
 * Each cell guarded like the CSV exports: a sheet's script appends the row as it comes, and Google
 * Sheets runs `=IMPORTDATA(…)` in a cell (and reads `+57 300…` as a formula); the apostrophe is
 * Sheets' own mark for text, not shown.
 */
const guarded = (row: SheetRow): SheetRow =>
  Object.fromEntries(Object.entries(row).map(([key, value]) => [key, guardFormula(value)])) as unknown as SheetRow;

/**
 * A lead as the original wait list posted it. A wait-list lead is its own five fields; the other
 * kinds fill the same columns so one sheet can hold every lead: their name, e-mail and phone, the
 * message (contact), the specialisation and country (partner) or the other requests (report) as
 * the comment, and `proveedor` for a partner, `cliente` otherwise, as interest.
 */
function sheetRow(data: Record<string, unknown>): SheetRow {
  const fields = (data.fields ?? {}) as Record<string, unknown>;
  const added = (LEAD_KIND_SPECS[data.kind as LeadKindName]?.extras ?? []).map(({ name }) => [name, cell(fields[name])]);
  return { ...originalRow(data.kind, fields), ...Object.fromEntries(added) };
}

/** The five keys of the original wait list, for a lead of `kind`. */
function originalRow(kind: unknown, fields: Record<string, unknown>): SheetRow {
  switch (kind) {
    case 'wait-list':
      return {
        nombre: text(fields.nombre),
        correo: text(fields.correo),
        telefono: text(fields.telefono),
        comentario: text(fields.comentario),
        interesado: text(fields.interesado),
      };
    case 'partner':
      return {
        nombre: text(fields.nombre),
        correo: text(fields.correo),
        telefono: text(fields.telefono),
        comentario: [text(fields.especializacion), text(fields.pais)].filter(Boolean).join(', '),
        interesado: 'proveedor',
      };
    case 'contact':
      return {
        nombre: text(fields.name),
        correo: text(fields.email),
        telefono: '',
        comentario: text(fields.message),
        interesado: 'cliente',
      };
    default:
      return {
        nombre: text(fields.nombre),
        correo: text(fields.correo),
        telefono: text(fields.telefono),
        // A list since version 2 of the payload, a comma-separated text before.
        comentario: cell(fields.otros),
        interesado: 'cliente',
      };
  }
}

/** The example row the console's test event sends to a spreadsheet endpoint. */
const TEST_ROW: SheetRow = {
  nombre: 'Prueba de Obra',
  correo: 'prueba@example.com',
  telefono: '+57 300 000 0000',
  comentario: 'Evento de prueba del webhook',
  interesado: 'cliente',
};

/**
 * The body and headers of one delivery. Both formats carry the Standard Webhooks headers (the
 * event id is webhook-id on every retry; the signature covers id, timestamp and body), so a sheet's
 * script may check them too; the timestamp is the attempt's, as the specification asks.
 */
export function requestOf(
  event: StoredEvent,
  format: Format,
  secret: string,
  now = new Date(),
): { body: string; headers: Record<string, string> } {
  const body =
    format === 'spreadsheet'
      ? JSON.stringify(guarded(event.type === 'webhook.test' ? TEST_ROW : sheetRow(event.data)))
      : JSON.stringify({ type: event.type, version: event.version, timestamp: new Date(event.created_at).toISOString(), data: event.data });
  const signature = new Webhook(secret).sign(event.id, now, body);
  return {
    body,
    headers: {
      // A spreadsheet script reads the body as text, as the wait list sent it (no-cors, text/plain).
      'Content-Type': format === 'spreadsheet' ? 'text/plain;charset=utf-8' : 'application/json',
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signature,
    },
  };
}
