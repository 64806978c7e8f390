import { DESIGN_LIMITS } from '@obra/schema';
import { REFERENCES, type Choices } from './choices.ts';
import { costOf, type Cost } from './cost.ts';
import { materialsOf, type Material } from './materials.ts';
import { familyOf, metres, quantitiesOf, type Family, type Quantities } from './quantities.ts';
import { regionOf, type RegionCode } from './region.ts';
import { timeOf, type Time } from './time.ts';

/** What the estimate reads of the design form's project data and location, every field a string. */
export type EstimateInput = Partial<
  Record<
    keyof Choices | 'ancho' | 'longitud' | 'anchoEdificacion' | 'largoEdificacion' | 'altoEdificacion' | 'pais' | 'departamento' | 'ciudad',
    string
  >
>;

/** The building dimensions an estimate needs. */
export const REQUIRED_DIMENSIONS = ['anchoEdificacion', 'largoEdificacion', 'altoEdificacion'] as const;

/** An estimate that could not be made: the building dimensions that are missing, not positive or past their limit. */
export interface IncompleteEstimate {
  complete: false;
  missing: (typeof REQUIRED_DIMENSIONS)[number][];
}

/** An indicative estimate: quantities, materials, cost and time, with what it assumed. */
export interface Estimate {
  complete: true;
  /** The country (ISO code, or `other`) whose figures were used. */
  region: RegionCode;
  /** No figure of the country was read: the documented fallback in US dollars. */
  fallback: boolean;
  family: Family;
  /** The choices used: the visitor's, or the reference where a field was left empty. */
  choices: Choices;
  /** The fields filled with the reference choice (their values are in `choices`). */
  defaulted: (keyof Choices)[];
  quantities: Quantities;
  materials: Material[];
  cost: Cost;
  time: Time;
}

// The largest width and length the estimate accepts (m): the form allows 5 digits. The height has
// the form's own limit (DESIGN_LIMITS.buildingHeight), so a report stored before it gets none.
const MAX_METRES = 99_999;
const MAX = [MAX_METRES, MAX_METRES, DESIGN_LIMITS.buildingHeight];

/** The estimate of a project, or the missing dimensions. Pure: no I/O, same input, same answer. */
export function estimate(input: EstimateInput): Estimate | IncompleteEstimate {
  const dims = { width: metres(input.anchoEdificacion), length: metres(input.largoEdificacion), height: metres(input.altoEdificacion) };
  const missing = REQUIRED_DIMENSIONS.filter((_, i) => {
    const value = [dims.width, dims.length, dims.height][i]!;
    return !(value > 0 && value <= MAX[i]!);
  });
  if (missing.length) return { complete: false, missing };
  const uso = input.uso || 'housing';
  const family = familyOf(uso, input.sistemaConstructivo ?? '');
  const reference = REFERENCES[family];
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
  const region = regionOf(input.pais ?? '');
  const quantities = quantitiesOf({ ...dims, landWidth: metres(input.ancho), landLength: metres(input.longitud) }, family, uso);
  return {
    complete: true,
    region: region.code,
    fallback: region.fallback,
    family,
    choices,
    defaulted,
    quantities,
    materials: materialsOf(quantities, family, choices),
    cost: costOf(quantities, family, choices, region),
    time: timeOf(quantities, family, choices, region),
  };
}
