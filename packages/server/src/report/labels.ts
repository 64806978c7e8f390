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
  /** The label of a stored choice of `field` (e.g. `diseno`, `Arco`), as the visitor read it; the value itself when unknown. */
  choice(field: string, value: string): string;
}

/** The labels of `lang`. */
export function labelsFor(lang: Lang): Labels {
  const t = textsIn(lang);
  const own = (key: keyof (typeof pdfWords)['pdf']) => t(`report.pdf.${key}`);
  return {
    own,
    text: (key) => textOr(lang, `designForm.${key}`, key),
    choice(field, value) {
      if (!value) return own('none');
      const choices = fieldOf(LEAD_KIND_SPECS.report, field).choices;
      return choices ? choiceLabel(lang, choices, value) : value;
    },
  };
}
