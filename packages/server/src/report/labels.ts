import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Lang } from '@obra/i18n';
import type pdfWords from '@obra/i18n/locales/es/report.json';

type Catalogue = Record<string, unknown>;

/** A catalogue of locales/<lang>/<namespace>.json (the design form's by default): choices are named as the visitor read them. */
export const catalogue = (lang: Lang, namespace = 'design-form'): Catalogue =>
  JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(`@obra/i18n/locales/${lang}/${namespace}.json`)), 'utf8')) as Catalogue;

/** The text at a dotted key of `data` (e.g. `modal.correo`), undefined when it is not a string. */
export const textAt = (data: Catalogue, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], data);

/** Words of one language for the report: headings, field labels and each choice's label. */
export interface Labels {
  /** The report's own headings (report.json, `pdf`). */
  own: (typeof pdfWords)['pdf'];
  /** A catalogue text by dotted key (e.g. `modal.correo`), or the key when missing. */
  text(key: string): string;
  /** The label of a stored choice of `field` (e.g. `diseno`, `Arco`); the value itself when unknown. */
  choice(field: string, value: string): string;
}

const cache = new Map<string, Labels>();

/** The labels of `lang` (read once per process). */
export function labelsFor(lang: Lang): Labels {
  const cached = cache.get(lang);
  if (cached) return cached;
  const data = catalogue(lang);
  const own = (catalogue(lang, 'report') as typeof pdfWords).pdf;
  const get = (key: string) => textAt(data, key);
  const labels: Labels = {
    own,
    text: (key) => (typeof get(key) === 'string' ? (get(key) as string) : key),
    choice(field, value) {
      if (!value) return own.none;
      const entry = get(`${field === 'sistemaConstructivo' ? 'sistema' : field}.options.${value}`);
      if (typeof entry === 'string') return entry;
      if (entry && typeof (entry as { label?: unknown }).label === 'string') return (entry as { label: string }).label;
      return value;
    },
  };
  cache.set(lang, labels);
  return labels;
}
