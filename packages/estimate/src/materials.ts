import { DATA, valueOf, type Figure } from './data.ts';
import type { Choices } from './choices.ts';
import type { Family, Quantities } from './quantities.ts';

/** A main material: a key for its name in the catalogues, its quantity and unit. */
export interface Material {
  key: string;
  quantity: number;
  unit: 'm²' | 'm³' | 'kg' | 'units';
}

const m = DATA.materials;

// What each system is mostly made of: [material key, rate figure, driver quantity, unit]. Only
// rates with a published source are listed: the structure of light steel, timber and bamboo
// buildings has none, so those systems list their walls, roof and facade only.
type Line = [string, Figure | 1, keyof Quantities, Material['unit']];
const RC_FLOORS: Line[] = [
  ['concrete', m.rcFloorConcrete, 'builtArea', 'm³'],
  ['rebar', m.rcFloorRebar, 'builtArea', 'kg'],
];
const BLOCKS: Line = ['blocks', m.blocks, 'wallArea', 'units'];
const WALL_PANELS: Line = ['wallPanels', m.panels, 'wallArea', 'm²'];
const SYSTEM_LINES: Record<string, Line[]> = {
  'mamposteria-confinada': [...RC_FLOORS, BLOCKS],
  'concreto-reforzado': [...RC_FLOORS, BLOCKS],
  'concreto-prefabricado': RC_FLOORS,
  'paneles-sandwich': [WALL_PANELS],
  'paneles-prefabricados': [WALL_PANELS],
  // One m² of module per m² built: a count by definition, not a rate.
  modular: [['modules', 1, 'builtArea', 'm²']],
  tierra: [['earth', m.earth, 'wallArea', 'm³']],
};
// A shed stands on a slab on grade instead of reinforced-concrete floors, on a steel frame when it is one.
const SHED_LINES = (system: string): Line[] => [
  ...(system === 'steel-framing' ? [['steel', m.shedSteel, 'footprint', 'kg'] as Line] : []),
  ...(SYSTEM_LINES[system] ?? []).filter((line) => !RC_FLOORS.includes(line)),
  ['concrete', m.slabOnGrade, 'footprint', 'm³'],
];
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

// Counts and kilograms are whole; areas and volumes keep one decimal.
const tidy = (quantity: number, unit: Material['unit']) =>
  unit === 'units' || unit === 'kg' ? Math.ceil(quantity - 1e-9) : Math.round(quantity * 10) / 10;

/**
 * The main materials of the whole building: quantity = driver quantity × rate per m², plus the
 * openings as windows and doors. Sheets (panels, shingles, glass, cladding) are one m² per m² of the
 * surface they cover, so they equal the roof, wall and openings areas of the quantities; a remodel
 * prices the part renewed (cost.ts) but lists the building's quantities.
 */
export function materialsOf(q: Quantities, family: Family, choices: Choices): Material[] {
  const out: Material[] = [];
  const add = (key: string, rate: Figure | 1, driver: number, unit: Material['unit']) => {
    // quantity = driver × rate
    const quantity = tidy(driver * (rate === 1 ? 1 : valueOf(rate)), unit);
    if (quantity > 0) out.push({ key, quantity, unit });
  };
  const system = choices.sistemaConstructivo;
  for (const [key, rate, driver, unit] of family === 'industrial' ? SHED_LINES(system) : (SYSTEM_LINES[system] ?? []))
    add(key, rate, q[driver], unit);
  const roof = ROOF_LINES[choices.materialCubierta];
  const roofRate = DATA.roofRates[choices.materialCubierta];
  if (roof && roofRate) add(roof[0], roofRate, q.roofArea, roof[1]);
  const facade = FACADE_LINES[choices.materialFachada];
  const facadeRate = DATA.facadeRates[choices.materialFachada];
  if (facade && facadeRate) add(facade[0], facadeRate, q.wallArea, facade[1]);
  add('openings', 1, q.openingsArea, 'm²');
  return out;
}
