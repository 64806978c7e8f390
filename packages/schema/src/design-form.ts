import * as v from 'valibot';
import { email, FIELD_LIMITS, line, phone, text, validate } from './validate.ts';

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
  /** The tallest building height the form takes, in metres: above every building ever built (docs/estimate.md). */
  buildingHeight: 1000,
  usoEspecifico: 120,
  prompt: 1000,
  nombre: FIELD_LIMITS.name,
  correo: FIELD_LIMITS.email,
  place: 120,
  imageUrl: FIELD_LIMITS.url,
} as const;

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

/** The building's height: a dimension of at most DESIGN_LIMITS.buildingHeight metres (5 digits allow 99,999). */
const height = v.pipe(
  dimension,
  v.rawCheck<string>(({ dataset, addIssue }) => {
    if (dataset.typed && Number(dataset.value.replace(',', '.')) > DESIGN_LIMITS.buildingHeight)
      addIssue({ message: 'tooHigh', expected: String(DESIGN_LIMITS.buildingHeight) });
  }),
);

const projectEntries = {
  estadoProyecto: optional(PROJECT_STATES),
  etapaProyecto: optional(PROJECT_STAGES),
  ancho: dimension,
  longitud: dimension,
  anchoEdificacion: dimension,
  largoEdificacion: dimension,
  altoEdificacion: height,
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

// The free description belongs to 'other' only (docs/contributors/behaviour.md#screens: enabled only for 'other').

/** The project description: every choice of the form, all optional until the report is sent. */
export const projectSchema = v.pipe(
  v.object(projectEntries),
  v.forward(
    v.check((p) => p.uso !== 'other' || p.usoEspecifico !== '', 'required'),
    ['usoEspecifico'],
  ),
);

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
export const formReportSchema = v.pipe(
  v.object({
    ...projectEntries,
    ...personalSchema.entries,
    imageUrl: v.pipe(v.string(), v.trim(), v.nonEmpty('required'), v.maxLength(DESIGN_LIMITS.imageUrl, 'tooLong'), v.url('url')),
    prompt: line(DESIGN_LIMITS.prompt),
  }),
  v.forward(
    v.check((p) => p.uso !== 'other' || p.usoEspecifico !== '', 'required'),
    ['usoEspecifico'],
  ),
);

export type ProjectData = v.InferOutput<typeof projectSchema>;
export type PersonalData = v.InferOutput<typeof personalSchema>;

/** The project fields of an empty design form (docs/contributors/behaviour.md#entities: empty strings, `otros` empty). */
export const emptyProject = (): EmptyProject =>
  Object.fromEntries(Object.keys(projectEntries).map((field) => [field, field === 'otros' ? [] : ''])) as unknown as EmptyProject;
type EmptyProject = { [K in keyof ProjectData]: K extends 'otros' ? string[] : string };
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

/** What the image generator draws from (docs/contributors/behaviour.md#image-generation): the structured choices behind the prompt. */
export type ImageSpec = Pick<
  ProjectData,
  | 'uso'
  | 'sistemaConstructivo'
  | 'diseno'
  | 'tipoFachada'
  | 'materialCubierta'
  | 'materialFachada'
  | 'zona'
  | 'ancho'
  | 'longitud'
  | 'anchoEdificacion'
  | 'largoEdificacion'
  | 'altoEdificacion'
>;

export const validateProject = (input: unknown) => validate(projectSchema, input);
export const validatePersonal = (input: unknown) => validate(personalSchema, input);
export const validateFormReport = (input: unknown) => validate(formReportSchema, input);
