import { DATA, valueOf, type Figure } from './data.ts';
import { figuresOf, type Choices } from './choices.ts';
import type { Family, Quantities } from './quantities.ts';

/** A main material: a key for its name in the catalogues, its quantity and unit. */
export interface Material {
  key: string;
  quantity: number;
  unit: 'm²' | 'm³' | 'kg' | 'units';
}

const m = DATA.materials;
const byFamily = (figure: { building: Figure; industrial: Figure }, family: Family) => figure[family];

// What each system is mostly made of: [material key, rate figure, driver quantity, unit].
type Line = [string, Figure | 1, keyof Quantities, Material['unit']];
const SYSTEM_LINES = (family: Family): Record<string, Line[]> => {
  const concrete: Line = ['concrete', byFamily(m.concrete, family), 'builtArea', 'm³'];
  const rebar: Line = ['rebar', m.rebar, 'builtArea', 'kg'];
  return {
    'mamposteria-confinada': [concrete, rebar, ['blocks', m.blocks, 'wallArea', 'units']],
    'concreto-reforzado': [concrete, rebar, ['blocks', m.blocks, 'wallArea', 'units']],
    'concreto-prefabricado': [concrete, rebar],
    'steel-framing': [['steel', byFamily(m.steel, family), 'builtArea', 'kg'], concrete],
    'paneles-sandwich': [['wallPanels', m.panels, 'wallArea', 'm²'], concrete],
    'paneles-prefabricados': [['wallPanels', m.panels, 'wallArea', 'm²'], concrete],
    // One m² of module per m² built: a count by definition, not a rate.
    modular: [['modules', 1, 'builtArea', 'm²'], concrete],
    'madera-laminada': [['timber', m.timber, 'builtArea', 'm³'], concrete],
    bambu: [['bamboo', m.bamboo, 'builtArea', 'units'], concrete],
    tierra: [['earth', m.earth, 'wallArea', 'm³'], concrete],
  };
};
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
  for (const [key, rate, driver, unit] of SYSTEM_LINES(family)[choices.sistemaConstructivo] ?? []) add(key, rate, q[driver], unit);
  const roof = ROOF_LINES[choices.materialCubierta];
  const roofRate = figuresOf.roof(choices.materialCubierta)?.rate;
  if (roof && roofRate) add(roof[0], roofRate, q.roofArea, roof[1]);
  const facade = FACADE_LINES[choices.materialFachada];
  const facadeRate = figuresOf.facade(choices.materialFachada)?.rate;
  if (facade && facadeRate) add(facade[0], facadeRate, q.wallArea, facade[1]);
  add('openings', 1, q.openingsArea, 'm²');
  return out;
}
