// The report PDF as the visitor sees it: its first page rendered to pixels by poppler's pdftoppm
// (.ci/setup.mjs installs it with the browsers; OBRA_SCREENSHOTS=<folder> also writes it as PNG to
// look at) and its text read back. The picture stays inside its frame, the facade keeps its
// bricks, and every length is written one way.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@obra/i18n';
import { reportFonts, reportPdf, textsIn, wrapLines, type ReportRow } from '@obra/server/testing';

/** An urban brick house (the city's skyline runs past the picture's edges), its sizes as the visitor typed them. */
const ROW = {
  id: '1',
  created_at: '2026-11-23T10:00:00Z',
  nombre: 'Ana Pérez',
  uso: 'housing',
  ancho: '10',
  longitud: '20',
  ancho_edificacion: '8',
  largo_edificacion: '12',
  alto_edificacion: '6.5',
  diseno: 'Doble pendiente',
  material_fachada: 'Ladrillo',
  material_cubierta: 'Arcilla/Concreto',
  zona: 'zone2',
  image_url: 'https://obra.example/api/images/abc.svg',
} as ReportRow;

/** The page's margins (pdf.ts): everything below the header band lies between them. */
const MARGIN = { left: 40, right: 595.28 - 40 };

/** Page 1 at `dpi` (72: one pixel per point), from pdftoppm's PPM: `rgb(x, y)` reads one pixel. */
function firstPage(pdf: Uint8Array, dpi = 72) {
  if (!existsSync('/usr/bin/pdftoppm') && !process.env.PATH?.split(':').some((dir) => existsSync(join(dir, 'pdftoppm'))))
    throw new Error("pdftoppm is missing: install Debian's poppler-utils (node .ci/setup.mjs --browser does, as root).");
  const ppm = execFileSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-'], { input: pdf, maxBuffer: 64 << 20 });
  // P6: magic, width and height, the largest value, each followed by one whitespace, then RGB bytes.
  const header = /^P6\s(\d+)\s(\d+)\s255\s/.exec(ppm.subarray(0, 32).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = ppm.subarray(header[0].length);
  return { width, height, rgb: (x: number, y: number) => pixels.subarray((y * width + x) * 3, (y * width + x) * 3 + 3) };
}

/** Also writes page 1 as a PNG to look at, when OBRA_SCREENSHOTS names a folder. */
function lookAt(pdf: Uint8Array, name: string) {
  const dir = process.env.OBRA_SCREENSHOTS;
  if (dir) execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', '-singlefile', '-', join(dir, name)], { input: pdf });
}

/** Whether a pixel is within `tolerance` of `#rrggbb` in each channel. */
const near = (pixel: Uint8Array, hex: string, tolerance = 14) =>
  [0, 1, 2].every((i) => Math.abs(pixel[i]! - Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16)) <= tolerance);

describe.each(['es', 'en'] as const)('the report PDF’s first page (%s)', (lang) => {
  it('draws nothing outside the margins below its header: the skyline stays inside the picture’s frame', async () => {
    const pdf = await reportPdf({ ...ROW, lang } as ReportRow, undefined);
    lookAt(pdf, `report-pdf-${lang}`);
    const page = firstPage(pdf);
    const outside: string[] = [];
    for (let y = 80; y < page.height; y++)
      for (let x = 0; x < page.width; x++)
        if ((x < MARGIN.left - 1 || x > MARGIN.right + 1) && page.rgb(x, y).some((v) => v < 250)) outside.push(`${x},${y}`);
    expect(outside.length, outside.slice(0, 5).join(' ')).toBe(0);
    // The picture is there: the sky above the ground, in the frame.
    let sky = 0;
    for (let y = 80; y < page.height; y++) for (let x = MARGIN.left; x < MARGIN.right; x++) if (near(page.rgb(x, y), '#a9cbe6', 20)) sky++;
    expect(sky).toBeGreaterThan(5_000);
  });

  it('draws the brick facade with its mortar joints, as the SVG does (not one flat colour)', async () => {
    // At 200 dpi the joints (half a point wide) are whole pixels.
    const page = firstPage(await reportPdf({ ...ROW, lang } as ReportRow, undefined), 200);
    let [mortar, brick] = [0, 0];
    for (let y = 0; y < page.height; y++)
      for (let x = 0; x < page.width; x++) {
        const pixel = page.rgb(x, y);
        if (near(pixel, '#e8d9c8')) mortar++;
        else if (near(pixel, '#b0573b')) brick++;
      }
    // One flat colour had 49 mortar-coloured pixels (edges) against 73,697 brick ones; the texture has ~7,000 against ~57,000.
    expect({ mortar: mortar > 2_000, brick: brick > 20_000 }).toEqual({ mortar: true, brick: true });
  });

  it('writes every length one way: the language’s decimal sign, a space, “m”', async () => {
    const { text } = await extractText(await getDocumentProxy(await reportPdf({ ...ROW, lang } as ReportRow, undefined)), {
      mergePages: false,
    });
    // pdf.js reads the no-break space pdf.ts writes (so a unit never wraps away from its number) as a space.
    const first = text[0]!.replace(/\u00a0/g, ' ');
    const [decimal, other] = lang === 'es' ? ['6,5', '6.5'] : ['6.5', '6,5'];
    for (const length of ['10 m × 20 m', `${decimal} m`, '8 m', '12 m']) expect(first).toContain(length);
    expect(first).not.toContain(`${other} m`);
    expect(first).not.toMatch(/\dm\b/);
  });
});

describe('a length in the report PDF', () => {
  it('never parts from its unit: each language writes a no-break space between them, and a line breaks at a space only', () => {
    for (const lang of LANGS) expect(textsIn(lang)('report.pdf.metres', { value: '12' }), lang).toBe('12\u00a0m');
    // A font whose every character is half the size wide: room for "Frente 12", not for "Frente 12 m".
    const font = { widthOfTextAtSize: (text: string, size: number) => (text.length * size) / 2 } as Parameters<typeof wrapLines>[1];
    const width = font.widthOfTextAtSize('Frente 12', 9) + 1;
    expect(wrapLines('Frente 12 m', font, 9, width)).toEqual(['Frente 12', 'm']);
    expect(wrapLines('Frente 12\u00a0m', font, 9, width)).toEqual(['Frente', '12\u00a0m']);
  });
});

/** How the report wrapped lines before it summed widths: every line measured whole, again for each word and letter. */
function wrapMeasuringWhole(text: string, font: Parameters<typeof wrapLines>[1], size: number, width: number): string[] {
  const fits = (line: string) => font.widthOfTextAtSize(line, size) <= width;
  const lines: string[] = [];
  for (let word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && fits(`${last} ${word}`)) {
      lines[lines.length - 1] = `${last} ${word}`;
      continue;
    }
    while (!fits(word)) {
      let end = 1;
      while (end < word.length && fits(word.slice(0, end + 1))) end++;
      const cut = Math.max(...['/', '-', '_', '.', '?'].map((mark) => word.lastIndexOf(mark, end - 1) + 1));
      const at = cut > end / 2 ? cut : end;
      lines.push(word.slice(0, at));
      word = word.slice(at);
    }
    lines.push(word);
  }
  return lines;
}

describe('wrapping a text in the report PDF', async () => {
  const fonts = await reportFonts();
  const locales = join(import.meta.dirname, '../../packages/i18n/locales');
  const strings = (node: unknown): string[] =>
    typeof node === 'string' ? [node] : node && typeof node === 'object' ? Object.values(node).flatMap(strings) : [];
  // Every text of the catalogues a report prints, and what visitors type: names in other scripts, ligature pairs, a long address.
  const corpus = [
    ...LANGS.flatMap((lang) =>
      ['report.json', 'estimate-report.json', 'server.json'].flatMap((file) =>
        strings(JSON.parse(readFileSync(join(locales, lang, file), 'utf8'))),
      ),
    ),
    'Łukasz Wójcik Nguyễn Văn Anh Γιώργος Παπαδόπουλος Александра Кузнецова office affluent fjord ﬁnal',
    'Calle 10 # 43-25, apartamento 1201, torre 3, conjunto residencial Los Almendros, Medellín, Antioquia',
  ];

  it('measures a line as its words and spaces measure, in both fonts', () => {
    for (const font of [fonts.regular, fonts.bold]) {
      for (const text of corpus) {
        const safe = fonts.safe(font, text);
        const parts = safe.split(' ').reduce((sum, word) => sum + font.widthOfTextAtSize(word, 9), 0);
        const spaces = (safe.split(' ').length - 1) * font.widthOfTextAtSize(' ', 9);
        expect(parts + spaces, safe).toBeCloseTo(font.widthOfTextAtSize(safe, 9), 6);
      }
    }
  });

  it('gives the lines measuring each whole line gives, at several widths', () => {
    const long = `https://obra.example/catalogo/${'proyecto-de-vivienda_unifamiliar.'.repeat(6)}?ref=office`;
    for (const font of [fonts.regular, fonts.bold]) {
      // The widths of the report's label and value columns, and a narrow one for the address.
      for (const [text, widths] of [...corpus.map((text) => [text, [142, 365]] as const), [long, [40, 142, 365]] as const]) {
        const safe = fonts.safe(font, text);
        for (const width of widths) expect(wrapLines(safe, font, 9, width), safe).toEqual(wrapMeasuringWhole(safe, font, 9, width));
      }
    }
  });

  it('lays out a long text without a space a bounded number of times, not once per letter for each line', () => {
    let layouts = 0;
    const counted = new Proxy(fonts.regular, {
      get: (font, name) =>
        name === 'widthOfTextAtSize'
          ? (text: string, size: number) => {
              layouts += 1;
              return font.widthOfTextAtSize(text, size);
            }
          : Reflect.get(font, name),
    });
    const text = 'x'.repeat(4000);
    const lines = wrapLines(text, counted, 9, 365);
    expect(lines.join('')).toBe(text);
    expect(lines.length).toBeGreaterThan(50);
    // A few measurements per line (its letters come from one cache): the whole-line way took one per letter of every line.
    expect(layouts).toBeLessThan(4 * lines.length);
  });
});

describe('the report PDF for a visitor who writes in another script', () => {
  it('prints their name and place as typed (Polish, Vietnamese, Greek, Cyrillic, composed or not), and only what no font draws as "?"', async () => {
    // "Nguyễn" typed as base letters and combining accents (NFD), as some keyboards send it.
    const typed = {
      nombre: `Łukasz Wójcik, ${'Nguyễn Văn Anh'.normalize('NFD')}`,
      ciudad: 'Łódź',
      departamento: 'Θεσσαλονίκη',
      pais: 'Россия',
      // CJK is not in the report's typeface.
      uso_especifico: 'Casa 李',
    };
    const pdf = await reportPdf({ ...ROW, ...typed, uso: 'other', lang: 'es' } as ReportRow, undefined);
    lookAt(pdf, 'report-pdf-scripts');
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: false });
    const first = text[0]!.normalize('NFC');
    expect(first).toContain('Łukasz Wójcik, Nguyễn Văn Anh');
    expect(first).toContain('Łódź, Θεσσαλονίκη, Россия');
    expect(first).toContain('Casa ?');
    expect(first).not.toContain('李');
  });
});
