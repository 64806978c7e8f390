// The report PDF as the visitor sees it: its first page rendered to pixels by poppler's pdftoppm
// (.ci/setup.mjs installs it with the browsers; OBRA_SCREENSHOTS=<folder> also writes it as PNG to
// look at) and its text read back. The picture stays inside its frame, the facade keeps its
// bricks, and every length is written one way.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { LANGS } from '@obra/i18n';
import { reportPdf, textsIn, wrapLines, type ReportRow } from '@obra/server/testing';

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
