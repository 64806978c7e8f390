// Reading what the API mails: an .eml's subject, the PDF attached to it, the text a PDF shows
// (through unpdf: all of it, or page by page).
import { extractText, getDocumentProxy } from 'unpdf';

/** The text a PDF shows, every page's (through unpdf: the report's embedded fonts write glyph ids, not letters). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

/** The PDF attached to a raw e-mail (its base64 part of type application/pdf). */
export function attachedPdf(eml: string): Buffer {
  const part = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(eml);
  if (!part) throw new Error('the e-mail has no PDF attached');
  return Buffer.from(part[1]!.replace(/\s/g, ''), 'base64');
}

/** The text of each page of a PDF, whitespace collapsed to single spaces. */
export async function pdfPages(pdf: Uint8Array): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

/** Pairs of strings drawn on one line of a page whose boxes overlap (text running into text), page by page. */
export async function overlappingText(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const found: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const { items } = await (await document.getPage(n)).getTextContent();
    const boxes = items
      .filter((item): item is typeof item & { str: string; transform: number[]; width: number } => 'str' in item && item.str.trim() !== '')
      .map((item) => ({ text: item.str, x: item.transform[4]!, y: Math.round(item.transform[5]), end: item.transform[4]! + item.width }));
    for (const a of boxes)
      for (const b of boxes)
        if (a !== b && a.y === b.y && a.x <= b.x && a.end > b.x + 0.5) found.push(`page ${n}: "${a.text}" runs into "${b.text}"`);
  }
  return found;
}
