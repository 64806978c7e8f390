import * as v from 'valibot';
import { email, emptyOf, FIELD_LIMITS, line, phone, text, validate, type FieldError } from './validate.ts';

// Stored values of the design form's choices (docs/contributors/behaviour.md#entities). Labels and descriptions live in the
// design-form catalogue; these codes are what the report and the image generator receive.

export const PROJECT_STATES = ['Nueva', 'Remodelacion/Adecuacion'] as const;
export const PROJECT_STAGES = ['Concepcion', 'Planificacion y Diseno', 'Preconstruccion', 'Construccion', 'Finalizacion de obra'] as const;
export const USES = ['housing', 'warehouse', 'factory', 'commercial', 'institutional', 'other'] as const;
/** The 10 construction systems, in the three groups of 4, 3 and 3 of docs/contributors/behaviour.md#entities. */
export const CONSTRUCTION_SYSTEM_GROUPS = [
  ['modular', 'paneles-prefabricados', 'steel-framing', 'paneles-sandwich'],
  ['concreto-reforzado', 'concreto-prefabricado', 'mamposteria-confinada'],
  ['madera-laminada', 'bambu', 'tierra'],
] as const;
export const CONSTRUCTION_SYSTEMS = CONSTRUCTION_SYSTEM_GROUPS.flat();
export const ROOF_DESIGNS = ['Una sola pendiente', 'Doble pendiente', 'Discontinua', 'Arco', 'Plano'] as const;
export const WALL_TYPES = ['Ligeras', 'Sistema SATE', 'Ventilada', 'Tradicional'] as const;
export const ROOF_MATERIALS = ['Arcilla/Concreto', 'Panel Sandwich', 'Techo Ecologico', 'Asfalticos'] as const;
export const FACADE_MATERIALS = ['Panel Sandwich', 'Ladrillo', 'Vidrio', 'Madera'] as const;
/** Zones: zone1 rural, zone2 urban, zone3 industrial. */
export const ZONES = ['zone1', 'zone2', 'zone3'] as const;
export const EXTRAS = [
  'paneles-solares',
  'recoleccion-agua-lluvia',
  'parqueadero',
  'sotano',
  'ascensor',
  'accesibilidad',
  'domotica',
  'zonas-verdes',
] as const;

/** Limits of docs/contributors/behaviour.md#validation. */
export const DESIGN_LIMITS = {
  dimensionDigits: 5,
  usoEspecifico: 120,
  prompt: 1000,
  nombre: FIELD_LIMITS.name,
  correo: FIELD_LIMITS.email,
  place: 120,
  imageUrl: FIELD_LIMITS.url,
} as const;

/** What a building of one use can measure: its longest side and its height in metres, its footprint in m². */
export interface UseLimits {
  side: number;
  height: number;
  footprint: number;
}

/**
 * The bounds of the dimensions, by use (docs/estimate.md#limits, where each is reasoned): the one
 * declaration the widget, the API and the estimate read. `any` holds while no use is chosen.
 */
export const DIMENSION_LIMITS = {
  /** The smallest side and height of a building, and the smallest side of a plot (m). */
  min: 2.4,
  /** The longest side of a plot (m). */
  land: 5000,
  uses: {
    housing: { side: 300, height: 500, footprint: 30_000 },
    warehouse: { side: 1000, height: 50, footprint: 500_000 },
    factory: { side: 1000, height: 60, footprint: 500_000 },
    commercial: { side: 1000, height: 1000, footprint: 500_000 },
    institutional: { side: 500, height: 250, footprint: 150_000 },
    other: { side: 1000, height: 1000, footprint: 500_000 },
    any: { side: 1000, height: 1000, footprint: 500_000 },
  } satisfies Record<(typeof USES)[number] | 'any', UseLimits>,
} as const;

/** Whose bounds a dimension error names: a use, `any` building while none is chosen, or the `land`. */
export type LimitsOf = keyof typeof DIMENSION_LIMITS.uses | 'land';

const optional = <const T extends readonly string[]>(values: T) => v.union([v.literal(''), v.picklist(values, 'choose')], 'choose');
/** A dimension in metres as typed in a number input: empty, or at most 5 digits (decimals allowed). */
const dimension = v.pipe(
  v.string(),
  v.trim(),
  v.check(
    (value) => value === '' || (/^\d+([.,]\d+)?$/.test(value) && value.replace(/\D/g, '').length <= DESIGN_LIMITS.dimensionDigits),
    'dimension',
  ),
);

/** The land and building dimensions, in their order. */
export const DIMENSION_FIELDS = ['ancho', 'longitud', 'anchoEdificacion', 'largoEdificacion', 'altoEdificacion'] as const;

/** The building's dimensions an estimate needs (the land's are optional). */
export const BUILDING_DIMENSIONS = ['anchoEdificacion', 'largoEdificacion', 'altoEdificacion'] as const;

type Dimensions = Partial<Record<'uso' | 'ancho' | 'longitud' | 'anchoEdificacion' | 'largoEdificacion' | 'altoEdificacion', string>>;
/** A dimension as typed, in metres (comma or dot decimals); NaN when empty or not a number. */
const metresOf = (text: string | undefined) => (text?.trim() ? Number(text.trim().replace(',', '.')) : Number.NaN);

/**
 * The dimensions outside their bounds (docs/estimate.md#limits), each with its error: a side or
 * height outside the use's range (`range`), a footprint past the use's (`area`, at the length), a
 * building wider or longer than its land (`fit`). Empty fields and fields that are not numbers are
 * left to their own rule; the estimate refuses with the same bounds.
 */
export function dimensionErrors(project: Dimensions): Partial<Record<keyof Dimensions, FieldError>> {
  const uses = DIMENSION_LIMITS.uses;
  const use = (USES as readonly string[]).includes(project.uso ?? '') ? (project.uso as keyof typeof uses) : 'any';
  const limits = uses[use];
  const errors: Partial<Record<keyof Dimensions, FieldError>> = {};
  const inRange = (field: keyof Dimensions, max: number, of: LimitsOf) => {
    const value = metresOf(project[field]);
    if (Number.isNaN(value)) return false;
    if (value >= DIMENSION_LIMITS.min && value <= max) return true;
    errors[field] = { key: 'range', min: DIMENSION_LIMITS.min, max, of };
    return false;
  };
  const land = [inRange('ancho', DIMENSION_LIMITS.land, 'land'), inRange('longitud', DIMENSION_LIMITS.land, 'land')];
  const width = inRange('anchoEdificacion', limits.side, use);
  const length = inRange('largoEdificacion', limits.side, use);
  inRange('altoEdificacion', limits.height, use);
  const fits = (
    field: 'anchoEdificacion' | 'largoEdificacion',
    landField: 'ancho' | 'longitud',
    measured: boolean,
    landMeasured: boolean,
  ) => {
    const max = metresOf(project[landField]);
    if (measured && landMeasured && metresOf(project[field]) > max) errors[field] = { key: 'fit', max };
  };
  fits('anchoEdificacion', 'ancho', width, land[0]!);
  fits('largoEdificacion', 'longitud', length, land[1]!);
  if (width && length && !errors.largoEdificacion) {
    const footprint = metresOf(project.anchoEdificacion) * metresOf(project.largoEdificacion);
    if (footprint > limits.footprint) errors.largoEdificacion = { key: 'area', max: limits.footprint, of: use };
  }
  return errors;
}

/**
 * The rules across fields, in one check so each reports with the others: the specific use is
 * required for 'other' (docs/contributors/behaviour.md#screens), and the dimensions' bounds depend
 * on the use and the land.
 */
const acrossFields = <T extends Dimensions & { usoEspecifico: string }>() =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const project = dataset.value;
    const errors: Record<string, FieldError> = dimensionErrors(project);
    if (project.uso === 'other' && project.usoEspecifico === '') errors.usoEspecifico = { key: 'required' };
    for (const [key, error] of Object.entries(errors))
      addIssue({
        message: error.key,
        expected: JSON.stringify(error),
        path: [{ type: 'object', origin: 'value', input: project, key, value: undefined }],
      });
  });

const projectEntries = {
  estadoProyecto: optional(PROJECT_STATES),
  etapaProyecto: optional(PROJECT_STAGES),
  ancho: dimension,
  longitud: dimension,
  anchoEdificacion: dimension,
  largoEdificacion: dimension,
  altoEdificacion: dimension,
  uso: optional(USES),
  usoEspecifico: line(DESIGN_LIMITS.usoEspecifico),
  sistemaConstructivo: optional(CONSTRUCTION_SYSTEMS),
  diseno: optional(ROOF_DESIGNS),
  tipoFachada: optional(WALL_TYPES),
  materialCubierta: optional(ROOF_MATERIALS),
  materialFachada: optional(FACADE_MATERIALS),
  zona: optional(ZONES),
  // Each extra at most once: a list of the checked boxes, not a place to send thousands of items.
  otros: v.pipe(
    v.array(v.picklist(EXTRAS, 'choose')),
    v.maxLength(EXTRAS.length, 'choose'),
    v.check((list) => new Set(list).size === list.length, 'choose'),
  ),
};

/** The project description: every choice of the form, all optional until the report is sent. */
const projectObject = v.object(projectEntries);
export const projectSchema = v.pipe(projectObject, acrossFields<v.InferOutput<typeof projectObject>>());

/** The personal data of the report modal: every field required (docs/contributors/behaviour.md#validation). */
export const personalSchema = v.object({
  nombre: text(DESIGN_LIMITS.nombre),
  pais: text(DESIGN_LIMITS.place),
  departamento: text(DESIGN_LIMITS.place),
  ciudad: text(DESIGN_LIMITS.place),
  correo: email(),
  telefono: phone(),
});

/** POST form-report: every form field plus the image and the prompt (docs/contributors/behaviour.md#calls). */
const formReportObject = v.object({
  ...projectEntries,
  ...personalSchema.entries,
  imageUrl: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(DESIGN_LIMITS.imageUrl, 'tooLong'), v.url('url')),
  prompt: line(DESIGN_LIMITS.prompt),
});
export const formReportSchema = v.pipe(formReportObject, acrossFields<v.InferOutput<typeof formReportObject>>());

export type ProjectData = v.InferOutput<typeof projectSchema>;
export type PersonalData = v.InferOutput<typeof personalSchema>;

/** The project fields of an empty design form (docs/contributors/behaviour.md#entities: empty strings, `otros` empty). */
export const emptyProject = () => emptyOf(projectObject);
export type FormReport = v.InferOutput<typeof formReportSchema>;

/**
 * Why a stored report was not mailed (docs/operators/reports.md#report-e-mail-caps): its address
 * had its report e-mails of the last 24 hours (`address`), or its sender those of the hour (`client`).
 */
export const REPORT_HOLDS = ['address', 'client'] as const;
export type ReportHold = (typeof REPORT_HOLDS)[number];

/**
 * The answer to POST form-report (docs/contributors/behaviour.md#report): the report is mailed in
 * the background (`queued`), or stored and not mailed (`held`) with why and when (ISO 8601) a new
 * report from the same sender to the same address would be mailed. A report held before the
 * reasons were recorded carries neither.
 */
export type ReportAnswer = { id: string; mail: 'queued' } | { id: string; mail: 'held'; held?: ReportHold; retryAt?: string };

/** The project fields the image generator draws from (docs/contributors/behaviour.md#image-generation): the structured choices behind the prompt. */
export const IMAGE_SPEC_FIELDS = [
  'uso',
  'sistemaConstructivo',
  'diseno',
  'tipoFachada',
  'materialCubierta',
  'materialFachada',
  'zona',
  ...DIMENSION_FIELDS,
] as const satisfies readonly (keyof ProjectData)[];
export type ImageSpec = Pick<ProjectData, (typeof IMAGE_SPEC_FIELDS)[number]>;

export const validateProject = (input: unknown) => validate(projectSchema, input);
export const validatePersonal = (input: unknown) => validate(personalSchema, input);
export const validateFormReport = (input: unknown) => validate(formReportSchema, input);
