import type { ReportRow } from './pdf.ts';

const escape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Subject and bodies of the report e-mail (Spanish, as the form). */
export function reportEmail(row: ReportRow): { subject: string; text: string; html: string } {
  const lines = [
    `Hola ${row.nombre}:`,
    '',
    'Gracias por describir tu proyecto en Obra. Adjuntamos el reporte en PDF con tus elecciones y la imagen generada.',
    `Imagen: ${row.image_url}`,
    '',
    'Un asesor te contactará pronto.',
    'Obra',
  ];
  return {
    subject: 'Tu reporte de proyecto — Obra',
    text: lines.join('\n'),
    html: `<p>${lines.map(escape).join('<br>')}</p>`,
  };
}
