import type { Lang } from '@obra/schema';
import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  basisWords,
  countryName,
  money,
  percent,
  quantity,
  STAGES,
  compact,
  type Estimate,
  type IncompleteEstimate,
  type Quantities,
} from '@obra/estimate';
import { textsIn, type ServerKey, type ServerT } from '../texts.ts';
import { sourceLines } from './estimate-sources.ts';
import { labelsFor } from './labels.ts';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const WIDTH = A4[0] - 2 * MARGIN;
const INK = '#1f2933';
const MUTED = '#52606d';
const ACCENT = '#1f4e79';
const BAR = '#2f6fa8';
const BAND = '#dce7f2';

const colour = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};

/** The report's fonts (fonts.ts), and how it makes a text drawable by them. */
export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
  safe(font: PDFFont, text: string): string;
}

/** How far a sum of measured parts may be from the limit before the whole text is measured instead. */
const NEAR_THE_LIMIT = 0.01;

/**
 * The lines drawable `text` wraps to within `width`: at spaces, and a word wider than the line (a
 * URL) after a `/`, `-`, `_`, `.` or `?` where it can, else anywhere, so nothing runs off the page.
 *
 * pdf-lib measures a text by laying out all of it (fontkit's shaping), so measuring a line again
 * for each word it gains, and a long word again for each letter, made the work grow with the square
 * of the text: a 4,000-letter comment without a space took seconds of CPU. Each word, space and
 * letter is laid out once here, a line's width is the sum of its parts (in the report's fonts a
 * line measures what its words and spaces do: tests/server/report-pdf.test.ts), and a sum within
 * a hair of the limit is measured whole, so each line is the one measuring it whole gives.
 */
export function wrapLines(text: string, font: PDFFont, size: number, width: number): string[] {
  const measured = new Map<string, number>();
  const measure = (part: string) => {
    let wide = measured.get(part);
    if (wide === undefined) measured.set(part, (wide = font.widthOfTextAtSize(part, size)));
    return wide;
  };
  /** Whether a text whose parts sum to `sum` fits: by the sum, or measured whole when near the limit. */
  const fits = (sum: number, whole: () => string) => (Math.abs(sum - width) > NEAR_THE_LIMIT ? sum <= width : measure(whole()) <= width);
  const space = measure(' ');
  const lines: string[] = [];
  let lineWidth = 0;
  for (let word of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && fits(lineWidth + space + measure(word), () => `${last} ${word}`)) {
      lines[lines.length - 1] = `${last} ${word}`;
      lineWidth += space + measure(word);
      continue;
    }
    while (!fits(measure(word), () => word)) {
      // The longest start that fits (one letter at least): from the letters' widths, then checked whole.
      const letters = Array.from(word);
      let end = 1;
      let sum = measure(letters[0]!);
      while (end < letters.length && sum + measure(letters[end]!) <= width) sum += measure(letters[end++]!);
      const start = (n: number) => letters.slice(0, n).join('');
      while (end > 1 && measure(start(end)) > width) end--;
      while (end < letters.length && measure(start(end + 1)) <= width) end++;
      const head = start(end);
      const cut = Math.max(...['/', '-', '_', '.', '?'].map((mark) => head.lastIndexOf(mark, head.length - 1) + 1));
      const at = cut > head.length / 2 ? cut : head.length;
      lines.push(word.slice(0, at));
      word = word.slice(at);
    }
    lines.push(word);
    lineWidth = measure(word);
  }
  return lines;
}

/** A cursor over pages: writes top to bottom and turns the page when the next block does not fit. */
class Sheet {
  page!: PDFPage;
  y = 0;
  private readonly pdf: PDFDocument;
  readonly fonts: PdfFonts;
  constructor(pdf: PDFDocument, fonts: PdfFonts) {
    this.pdf = pdf;
    this.fonts = fonts;
    this.turn();
  }
  turn() {
    this.page = this.pdf.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  /** Turns the page unless `height` points are left above the bottom margin. */
  room(height: number) {
    if (this.y - height < MARGIN) this.turn();
  }
  /** Draws `text` at `x` (or ending at `right`), in a smaller size when it would be wider than `fit`. */
  text(text: string, x: number, options: { size?: number; font?: PDFFont; colour?: string; right?: number; fit?: number } = {}) {
    const font = options.font ?? this.fonts.regular;
    const safe = this.fonts.safe(font, text);
    const wanted = options.size ?? 9;
    const size = options.fit ? Math.min(wanted, (wanted * options.fit) / Math.max(font.widthOfTextAtSize(safe, wanted), 1)) : wanted;
    const left = options.right === undefined ? x : options.right - font.widthOfTextAtSize(safe, size);
    this.page.drawText(safe, { x: left, y: this.y, size, font, color: colour(options.colour ?? INK) });
  }
  /** The lines `text` wraps to within `width`. */
  wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    return wrapLines(this.fonts.safe(font, text), font, size, width);
  }
  /** Writes a paragraph wrapped to `width`, moving down one line per line. */
  paragraph(text: string, options: { size?: number; font?: PDFFont; colour?: string; x?: number; width?: number } = {}) {
    const font = options.font ?? this.fonts.regular;
    const size = options.size ?? 9;
    const lines = this.wrap(text, font, size, options.width ?? WIDTH);
    for (const line of lines) {
      this.room(size + 3);
      this.text(line, options.x ?? MARGIN, { ...options, size });
      this.y -= size + 3;
    }
  }
  /** A section's title, on the next page unless it and the first `next` points of its section fit. */
  heading(text: string, next = 36) {
    this.room(next + 24);
    this.y -= 8;
    this.text(text, MARGIN, { size: 12, font: this.fonts.bold, colour: ACCENT });
    this.y -= 16;
  }
  /** A table row: cells at their x; numbers right-aligned at `right`. */
  row(cells: { text: string; x: number; right?: boolean; width?: number }[], options: { bold?: boolean; shade?: boolean } = {}) {
    this.room(14);
    if (options.shade) this.page.drawRectangle({ x: MARGIN, y: this.y - 3, width: WIDTH, height: 13, color: colour('#f1f4f8') });
    for (const cell of cells) {
      this.text(cell.text, cell.x, {
        font: options.bold ? this.fonts.bold : this.fonts.regular,
        colour: options.bold ? MUTED : INK,
        // A number never runs into its neighbour: it shrinks to its column, less a gap.
        ...(cell.right ? { right: cell.x + (cell.width ?? 0), fit: (cell.width ?? 0) - 6 } : {}),
      });
    }
    this.y -= 13;
  }
}

/** Each quantity and its unit (in the catalogue beside the materials' units); the floors have none. */
const QUANTITY_ROWS: [keyof Quantities, 'm²' | ''][] = [
  ['landArea', 'm²'],
  ['footprint', 'm²'],
  ['floors', ''],
  ['builtArea', 'm²'],
  ['roofArea', 'm²'],
  ['facadeArea', 'm²'],
  ['openingsArea', 'm²'],
  ['wallArea', 'm²'],
];

function quantitiesTable(sheet: Sheet, e: Estimate, say: ServerT, lang: Lang) {
  sheet.heading(say('estimateReport.quantities.title'));
  sheet.row(
    [
      { text: say('estimateReport.quantities.item'), x: MARGIN },
      { text: say('estimateReport.quantities.value'), x: 230, right: true, width: 70 },
      { text: say('estimateReport.quantities.formula'), x: 320 },
    ],
    { bold: true },
  );
  for (const [key, unit] of QUANTITY_ROWS) {
    if (key === 'landArea' && !e.quantities.landArea) continue;
    sheet.row([
      { text: say(`estimateReport.quantities.${key}` as ServerKey), x: MARGIN },
      {
        text: `${quantity(e.quantities[key], lang, e.region)}${unit ? ` ${say(`estimateReport.materials.units.${unit}`)}` : ''}`,
        x: 230,
        right: true,
        width: 70,
      },
      { text: say(`estimateReport.quantities.formulas.${key}` as ServerKey), x: 320 },
    ]);
  }
}

function materialsTable(sheet: Sheet, e: Estimate, say: ServerT, lang: Lang) {
  sheet.heading(say('estimateReport.materials.title'));
  sheet.row(
    [
      { text: say('estimateReport.materials.material'), x: MARGIN },
      { text: say('estimateReport.materials.quantity'), x: 230, right: true, width: 70 },
    ],
    { bold: true },
  );
  for (const m of e.materials) {
    sheet.row([
      { text: say(`estimateReport.materials.names.${m.key}` as ServerKey), x: MARGIN },
      {
        text: `${quantity(m.quantity, lang, e.region)} ${say(`estimateReport.materials.units.${m.unit}` as ServerKey)}`,
        x: 230,
        right: true,
        width: 70,
      },
    ]);
  }
}

function costSection(sheet: Sheet, e: Estimate, say: ServerT, lang: Lang) {
  const cur = (n: number) => money(n, e.cost.currency, lang, e.region);
  sheet.heading(say('estimateReport.cost.title'));
  // Three money columns of 125 pt each, ending at the right margin: a billion pesos in bold
  // ("COP $1,050,000,000", ~95 pt) fits with room between columns (80 pt ones ran together).
  const cols = (a: string, b: string, c: string, d: string) => [
    { text: a, x: MARGIN },
    { text: b, x: A4[0] - MARGIN - 375, right: true, width: 125 },
    { text: c, x: A4[0] - MARGIN - 250, right: true, width: 125 },
    { text: d, x: A4[0] - MARGIN - 125, right: true, width: 125 },
  ];
  sheet.row(
    cols(
      say('estimateReport.cost.trade'),
      say('estimateReport.cost.low'),
      say('estimateReport.cost.expected'),
      say('estimateReport.cost.high'),
    ),
    { bold: true },
  );
  for (const trade of e.cost.trades)
    sheet.row(cols(say(`estimateReport.cost.trades.${trade.trade}` as ServerKey), cur(trade.low), cur(trade.expected), cur(trade.high)));
  const { total, perM2 } = e.cost;
  sheet.row(cols(say('estimateReport.cost.total'), cur(total.low), cur(total.expected), cur(total.high)), { shade: true });
  sheet.row(cols(say('estimateReport.cost.perM2'), cur(perM2.low), cur(perM2.expected), cur(perM2.high)), { shade: true });
  // The chart: a bar to each trade's expected cost with its amount and share of the total, a
  // whisker from low to high, and an axis in the currency, all on one scale.
  sheet.y -= 10;
  const chartX = 200;
  const valueW = 110;
  const chartW = A4[0] - MARGIN - chartX - valueW;
  const axis = ticks(Math.max(...e.cost.trades.map((trade) => trade.high), 1));
  const scale = chartW / axis[axis.length - 1]!;
  sheet.room(e.cost.trades.length * 18 + 50);
  for (const trade of e.cost.trades) {
    sheet.text(say(`estimateReport.cost.trades.${trade.trade}` as ServerKey), MARGIN, { size: 8, colour: MUTED, fit: chartX - MARGIN - 8 });
    const mid = sheet.y + 3;
    sheet.page.drawRectangle({ x: chartX, y: sheet.y - 3, width: Math.max(trade.expected * scale, 0.5), height: 11, color: colour(BAR) });
    sheet.page.drawLine({
      start: { x: chartX + trade.low * scale, y: mid },
      end: { x: chartX + trade.high * scale, y: mid },
      thickness: 1,
      color: colour(INK),
    });
    for (const end of [trade.low, trade.high])
      sheet.page.drawLine({
        start: { x: chartX + end * scale, y: mid - 4 },
        end: { x: chartX + end * scale, y: mid + 4 },
        thickness: 1,
        color: colour(INK),
      });
    const share = `${cur(trade.expected)} (${percent(trade.expected / e.cost.total.expected)} %)`;
    sheet.text(share, 0, { size: 8, right: A4[0] - MARGIN, fit: valueW - 8 });
    sheet.y -= 18;
  }
  axisLine(sheet, chartX, scale, axis, (n) => compact(n, lang, e.region));
  sheet.y -= 11;
  sheet.text(say('estimateReport.cost.axis', { currency: e.cost.currency }), chartX, {
    size: 7,
    colour: MUTED,
    fit: A4[0] - MARGIN - chartX,
  });
  sheet.y -= 14;
}

/** An axis's ticks from 0 past `max`: 4 to 6 steps of 1, 2 or 5 × a power of ten. */
function ticks(max: number): number[] {
  const rough = max / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((n) => n * power).find((n) => n >= rough)!;
  const values = [0];
  while (values[values.length - 1]! < max) values.push(values.length * step);
  return values;
}

/** A horizontal axis just above the cursor, from `x`: a line, a tick and its label at each value. */
function axisLine(sheet: Sheet, x: number, scale: number, values: number[], label: (n: number) => string) {
  const y = sheet.y + 12;
  const end = x + values[values.length - 1]! * scale;
  sheet.page.drawLine({ start: { x, y }, end: { x: end, y }, thickness: 0.5, color: colour(MUTED) });
  for (const value of values) {
    const at = x + value * scale;
    sheet.page.drawLine({ start: { x: at, y }, end: { x: at, y: y - 3 }, thickness: 0.5, color: colour(MUTED) });
    const text = label(value);
    sheet.text(text, at - sheet.fonts.regular.widthOfTextAtSize(text, 7) / 2, { size: 7, colour: MUTED });
  }
}

/** A stage's row in the timeline. */
const ROW = 18;

function timeline(sheet: Sheet, e: Estimate, say: ServerT, lang: Lang) {
  // Its rows, axis, caption and total: the heading never stands alone at a page's foot.
  sheet.heading(say('estimateReport.time.title'), STAGES.length * ROW + 30);
  const chartX = 200;
  const chartW = A4[0] - MARGIN - chartX - 30;
  const axis = ticks(Math.max(e.time.totalWeeks, 1));
  const scale = chartW / axis[axis.length - 1]!;
  for (const stage of e.time.stages) {
    sheet.text(say(`estimateReport.time.stages.${stage.stage}` as ServerKey), MARGIN, { size: 9 });
    if (stage.done) sheet.text(say('estimateReport.time.done'), chartX, { size: 8, colour: MUTED });
    else {
      sheet.page.drawRectangle({
        x: chartX + stage.start * scale,
        y: sheet.y - 3,
        width: Math.max(stage.weeks * scale, 1),
        height: 12,
        color: colour(BAR),
      });
      sheet.text(quantity(stage.weeks, lang, e.region), chartX + (stage.start + stage.weeks) * scale + 4, { size: 8, colour: MUTED });
    }
    sheet.y -= ROW;
  }
  axisLine(sheet, chartX, scale, axis, (n) => quantity(n, lang, e.region));
  sheet.y -= 11;
  sheet.text(say('estimateReport.time.axis'), chartX, { size: 7, colour: MUTED });
  sheet.y -= 14;
  sheet.text(say('estimateReport.time.total', { count: e.time.totalWeeks }), MARGIN, { size: 9, font: sheet.fonts.bold });
  sheet.y -= 14;
}

function assumptions(sheet: Sheet, e: Estimate, say: ServerT, lang: Lang, otros: string[]) {
  sheet.heading(say('estimateReport.assumptions.title'));
  const items = [
    say('estimateReport.assumptions.base', {
      rate: money(e.cost.ratePerM2, e.cost.currency, lang, e.region),
      type: say(`estimate.summary.types.${e.type}` as ServerKey),
    }),
  ];
  // Each by its label and its choice's, as the first page shows them.
  const labels = labelsFor(lang);
  if (e.defaulted.length)
    items.push(
      say('estimateReport.assumptions.defaulted', {
        fields: e.defaulted.map((field) => `${labels.legend(field)}: ${labels.choice(field, e.choices[field])}`).join('; '),
      }),
    );
  if (e.choices.estadoProyecto === 'Remodelacion/Adecuacion') items.push(say('estimateReport.assumptions.remodel'));
  items.push(say('estimateReport.assumptions.stage'));
  if (otros.length) items.push(say('estimateReport.assumptions.extras'));
  items.push(say('estimateReport.assumptions.excluded'));
  for (const item of items) sheet.paragraph(`- ${item}`);
}

function sources(sheet: Sheet, e: Estimate, say: ServerT, lang: Lang) {
  sheet.heading(say('estimateReport.sources.title'));
  for (const line of sourceLines(e, say, lang)) {
    sheet.paragraph(line, { size: 7.5 });
    sheet.y -= 2;
  }
  sheet.y -= 4;
  sheet.paragraph(say('estimateReport.sources.unsourced'), { size: 7.5, colour: MUTED });
}

/**
 * Adds the estimate's pages to a report: quantities, materials, cost by trade with a bar chart,
 * the timeline, assumptions and sources, in `lang`. The estimate is recomputed from the row (by
 * pdf.ts), so an old report gets today's figures.
 */
export function addEstimatePages(pdf: PDFDocument, e: Estimate | IncompleteEstimate, otros: string[], lang: Lang, fonts: PdfFonts): void {
  const say = textsIn(lang);
  const sheet = new Sheet(pdf, fonts);
  sheet.page.drawRectangle({ x: 0, y: A4[1] - 60, width: A4[0], height: 60, color: colour(ACCENT) });
  sheet.y = A4[1] - 38;
  sheet.text(say('estimateReport.title'), MARGIN, { size: 16, font: fonts.bold, colour: '#ffffff' });
  sheet.y = A4[1] - 80;
  if (!e.complete) {
    // Only the country missing (a name no country has): say that, not the measures.
    const onlyCountry = e.missing.every((field) => field === 'pais');
    sheet.paragraph(say(onlyCountry ? 'estimateReport.noCountry' : 'estimateReport.incomplete'), { size: 10 });
    return;
  }
  // The band behind the summary: as tall as its lines.
  const country = countryName(e.region, lang);
  const { key, values } = basisWords(e, lang);
  const summary: [string, PDFFont][] = [
    [say('estimateReport.indicative', { cost: percent(e.cost.uncertainty), time: percent(e.time.uncertainty) }), fonts.bold],
    [say('estimateReport.region', { country, currency: e.cost.currency }), fonts.regular],
    // What is built and where its figures come from, as the form says it.
    [say(`estimate.summary.${key}`, { ...values, type: say(`estimate.summary.types.${e.type}` as ServerKey) }), fonts.regular],
  ];
  if (e.cost.drivers.length)
    summary.push([
      say('estimateReport.drivers', {
        drivers: e.cost.drivers
          .map((d) => `${say(`estimateReport.driverNames.${d.driver}` as ServerKey)} (±${percent(d.range)} %)`)
          .join(', '),
      }),
      fonts.regular,
    ]);
  const lines = summary.reduce((n, [text, font]) => n + sheet.wrap(text, font, 9, WIDTH - 12).length, 0);
  sheet.page.drawRectangle({ x: MARGIN, y: sheet.y - lines * 12 + 4, width: WIDTH, height: lines * 12 + 6, color: colour(BAND) });
  for (const [text, font] of summary) sheet.paragraph(text, { size: 9, font, x: MARGIN + 6, width: WIDTH - 12 });
  quantitiesTable(sheet, e, say, lang);
  materialsTable(sheet, e, say, lang);
  costSection(sheet, e, say, lang);
  timeline(sheet, e, say, lang);
  assumptions(sheet, e, say, lang, otros);
  sources(sheet, e, say, lang);
}
