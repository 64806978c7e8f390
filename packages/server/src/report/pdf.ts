import { langOr, type Lang } from '@obra/schema';
import { LEAD_KIND_SPECS, storedFields } from '@obra/schema/lead-kinds';
import { PDFDocument, rgb } from 'pdf-lib';
import { estimate, quantity, type Choices } from '@obra/estimate';
import { specOf } from '../images/prompt-spec.ts';
import { textsIn } from '../texts.ts';
import { addEstimatePages, wrapLines } from './estimate-pages.ts';
import { embedFonts } from './fonts.ts';
import { channels, drawIllustration } from './illustration.ts';
import { labelsFor, type ChoiceField } from './labels.ts';

/** An image URL as the API makes it with PUBLIC_URL (report/caps.ts): an origin without user info, then the image path. */
const CANONICAL_IMAGE = /^https?:\/\/[\w.-]+(:\d+)?\/api\/images\/[\w-]{43}\.(svg|png|jpg|webp)$/;

/** A stored report row (snake_case columns of migrations/002_reports.sql). */
export type ReportRow = Record<string, string> & { id: string; created_at: string | Date };

/** The picture of the report: a raster image the API stored, or the scene to draw as vectors. */
export type ReportImage = { png?: Uint8Array; jpeg?: Uint8Array } | undefined;

const hex = (colour: string) => rgb(...channels(colour));

/** Renders a report to an A4 PDF: the choices and picture, then the estimate's pages (in the row's language, else Spanish). */
export async function reportPdf(row: ReportRow, image: ReportImage, lang: Lang = langOr(row.lang)): Promise<Uint8Array> {
  const labels = labelsFor(lang);
  const fields = storedFields(LEAD_KIND_SPECS.report, row);
  // Computed once: the choices it assumed are printed as assumed here and in its assumptions.
  const e = estimate(fields);
  const otros = fields.otros!.split(',').filter(Boolean);
  const region = e.complete ? e.region : '';
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${labels.own('title')} — ${row.nombre}`);
  pdf.setCreator('Obra');
  const page = pdf.addPage([595.28, 841.89]);
  const fonts = await embedFonts(pdf);
  const { regular, bold, safe } = fonts;
  const margin = 40;
  let y = 841.89 - margin;
  const write = (text: string, size: number, font = regular, x = margin, colour = '#1f2933') =>
    page.drawText(safe(font, text), { x, y, size, font, color: hex(colour) });

  page.drawRectangle({ x: 0, y: 841.89 - 70, width: 595.28, height: 70, color: hex('#1f4e79') });
  y -= 8;
  write(labels.own('title'), 20, bold, margin, '#ffffff');
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(row.created_at));
  const dated = safe(regular, `${labels.own('date')}: ${date}`);
  page.drawText(dated, { x: 595.28 - margin - regular.widthOfTextAtSize(dated, 10), y, size: 10, font: regular, color: hex('#dce7f2') });
  y = 841.89 - 92;

  const pairs = (title: string, rows: [string, string][]) => {
    write(title, 12, bold, margin, '#1f4e79');
    y -= 16;
    for (const [label, value] of rows) {
      // A long value (a name, a use described) wraps within its column instead of leaving the page,
      // and a long label (a language with longer words) within its own instead of running into the value.
      const labelLines = wrapLines(safe(bold, label), bold, 9, 150 - 8);
      const valueLines = wrapLines(safe(regular, value || labels.own('none')), regular, 9, 515 - 150);
      for (let i = 0; i < Math.max(labelLines.length, valueLines.length); i++) {
        if (i) y -= 11;
        if (labelLines[i]) write(labelLines[i]!, 9, bold, margin, '#52606d');
        if (valueLines[i]) write(valueLines[i]!, 9, regular, margin + 150);
      }
      y -= 13;
    }
    y -= 6;
  };
  const text = labels.text;
  const metres = (value: string) => {
    const n = Number(value.trim().replace(',', '.'));
    return textsIn(lang)('report.pdf.metres', { value: value.trim() && Number.isFinite(n) ? quantity(n, lang, region, 2) : value.trim() });
  };
  const dims = (a: string, b: string) => [a, b].map((v) => (v ? metres(v) : labels.own('none'))).join(' × ');
  // A choice as the visitor made it; one they left empty, as the estimate took it (the same words as its assumptions).
  const assumed: readonly string[] = e.complete ? e.defaulted : [];
  const choice = (field: ChoiceField) =>
    fields[field]
      ? labels.choice(field, fields[field])
      : e.complete && assumed.includes(field)
        ? textsIn(lang)('report.pdf.assumed', { value: labels.choice(field, e.choices[field as keyof Choices]) })
        : labels.own('notChosen');
  const pair = (field: ChoiceField, value: string): [string, string] => [labels.legend(field), value];
  pairs(labels.own('requester'), [
    [text('modal.nombre'), fields.nombre!],
    [text('modal.correo'), fields.correo!],
    [text('modal.telefono'), fields.telefono!],
    [text('sections.location'), [fields.ciudad, fields.departamento, fields.pais].filter(Boolean).join(', ')],
  ]);
  pairs(text('sections.project'), [
    pair('estadoProyecto', choice('estadoProyecto')),
    pair('etapaProyecto', choice('etapaProyecto')),
    pair('uso', [choice('uso'), fields.usoEspecifico].filter(Boolean).join(': ')),
    pair('sistemaConstructivo', choice('sistemaConstructivo')),
    [`${labels.own('land')} (${labels.own('width')} × ${labels.own('length')})`, dims(fields.ancho!, fields.longitud!)],
    [`${labels.own('building')}: ${labels.own('height')}`, fields.altoEdificacion ? metres(fields.altoEdificacion) : ''],
    [`${labels.own('building')}: ${labels.own('width')}`, fields.anchoEdificacion ? metres(fields.anchoEdificacion) : ''],
    [`${labels.own('building')}: ${labels.own('length')}`, fields.largoEdificacion ? metres(fields.largoEdificacion) : ''],
  ]);
  pairs(labels.own('choices'), [
    pair('diseno', choice('diseno')),
    pair('materialCubierta', choice('materialCubierta')),
    pair('tipoFachada', choice('tipoFachada')),
    pair('materialFachada', choice('materialFachada')),
    pair('zona', choice('zona')),
    pair('otros', otros.map((v) => labels.choice('otros', v)).join(', ') || labels.own('notChosen')),
  ]);
  write(labels.own('image'), 12, bold, margin, '#1f4e79');
  y -= 8;
  const embedded = image?.png ? await pdf.embedPng(image.png) : image?.jpeg ? await pdf.embedJpg(image.jpeg) : undefined;
  if (embedded) {
    const size = embedded.scaleToFit(515, Math.max(120, y - margin - 20));
    page.drawImage(embedded, { x: margin, y: y - size.height, width: size.width, height: size.height });
    y -= size.height;
  } else {
    y -= drawIllustration(pdf, page, specOf(storedFields(LEAD_KIND_SPECS.report, row)), margin, y, Math.min(515, (y - margin - 20) * 1.5));
  }
  y -= 14;
  // Only the API's own absolute URL (with PUBLIC_URL): an older report may hold one a stranger shaped.
  if (CANONICAL_IMAGE.test(row.image_url ?? '')) write(row.image_url!, 7, regular, margin, '#7b8794');
  addEstimatePages(pdf, e, otros, lang, fonts);
  return pdf.save();
}
