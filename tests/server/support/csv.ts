// The console's CSV downloads read back as cells: UTF-8 after its BOM, comma-separated, every cell
// quoted, CRLF (packages/server/src/csv.ts); also what LibreOffice writes when it converts to CSV.

/** RFC 4180 text as rows of cells (a quoted cell may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') quoted = !quoted;
    else if (quoted || (c !== ',' && c !== '\n' && c !== '\r')) cell += c;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

/** A console download's bytes as rows of cells, after checking its UTF-8 BOM. */
export function csvRows(bytes: Uint8Array): string[][] {
  const body = Buffer.from(bytes);
  if (!body.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))) throw new Error('The CSV does not start with a UTF-8 BOM.');
  return parseCsv(body.subarray(3).toString('utf8'));
}
