import { DATA, valueOf, type BuildingType, type Figure } from './data.ts';
import type { Choices } from './choices.ts';
import type { Family, Quantities } from './quantities.ts';

/** A main material: a key for its name in the catalogues, its quantity and unit. */
export interface Material {
  key: string;
  quantity: number;
  unit: 'm²' | 'm³' | 'kg' | 'units';
}

const m = DATA.materials;

/**
 * A rate read off figures keyed by a number (storeys, a span): the first key's figure below it,
 * the last's above it, straight between two keys.
 */
function interpolate(points: Record<string, Figure>, at: number): number {
  const rows = Object.entries(points)
    .map(([key, figure]): [number, number] => [Number(key), valueOf(figure)])
    .sort((a, b) => a[0] - b[0]);
  const [first, last] = [rows[0]!, rows[rows.length - 1]!];
  if (at <= first[0]) return first[1];
  if (at >= last[0]) return last[1];
  const upper = rows.findIndex(([key]) => key >= at);
  const [[x0, y0], [x1, y1]] = [rows[upper - 1]!, rows[upper]!];
  return y0 + ((y1 - y0) * (at - x0)) / (x1 - x0);
}

/** The concrete and steel of a reinforced-concrete structure per m² of floor, rising with its storeys. */
const frame = (floors: number): [number, number] => [interpolate(m.frameConcrete, floors), interpolate(m.frameRebar, floors)];

// Counts and kilograms are whole; areas and volumes keep one decimal.
const tidy = (quantity: number, unit: Material['unit']) =>
  unit === 'units' || unit === 'kg' ? Math.ceil(quantity - 1e-9) : Math.round(quantity * 10) / 10;

const ROOF_LINES: Record<string, [string, Material['unit']]> = {
  'Arcilla/Concreto': ['roofTiles', 'units'],
  'Panel Sandwich': ['roofPanels', 'm²'],
  'Techo Ecologico': ['greenRoofSubstrate', 'm³'],
  Asfalticos: ['asphaltShingles', 'm²'],
};
const FACADE_LINES: Record<string, [string, Material['unit']]> = {
  Ladrillo: ['faceBricks', 'units'],
  'Panel Sandwich': ['facadePanels', 'm²'],
  Vidrio: ['glazing', 'm²'],
  Madera: ['timberCladding', 'm²'],
};

/** The housing types: their partitions are measured (no published partition ratio of offices was read). */
const DWELLINGS: readonly BuildingType[] = ['house', 'lowRise', 'midRise', 'highRise'];

/**
 * The main materials of the whole building, each quantity = its driver × its rate:
 *   structure  = by system, per m² built: reinforced concrete and precast frames the concrete and
 *                steel of a frame of their storeys (rising from 8 to 30 storeys), confined masonry
 *                a masonry building's up to 6 storeys and a frame's above; timber, bamboo and
 *                modules their own rate; sheds a steel frame by span (the shorter side)
 *   footings   = built area × footing concrete (every storey's load reaches the ground), and their
 *                steel per m³; ground slab = footprint × its thickness (a shed's heavier slab)
 *   walls      = masonry blocks of the net facade for the masonry systems; partitions of dwellings =
 *                built area × wall per m² built − net facade wall
 *   roof, facade and openings = their areas (sheets one m² per m²) × the material's rate
 * Light steel frames have no published weight per m² and list no structure. A remodel prices the
 * part renewed (cost.ts) but lists the building's quantities.
 */
export function materialsOf(q: Quantities, family: Family, type: BuildingType, choices: Choices): Material[] {
  const out: Material[] = [];
  const add = (key: string, quantity: number, unit: Material['unit']) => {
    const value = tidy(quantity, unit);
    if (value > 0) {
      const same = out.find((line) => line.key === key);
      if (same) same.quantity = tidy(same.quantity + quantity, unit);
      else out.push({ key, quantity: value, unit });
    }
  };
  const system = choices.sistemaConstructivo;
  const shed = family === 'industrial';
  const footings = q.builtArea * valueOf(m.footingConcrete);
  // structure
  if (shed && system === 'steel-framing') add('steel', q.builtArea * interpolate(m.shedSteel, q.span), 'kg');
  else if (system === 'concreto-reforzado' || system === 'concreto-prefabricado' || (system === 'mamposteria-confinada' && q.floors > 6)) {
    const [concrete, rebar] = frame(q.floors);
    if (!shed) {
      add('concrete', q.builtArea * concrete, 'm³');
      add('rebar', q.builtArea * rebar, 'kg');
    }
    if (system === 'concreto-prefabricado') add('precastSlabs', q.builtArea * valueOf(m.precastSlabs), 'm²');
  } else if (system === 'mamposteria-confinada' && !shed) {
    add('concrete', q.builtArea * valueOf(m.masonryConcrete), 'm³');
    add('rebar', q.builtArea * valueOf(m.masonryRebar), 'kg');
  } else if (system === 'madera-laminada') add('timber', q.builtArea * valueOf(m.timber), 'm³');
  else if (system === 'bambu') add('bamboo', q.builtArea * valueOf(m.bamboo), 'units');
  else if (system === 'modular') add('modules', q.builtArea, 'm²');
  // walls of the system
  if (system === 'mamposteria-confinada' || system === 'concreto-reforzado') add('blocks', q.wallArea * valueOf(m.blocks), 'units');
  if (system === 'paneles-sandwich' || system === 'paneles-prefabricados') add('wallPanels', q.wallArea * valueOf(m.panels), 'm²');
  if (system === 'tierra') add('earth', q.wallArea * valueOf(m.earth), 'm³');
  // footings and the ground slab
  add('concrete', footings, 'm³');
  add('rebar', footings * valueOf(m.footingRebar), 'kg');
  add('concrete', q.footprint * valueOf(shed ? m.slabOnGrade : m.groundSlab), 'm³');
  if (DWELLINGS.includes(type)) add('partitions', q.builtArea * valueOf(m.walls) - q.wallArea, 'm²');
  const roof = ROOF_LINES[choices.materialCubierta];
  const roofRate = DATA.roofRates[choices.materialCubierta];
  if (roof && roofRate) add(roof[0], q.roofArea * valueOf(roofRate), roof[1]);
  const facade = FACADE_LINES[choices.materialFachada];
  const facadeRate = DATA.facadeRates[choices.materialFachada];
  if (facade && facadeRate) add(facade[0], q.wallArea * valueOf(facadeRate), facade[1]);
  add('openings', q.openingsArea, 'm²');
  return out;
}
