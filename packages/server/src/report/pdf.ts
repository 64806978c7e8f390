import type { Lang } from '@obra/schema';
import { LEAD_KIND_SPECS, storedFields } from '@obra/schema/lead-kinds';
import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import { specOf } from '../images/prompt-spec.ts';
import { addEstimatePages } from './estimate-pages.ts';
import { channels, drawIllustration } from './illustration.ts';
import { labelsFor } from './labels.ts';
import { estimateInputOf } from './lead-estimate.ts';

/** An image URL as the API makes it with PUBLIC_URL (report/caps.ts): an origin without user info, then the image path. */
const CANONICAL_IMAGE = /^https?:\/\/[\w.-]+(:\d+)?\/api\/images\/[\w-]{43}\.(svg|png|jpg|webp)$/;

/** A stored report row (snake_case columns of migrations/002_reports.sql). */
export type ReportRow = Record<string, string> & { id: string; created_at: string | Date };

/** The picture of the report: a raster image the API stored, or the scene to draw as vectors. */
export type ReportImage = { png?: Uint8Array; jpeg?: Uint8Array } | undefined;

const hex = (colour: string) => rgb(...channels(colour));

/**
 * A length the visitor gave, in metres, written one way everywhere on the page: their digits with
 * the language's decimal sign (up to two decimals) and a no-break space before the unit, so the
 * unit never parts from its number (`6,5 m`, `12 m`); what is not a number is written as it came.
 */
function metres(value: string, lang: Lang): string {
  const n = Number(value.trim().replace(',', '.'));
  const number = value.trim() && Number.isFinite(n) ? LENGTH[lang].format(n) : value.trim();
  return `${number}\u00a0m`;
}
const LENGTH: Record<Lang, Intl.NumberFormat> = {
  es: new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }),
};

/** Renders a report to an A4 PDF: the choices and picture, then the estimate's pages (in the row's language, else Spanish). */
export async function reportPdf(row: ReportRow, image: ReportImage, lang: Lang = row.lang === 'en' ? 'en' : 'es'): Promise<Uint8Array> {
  const labels = labelsFor(lang);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${labels.own('title')} — ${row.nombre}`);
  pdf.setCreator('Obra');
  const page = pdf.addPage([595.28, 841.89]);
  const [regular, bold] = await Promise.all([pdf.embedFont(StandardFonts.Helvetica), pdf.embedFont(StandardFonts.HelveticaBold)]);
  // The standard fonts cover Latin-1 (every Spanish letter); anything else a visitor typed becomes '?'.
  const safe = (font: PDFFont, text: string) =>
    Array.from(text)
      .map((ch) => {
        try {
          font.encodeText(ch);
          return ch;
        } catch {
          return '?';
        }
      })
      .join('');
  const margin = 40;
  let y = 841.89 - margin;
  const write = (text: string, size: number, font = regular, x = margin, colour = '#1f2933') =>
    page.drawText(safe(font, text), { x, y, size, font, color: hex(colour), maxWidth: 515 });

  page.drawRectangle({ x: 0, y: 841.89 - 70, width: 595.28, height: 70, color: hex('#1f4e79') });
  y -= 8;
  write(labels.own('title'), 20, bold, margin, '#ffffff');
  const date = new Date(row.created_at).toISOString().slice(0, 10);
  page.drawText(`${labels.own('date')}: ${date}`, { x: 440, y, size: 10, font: regular, color: hex('#dce7f2') });
  y = 841.89 - 92;

  const pairs = (title: string, rows: [string, string][]) => {
    write(title, 12, bold, margin, '#1f4e79');
    y -= 16;
    for (const [label, value] of rows) {
      write(label, 9, bold, margin, '#52606d');
      write(value || labels.own('none'), 9, regular, margin + 150);
      y -= 13;
    }
    y -= 6;
  };
  const text = labels.text;
  const dims = (a: string, b: string) => [a, b].map((v) => (v ? metres(v, lang) : labels.own('none'))).join(' × ');
  pairs(labels.own('requester'), [
    [text('modal.nombre'), row.nombre!],
    [text('modal.correo'), row.correo!],
    [text('modal.telefono'), row.telefono!],
    [text('sections.location'), [row.ciudad, row.departamento, row.pais].filter(Boolean).join(', ')],
  ]);
  pairs(text('sections.project'), [
    [text('estadoProyecto.legend'), labels.choice('estadoProyecto', row.estado_proyecto!)],
    [text('etapaProyecto.legend'), labels.choice('etapaProyecto', row.etapa_proyecto!)],
    [text('uso.legend'), [labels.choice('uso', row.uso!), row.uso_especifico].filter(Boolean).join(': ')],
    [text('sistema.legend'), labels.choice('sistemaConstructivo', row.sistema_constructivo!)],
    [`${labels.own('land')} (${labels.own('width')} × ${labels.own('length')})`, dims(row.ancho!, row.longitud!)],
    [`${labels.own('building')}: ${labels.own('height')}`, row.alto_edificacion ? metres(row.alto_edificacion, lang) : ''],
    [`${labels.own('building')}: ${labels.own('width')}`, row.ancho_edificacion ? metres(row.ancho_edificacion, lang) : ''],
    [`${labels.own('building')}: ${labels.own('length')}`, row.largo_edificacion ? metres(row.largo_edificacion, lang) : ''],
  ]);
  pairs(labels.own('choices'), [
    [text('diseno.legend'), labels.choice('diseno', row.diseno!)],
    [text('materialCubierta.legend'), labels.choice('materialCubierta', row.material_cubierta!)],
    [text('tipoFachada.legend'), labels.choice('tipoFachada', row.tipo_fachada!)],
    [text('materialFachada.legend'), labels.choice('materialFachada', row.material_fachada!)],
    [text('zona.legend'), labels.choice('zona', row.zona!)],
    [
      text('otros.legend'),
      (row.otros ?? '')
        .split(',')
        .filter(Boolean)
        .map((v) => labels.choice('otros', v))
        .join(', '),
    ],
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
  addEstimatePages(pdf, estimateInputOf(row), (row.otros ?? '').split(',').filter(Boolean), lang, { regular, bold, safe });
  return pdf.save();
}
