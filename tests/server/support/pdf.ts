// Reading back what the API mails: the PDF attached to an e-mail, and a PDF's text page by page.
import { extractText, getDocumentProxy } from 'unpdf';

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
