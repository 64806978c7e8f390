// A stored choice is a code (`housing`, `Doble pendiente`, `bim`); the console shows it as the
// visitor read it, in the operator's language, from the widgets' own catalogues (one source per
// message), so the server sends both languages and the console picks.
import { type Lang, LANGS } from '@obra/schema';
import { labelsFor } from '../report/labels.ts';
import { textOr } from '../texts.ts';
import type { LeadKind } from '../leads.ts';

/** The report's choice columns → the design form's catalogue field. */
const REPORT_CHOICES: Readonly<Record<string, string>> = {
  estado_proyecto: 'estadoProyecto',
  etapa_proyecto: 'etapaProyecto',
  uso: 'uso',
  sistema_constructivo: 'sistemaConstructivo',
  diseno: 'diseno',
  tipo_fachada: 'tipoFachada',
  material_cubierta: 'materialCubierta',
  material_fachada: 'materialFachada',
  zona: 'zona',
  otros: 'otros',
};
/** The other widgets' choice columns → their catalogue and the key holding one label per code. */
const WIDGET_CHOICES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'wait-list': { interesado: 'waitList' },
  partner: { especializacion: 'partnerRegistration' },
};

const widgetLabel = (lang: Lang, namespace: string, field: string, value: string): string =>
  textOr(lang, `${namespace}.${field}.${value}`, value);

/** Both languages' names of `value` stored in `column` of a `kind` lead; undefined for free text. */
export function choiceLabels(kind: LeadKind, column: string, value: string): { es: string; en: string } | undefined {
  if (!value) return undefined;
  const name = (lang: Lang) => {
    if (kind.name === 'form-report') {
      const field = REPORT_CHOICES[column];
      if (!field) return undefined;
      // The extras are several codes joined by commas.
      const codes = field === 'otros' ? value.split(',').filter(Boolean) : [value];
      return codes.map((code) => labelsFor(lang).choice(field, code)).join(', ');
    }
    const namespace = WIDGET_CHOICES[kind.name]?.[column];
    return namespace ? widgetLabel(lang, namespace, column, value) : undefined;
  };
  const [es, en] = LANGS.map(name);
  return es === undefined || en === undefined ? undefined : { es, en };
}
