// The report's typeface: DejaVu Sans (regular and bold), embedded with only the letters a report
// uses. pdf-lib's standard fonts draw the Western European letters alone (WinAnsi), so a name typed
// in Polish, Czech, Turkish, Vietnamese, Greek or Cyrillic printed as '?'; DejaVu draws those and
// most of what people write in Latin, Greek and Cyrillic scripts. What it lacks (CJK, most emoji) is '?'.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { PdfFonts } from './estimate-pages.ts';

const require = createRequire(import.meta.url);
const FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
} as const;

interface Face {
  bytes: Uint8Array;
  /** The code points it has a glyph for. */
  drawable: ReadonlySet<number>;
}

/** Each face's file and letters, read once per process (the first report); read again by the next report if that failed. */
let faces: Promise<Record<keyof typeof FILES, Face>> | undefined;
const loadFaces = () =>
  (faces ??= (async () => {
    const read = async (file: string): Promise<Face> => {
      const bytes = new Uint8Array(await readFile(file));
      return { bytes, drawable: new Set(fontkit.create(bytes).characterSet) };
    };
    const [regular, bold] = await Promise.all([read(FILES.regular), read(FILES.bold)]);
    return { regular, bold };
  })().catch((error: unknown) => {
    faces = undefined;
    throw error;
  }));

/** Embeds the report's fonts in `pdf`; `safe` keeps what a font draws and puts '?' for the rest. */
export async function embedFonts(pdf: PDFDocument): Promise<PdfFonts> {
  const { regular, bold } = await loadFaces();
  pdf.registerFontkit(fontkit);
  const [regularFont, boldFont] = await Promise.all([
    pdf.embedFont(regular.bytes, { subset: true }),
    pdf.embedFont(bold.bytes, { subset: true }),
  ]);
  const drawable = new Map<PDFFont, ReadonlySet<number>>([
    [regularFont, regular.drawable],
    [boldFont, bold.drawable],
  ]);
  return {
    regular: regularFont,
    bold: boldFont,
    // Composed first: a letter typed as a base and its accents draws as the one glyph the font has.
    safe: (font, text) => Array.from(text.normalize('NFC'), (ch) => (drawable.get(font)?.has(ch.codePointAt(0)!) ? ch : '?')).join(''),
  };
}
