// The report PDF read back as a client reads it, in es and en, for visitors of five countries with
// different uses, systems and stages (and every optional choice left empty): no internal value
// (a choice's code, a catalogue key, a field name), no text of the other language, the stage the
// estimate assumed the same on every page, money with its currency code, charts with values and
// an axis, and nothing past the right margin (a long URL wraps).
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import bibliography from '@obra/estimate/sources.json' with { type: 'json' };
import enDesign from '@obra/i18n/locales/en/design-form.json' with { type: 'json' };
import esDesign from '@obra/i18n/locales/es/design-form.json' with { type: 'json' };
import enEstimate from '@obra/i18n/locales/en/estimate-report.json' with { type: 'json' };
import esEstimate from '@obra/i18n/locales/es/estimate-report.json' with { type: 'json' };
import enReport from '@obra/i18n/locales/en/report.json' with { type: 'json' };
import esReport from '@obra/i18n/locales/es/report.json' with { type: 'json' };
import { formReportSchema } from '@obra/schema';
import { LEAD_KIND_SPECS } from '@obra/schema/lead-kinds';
import { reportPdf, type ReportRow } from '@obra/server/testing';
import { pdfPages } from './support/pdf.ts';

const PERSON = { id: '7', created_at: '2026-11-23T10:00:00Z', nombre: 'Ana Pérez', correo: 'ana@example.com', prompt: '' };
const EMPTY = {
  estado_proyecto: '',
  etapa_proyecto: '',
  uso: '',
  uso_especifico: '',
  sistema_constructivo: '',
  diseno: '',
  tipo_fachada: '',
  material_cubierta: '',
  material_fachada: '',
  zona: '',
  otros: '',
  ancho: '',
  longitud: '',
};
const IMAGE = 'https://obra.example.com/api/images/abcdefghijabcdefghijabcdefghijabcdefghij123.png';

/**
 * Five visitors: every optional choice empty (Colombia), a shop (Mexico), a warehouse remodel
 * (Spain), an "other" use under construction (Argentina), a factory nearly finished in a country
 * priced by the Latin American median (Guatemala).
 */
const REPORTS: Record<string, ReportRow> = {
  colombia: {
    ...PERSON,
    ...EMPTY,
    telefono: '+57 300 1234567',
    pais: 'Colombia',
    departamento: 'Antioquia',
    ciudad: 'Medellín',
    ancho_edificacion: '8',
    largo_edificacion: '12',
    alto_edificacion: '6',
    image_url: IMAGE,
  },
  mexico: {
    ...PERSON,
    ...EMPTY,
    telefono: '+52 33 1234 5678',
    pais: 'México',
    departamento: 'Jalisco',
    ciudad: 'Guadalajara',
    estado_proyecto: 'Nueva',
    etapa_proyecto: 'Preconstruccion',
    uso: 'commercial',
    sistema_constructivo: 'steel-framing',
    diseno: 'Doble pendiente',
    tipo_fachada: 'Ventilada',
    material_cubierta: 'Asfalticos',
    material_fachada: 'Vidrio',
    zona: 'zone2',
    otros: 'paneles-solares,ascensor',
    ancho: '15',
    longitud: '30',
    ancho_edificacion: '12',
    largo_edificacion: '20',
    alto_edificacion: '7,8',
    image_url: IMAGE,
  },
  spain: {
    ...PERSON,
    ...EMPTY,
    telefono: '+34 612 345 678',
    pais: 'España',
    departamento: 'Madrid',
    ciudad: 'Getafe',
    estado_proyecto: 'Remodelacion/Adecuacion',
    etapa_proyecto: 'Planificacion y Diseno',
    uso: 'warehouse',
    tipo_fachada: 'Sistema SATE',
    material_cubierta: 'Panel Sandwich',
    zona: 'zone3',
    ancho_edificacion: '30',
    largo_edificacion: '50',
    alto_edificacion: '9',
    image_url: IMAGE,
  },
  argentina: {
    ...PERSON,
    ...EMPTY,
    telefono: '+54 9 11 2345 6789',
    pais: 'Argentina',
    departamento: 'Buenos Aires',
    ciudad: 'La Plata',
    etapa_proyecto: 'Construccion',
    uso: 'other',
    // What the visitor typed is printed as typed, wrapped within its column.
    uso_especifico: 'Centro cultural con biblioteca pública, sala de exposiciones, auditorio para 200 personas y talleres del barrio',
    sistema_constructivo: 'bambu',
    diseno: 'Arco',
    material_cubierta: 'Techo Ecologico',
    material_fachada: 'Madera',
    zona: 'zone1',
    otros: 'recoleccion-agua-lluvia,zonas-verdes,accesibilidad',
    ancho_edificacion: '10,5',
    largo_edificacion: '18',
    alto_edificacion: '4',
    image_url: IMAGE,
  },
  guatemala: {
    ...PERSON,
    ...EMPTY,
    telefono: '+502 5123 4567',
    pais: 'Guatemala',
    departamento: 'Guatemala',
    ciudad: 'Mixco',
    estado_proyecto: 'Nueva',
    etapa_proyecto: 'Finalizacion de obra',
    uso: 'factory',
    sistema_constructivo: 'concreto-prefabricado',
    tipo_fachada: 'Ligeras',
    ancho_edificacion: '40',
    largo_edificacion: '60',
    alto_edificacion: '12',
    image_url: IMAGE,
  },
};

const LANGS = ['es', 'en'] as const;
type Lang = (typeof LANGS)[number];
const CATALOGUES = { es: [esDesign, esEstimate, esReport], en: [enDesign, enEstimate, enReport] };

/** Every string of a catalogue, by dotted key. */
const strings = (catalogue: unknown, prefix = ''): [string, string][] =>
  typeof catalogue === 'string'
    ? [[prefix, catalogue]]
    : Object.entries(catalogue as Record<string, unknown>).flatMap(([key, value]) => strings(value, prefix ? `${prefix}.${key}` : key));
const texts = (lang: Lang) => CATALOGUES[lang].flatMap((catalogue) => strings(catalogue));
const ownWords = (lang: Lang) =>
  texts(lang)
    .map(([, text]) => text)
    .join('\n');

/** `word` standing alone in `text`: not inside a longer word, code or path. */
const alone = (text: string, word: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}_/-])${word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\p{L}\\p{N}_/-])`, 'u').test(text);

/** Every code a schema picks from (its picklists' options), however deep. */
function picklists(schema: unknown, seen = new Set<unknown>()): string[] {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
  seen.add(schema);
  const node = schema as { type?: string; options?: string[] };
  if (node.type === 'picklist') return node.options!;
  return Object.values(node).flatMap((value) =>
    Array.isArray(value) ? value.flatMap((item) => picklists(item, seen)) : picklists(value, seen),
  );
}

/** The design form's codes and field names (camelCase and stored snake_case), less those the language writes as words ("Plano", "Ladrillo", "zona"). */
function internalValues(lang: Lang): string[] {
  const codes = picklists(formReportSchema);
  const fields = LEAD_KIND_SPECS.report.fields.flatMap((field) => [field.name, field.column]);
  const own = ownWords(lang);
  return [...new Set([...codes, ...fields])].filter((value) => !alone(own, value));
}

/**
 * Phrases only the other language writes: each of its catalogue texts (split at `{{…}}`) of three
 * words or more that differs from this language's text of the same key.
 */
function otherLanguage(lang: Lang): string[] {
  const other = lang === 'es' ? 'en' : 'es';
  const mine = new Map(texts(lang));
  return texts(other)
    .filter(([key, text]) => mine.get(key) !== text)
    .flatMap(([, text]) => text.split(/\{\{[^}]+\}\}/))
    .map((part) => part.replace(/^[\s.,:;()«»"“”-]+|[\s.,:;()«»"“”-]+$/g, ''))
    .filter((part) => part.split(/\s+/).length >= 3);
}

/** Words only one language uses as sentence glue: a sentence of the other language left in a report shows them. */
const GLUE: Record<Lang, RegExp> = {
  es: /\b(the|and|of|with|from|citing|reporting|weeks|not|chosen|taken)\b/,
  en: /(?<![\p{L}])(de|del|la|las|los|el|y|con|para|por|según|citando|semanas|sin)(?![\p{L}])/u,
};
/** Names written in their own language whatever the report's: sources' titles and publishers, and institutions named in the notes on them. */
const NAMES = [
  ...Object.values(bibliography.sources).flatMap((source) => [source.title, source.publisher]),
  'Survey of Construction',
  'Cost of Constructing a Home',
  'Cámara Mexicana de la Industria de la Construcción',
  'Asociación Pymes de la Construcción de la Provincia de Buenos Aires',
  'Generador de precios',
  'Costos por m2 de construcción',
];

/** What a reader reads in our words: the PDF's text without URLs, the sources' names and what the visitor typed. */
const prose = (text: string, typed: string[]) =>
  [...NAMES, ...typed.filter(Boolean)]
    .sort((a, b) => b.length - a.length)
    .reduce((rest, name) => rest.split(name).join(' '), text.replace(/https?:\/\/\S+(\s\S+)*?(?=\s[A-Z«“"]|$)/g, ' '));

/**
 * The text items of each page that end past the right margin. pdf.js measures the standard fonts
 * a little wider than pdf-lib sets them (up to ~1.2 % of a line), so a line may pass by 2 %: a
 * URL that ran off the page passed by a hundred points.
 */
async function pastTheMargin(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocumentProxy(new Uint8Array(pdf));
  const found: string[] = [];
  for (let n = 1; n <= document.numPages; n++)
    for (const item of (await (await document.getPage(n)).getTextContent()).items)
      if ('str' in item && item.str.trim() && item.transform[4]! + item.width > 595.28 - 40 + Math.max(2, item.width * 0.02))
        found.push(`page ${n}: ${item.str}`);
  return found;
}

describe.each(LANGS)('the report PDF a client reads (%s)', (lang) => {
  const rendered = Object.fromEntries(
    Object.entries(REPORTS).map(([name, row]) => [name, reportPdf({ ...row, lang } as ReportRow, undefined, lang)]),
  ) as Record<string, Promise<Uint8Array>>;
  const read = async (name: string) => (await pdfPages(await rendered[name]!)).map((page) => page.replace(/\u00a0/g, ' '));

  it.each(Object.keys(REPORTS))('shows no internal value: no code, catalogue key, field name, undefined or NaN (%s)', async (name) => {
    const text = (await read(name)).join('\n');
    // The list holds the schema's codes and the field names (the walk found them).
    expect(internalValues(lang)).toEqual(
      expect.arrayContaining(['mamposteria-confinada', 'Concepcion', 'zone2', 'sistemaConstructivo', 'etapa_proyecto']),
    );
    const found = internalValues(lang).filter((value) => alone(text, value));
    const keys = text.match(/\b(designForm|estimateReport|report|server|console|common)\.[a-zA-Z][\w.]*/g) ?? [];
    const broken = ['undefined', 'NaN', '[object', 'null'].filter((word) => text.includes(word));
    // A path of the project's own files is no reading for a client.
    broken.push(...(text.match(/\b[\w-]+\/[\w/.-]+\.(md|ts|json)\b/g) ?? []));
    expect({ found, keys, broken }).toEqual({ found: [], keys: [], broken: [] });
  });

  it.each(Object.keys(REPORTS))('writes nothing of the other language (%s)', async (name) => {
    const text = (await read(name)).join(' ').replace(/\s+/g, ' ');
    expect(otherLanguage(lang).length).toBeGreaterThan(50);
    expect(otherLanguage(lang).filter((phrase) => text.includes(phrase))).toEqual([]);
    const ours = prose(text, [REPORTS[name]!.uso_especifico!]);
    expect(ours.match(GLUE[lang])?.[0], ours).toBeUndefined();
  });

  it.each(Object.keys(REPORTS))('writes money with its currency code, never a bare or trailing symbol (%s)', async (name) => {
    const text = (await read(name)).join(' ');
    expect(text).not.toMatch(/[$€]/);
    expect(text).toMatch(/\b(COP|MXN|EUR|USD|ARS) ?[\d.,]+|[\d.,]+ (EUR|USD)\b/);
  });

  it.each(Object.keys(REPORTS))('draws nothing past the right margin: long URLs wrap (%s)', async (name) => {
    expect(await pastTheMargin(await rendered[name]!)).toEqual([]);
  });

  it('prints the stage the estimate assumed the same way on the first page and in the assumptions', async () => {
    const [first, ...rest] = await read('colombia');
    const [legend, concept, assumed] =
      lang === 'es' ? ['Etapa del proyecto', 'Concepción', 'sin elegir; se toma'] : ['Project stage', 'Concept', 'not chosen; taken as'];
    expect(first).toContain(`${legend} ${assumed} ${concept}`);
    expect(rest.join(' ')).toContain(`${legend}: ${concept}`);
    // A choice the estimate does not read (the zone) and the extras: "not chosen", in those words.
    expect(first).toContain(lang === 'es' ? 'Zona sin elegir Otros elementos sin elegir' : 'Zone not chosen Other features not chosen');
    // A stage the visitor chose is the one everywhere: no assumed Concept beside it.
    const mexico = (await read('mexico')).join(' ');
    expect(mexico).toContain(`${legend} ${lang === 'es' ? 'Preconstrucción' : 'Preconstruction'}`);
    expect(mexico).not.toContain(concept);
  });

  it('labels the cost chart’s bars with their amount and share, and both charts’ axes with their unit', async () => {
    const text = (await read('mexico')).join(' ');
    const shares = [...text.matchAll(/MXN [\d,.]+ \((\d+) %\)/g)].map((match) => Number(match[1]));
    expect(shares).toHaveLength(6);
    expect(shares.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(98);
    expect(text).toContain(lang === 'es' ? 'Costo esperado por oficio, en MXN' : 'Expected cost by trade, in MXN');
    expect(text).toContain(lang === 'es' ? 'Semanas desde la etapa actual' : 'Weeks from the current stage');
  });
});
