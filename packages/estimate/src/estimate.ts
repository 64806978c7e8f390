import { BUILDING_DIMENSIONS, dimensionErrors } from '@obra/schema';
import { referenceOf, type Choices } from './choices.ts';
import { costOf, type Cost } from './cost.ts';
import { materialsOf, type Material } from './materials.ts';
import type { BuildingType } from './data.ts';
import { buildingTypeOf, familyOf, metres, quantitiesOf, type Family, type Quantities } from './quantities.ts';
import { regionOf, type RegionCode } from './region.ts';
import { timeOf, type Time } from './time.ts';

/** What the estimate reads of the design form's project data and location, every field a string. */
export type EstimateInput = Partial<
  Record<
    keyof Choices | 'ancho' | 'longitud' | 'anchoEdificacion' | 'largoEdificacion' | 'altoEdificacion' | 'pais' | 'departamento' | 'ciudad',
    string
  >
>;

/** The building dimensions an estimate needs (the schema's). */
export const REQUIRED_DIMENSIONS = BUILDING_DIMENSIONS;

/**
 * An estimate that could not be made: the building dimensions that are missing or outside their
 * bounds (docs/estimate.md#limits), and `pais` when no country is given (no country is assumed).
 */
export interface IncompleteEstimate {
  complete: false;
  missing: ((typeof REQUIRED_DIMENSIONS)[number] | 'pais')[];
}

/** An indicative estimate: quantities, materials, cost and time, with what it assumed. */
export interface Estimate {
  complete: true;
  /** The country (ISO code) whose figures were used. */
  region: RegionCode;
  /** The cost rests on a survey market of another country (the nearest comparable one). */
  far: boolean;
  family: Family;
  /** What is built, as the cost sources tell it apart (from the use, storeys and area). */
  type: BuildingType;
  /** The choices used: the visitor's, or the reference where a field was left empty. */
  choices: Choices;
  /** The fields filled with the reference choice (their values are in `choices`). */
  defaulted: (keyof Choices)[];
  quantities: Quantities;
  materials: Material[];
  cost: Cost;
  time: Time;
}

/**
 * The estimate of a project, or what it misses. Pure: no I/O, same input, same answer. The building
 * must be measured within the bounds of its use (the schema's, so a report stored before them gets
 * none), and a country given; a figure that is not a finite number (never expected) gives no estimate.
 */
export function estimate(input: EstimateInput): Estimate | IncompleteEstimate {
  const dims = { width: metres(input.anchoEdificacion), length: metres(input.largoEdificacion), height: metres(input.altoEdificacion) };
  const outside = dimensionErrors(input);
  const missing: IncompleteEstimate['missing'] = REQUIRED_DIMENSIONS.filter(
    (field, i) => Number.isNaN([dims.width, dims.length, dims.height][i]) || outside[field],
  );
  const region = regionOf(input.pais ?? '');
  if (!region) missing.push('pais');
  if (missing.length || !region) return { complete: false, missing };
  const uso = input.uso || 'housing';
  const family = familyOf(uso, input.sistemaConstructivo ?? '');
  const quantities = quantitiesOf({ ...dims, landWidth: metres(input.ancho), landLength: metres(input.longitud) }, family, uso);
  const type = buildingTypeOf(uso, family, quantities);
  const reference = referenceOf(family, type);
  const defaulted: (keyof Choices)[] = input.uso ? [] : ['uso'];
  const pick = (field: keyof typeof reference) => {
    if (input[field]) return input[field];
    defaulted.push(field);
    return reference[field];
  };
  const choices: Choices = {
    uso,
    sistemaConstructivo: pick('sistemaConstructivo'),
    diseno: pick('diseno'),
    materialCubierta: pick('materialCubierta'),
    tipoFachada: pick('tipoFachada'),
    materialFachada: pick('materialFachada'),
    estadoProyecto: pick('estadoProyecto'),
    etapaProyecto: pick('etapaProyecto'),
  };
  const cost = costOf(quantities, family, type, choices, region);
  const result: Estimate = {
    complete: true,
    region: region.code,
    far: cost.basis.from === 'survey' && region.far,
    family,
    type,
    choices,
    defaulted,
    quantities,
    materials: materialsOf(quantities, family, type, choices),
    cost,
    time: timeOf(quantities, family, type, choices, region),
  };
  return finite(result) ? result : { complete: false, missing: [...REQUIRED_DIMENSIONS] };
}

/** Whether every number of a result is finite and not negative (no NaN, Infinity or −1 is ever shown). */
const finite = (value: unknown): boolean =>
  typeof value === 'number'
    ? Number.isFinite(value) && value >= 0
    : typeof value !== 'object' || value === null || Object.values(value).every(finite);
