import { DATA, valueOf } from './data.ts';

/** The use families: buildings (housing, shops, institutions) and industrial sheds. */
export type Family = 'building' | 'industrial';

/**
 * The family of a use: warehouses and factories are single-storey industrial sheds, and so is an
 * "other" use built in sandwich panels (a storage shed, a workshop).
 */
export const familyOf = (uso: string, system = ''): Family =>
  uso === 'warehouse' || uso === 'factory' || (uso === 'other' && system === 'paneles-sandwich') ? 'industrial' : 'building';

/** The measured quantities of a project (all in m, m² or a count). */
export interface Quantities {
  /** Land area, m²; 0 when the land was not measured. */
  landArea: number;
  /** Footprint, m². */
  footprint: number;
  /** Storeys, a count. */
  floors: number;
  /** Built area, m². */
  builtArea: number;
  /** Roof area in plan, m² (the footprint: a pitched roof's slope is not measured). */
  roofArea: number;
  /** Gross facade area, m². */
  facadeArea: number;
  /** Openings allowance (windows and doors), m². */
  openingsArea: number;
  /** Facade area less openings, m². */
  wallArea: number;
}

/** A dimension as typed (comma or dot decimals); NaN when empty or not a number. */
export const metres = (text: string | undefined): number => {
  const value = Number((text ?? '').trim().replace(',', '.'));
  return (text ?? '').trim() === '' || !Number.isFinite(value) ? Number.NaN : value;
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The quantities of a building of `width` × `length` × `height` m on a `landWidth` × `landLength` m
 * lot, rounded to cm² (2 decimals), each formula beside it. Computed once: the materials, cost,
 * form and report all read these, so every quantity agrees with every other.
 */
export function quantitiesOf(
  dims: { width: number; length: number; height: number; landWidth: number; landLength: number },
  family: Family,
  uso = 'housing',
): Quantities {
  const g = DATA.geometry;
  const { width, length, height } = dims;
  // landArea = land width × land length (m²)
  const landArea = Number.isFinite(dims.landWidth * dims.landLength) ? round2(dims.landWidth * dims.landLength) : 0;
  // footprint = width × length (m²)
  const footprint = round2(width * length);
  // floors = round(height / the use's storey height), at least 1; sheds are one tall storey whatever their height
  const storey = g.storeyHeight[uso] ?? g.storeyHeight.housing;
  const floors = family === 'industrial' ? 1 : Math.max(1, Math.round(height / valueOf(storey)));
  // builtArea = footprint × floors (m²)
  const builtArea = round2(footprint * floors);
  // roofArea = footprint (m²): the roof in plan; a pitch adds 1 / cos(pitch) − 1 (1.5 % at 10°,
  // 15.5 % at 30°), but no published pitch of the form's roof designs was found
  const roofArea = footprint;
  // facadeArea = perimeter × height = 2 × (width + length) × height (m²)
  const facadeArea = round2(2 * (width + length) * height);
  // openingsArea = facadeArea × openings share of the family (m²)
  const openingsArea = round2(facadeArea * valueOf(g.openings[family]));
  // wallArea = facadeArea − openingsArea (m²)
  const wallArea = round2(facadeArea - openingsArea);
  return { landArea, footprint, floors, builtArea, roofArea, facadeArea, openingsArea, wallArea };
}
