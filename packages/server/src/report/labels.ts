import type { Lang } from '@obra/i18n';
import type pdfWords from '@obra/i18n/locales/es/report.json';
import { fieldOf, LEAD_KIND_SPECS } from '@obra/schema/lead-kinds';
import { choiceLabel, textOr, textsIn } from '../texts.ts';

/** Words of one language for the report: headings, field labels and each choice's label. */
export interface Labels {
  /** One of the report's own headings (report.json, `pdf`). */
  own(key: keyof (typeof pdfWords)['pdf']): string;
  /** A design form text by dotted key (e.g. `modal.correo`), or the key when missing. */
  text(key: string): string;
  /** The label of a choice field of the design form (e.g. `sistemaConstructivo` → "Construction system"), as the form shows it. */
  legend(field: ChoiceField): string;
  /** The label of a stored choice of `field` (e.g. `diseno`, `Arco`), as the visitor read it; the value itself when unknown. */
  choice(field: string, value: string): string;
}

/** Each choice field's legend in the design form's catalogue, the label the form shows above its options. */
const LEGENDS = {
  estadoProyecto: 'estadoProyecto.legend',
  etapaProyecto: 'etapaProyecto.legend',
  uso: 'uso.legend',
  sistemaConstructivo: 'sistema.legend',
  diseno: 'diseno.legend',
  materialCubierta: 'materialCubierta.legend',
  tipoFachada: 'tipoFachada.legend',
  materialFachada: 'materialFachada.legend',
  zona: 'zona.legend',
  otros: 'otros.legend',
} as const;

/** A choice field of the design form, by its submitted name. */
export type ChoiceField = keyof typeof LEGENDS;

/** The labels of `lang`. */
export function labelsFor(lang: Lang): Labels {
  const t = textsIn(lang);
  const own = (key: keyof (typeof pdfWords)['pdf']) => t(`report.pdf.${key}`);
  const choicesOf = (field: string) => fieldOf(LEAD_KIND_SPECS.report, field).choices;
  return {
    own,
    text: (key) => textOr(lang, `designForm.${key}`, key),
    legend: (field) => t(`designForm.${LEGENDS[field]}`),
    choice(field, value) {
      if (!value) return own('none');
      const choices = choicesOf(field);
      return choices ? choiceLabel(lang, choices, value) : value;
    },
  };
}
