import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Catalogue = Record<string, unknown>;

/** A widget's own catalogue (the design form's by default): choices are named as the visitor read them. */
export const catalogue = (lang: 'es' | 'en', namespace = 'design-form'): Catalogue =>
  JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(`@obra/i18n/locales/${lang}/${namespace}.json`)), 'utf8')) as Catalogue;

/** Headings the catalogue has no words for. */
const OWN = {
  es: { title: 'Reporte de proyecto', requester: 'Solicitante', land: 'Terreno', building: 'Edificación', height: 'Alto', width: 'Ancho', length: 'Largo', image: 'Imagen generada', date: 'Fecha', choices: 'Elecciones', none: '—' },
  en: { title: 'Project report', requester: 'Requester', land: 'Land', building: 'Building', height: 'Height', width: 'Width', length: 'Length', image: 'Generated image', date: 'Date', choices: 'Choices', none: '—' },
} as const;

/** Words of one language for the report: headings, field labels and each choice's label. */
export interface Labels {
  own: (typeof OWN)['es' | 'en'];
  /** A catalogue text by dotted key (e.g. `modal.correo`), or the key when missing. */
  text(key: string): string;
  /** The label of a stored choice of `field` (e.g. `diseno`, `Arco`); the value itself when unknown. */
  choice(field: string, value: string): string;
}

const cache = new Map<string, Labels>();

/** The labels of `lang` (read once per process). */
export function labelsFor(lang: 'es' | 'en'): Labels {
  const cached = cache.get(lang);
  if (cached) return cached;
  const data = catalogue(lang);
  const get = (key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], data);
  const labels: Labels = {
    own: OWN[lang],
    text: (key) => (typeof get(key) === 'string' ? (get(key) as string) : key),
    choice(field, value) {
      if (!value) return OWN[lang].none;
      const entry = get(`${field === 'sistemaConstructivo' ? 'sistema' : field}.options.${value}`);
      if (typeof entry === 'string') return entry;
      if (entry && typeof (entry as { label?: unknown }).label === 'string') return (entry as { label: string }).label;
      return value;
    },
  };
  cache.set(lang, labels);
  return labels;
}
