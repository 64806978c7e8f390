import { DATA, valueOf, type BuildingType } from './data.ts';

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
  /** The shorter side of the footprint, m: a shed frame's span. */
  span: number;
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

/** The share of a storey's height above the last whole storey that counts as one more (quantitiesOf). */
const STOREY_SHARE = 0.25;

/** The most built area a single-family house has (m²); past it, housing is multi-family. */
const HOUSE_MAX_AREA = 600;

/**
 * What is built, as the cost sources tell it apart: sheds are warehouses; shops and institutions
 * are priced as offices (the nearest type the surveys measure); housing — and a use left as "other"
 * — is a single-family house up to 3 storeys and 600 m², else multi-family by its storeys: low-rise
 * up to 4, mid-rise 5 to 12, high-rise from 13 (the surveys' own thresholds).
 */
export function buildingTypeOf(uso: string, family: Family, q: Pick<Quantities, 'floors' | 'builtArea'>): BuildingType {
  if (family === 'industrial') return 'warehouse';
  if (uso === 'commercial' || uso === 'institutional') return 'office';
  if (q.floors <= 3 && q.builtArea <= HOUSE_MAX_AREA) return 'house';
  return q.floors <= 4 ? 'lowRise' : q.floors <= 12 ? 'midRise' : 'highRise';
}

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
  // floors = ⌊height / the use's storey height + 0.25⌋, at least 1: a storey counts when three
  // quarters of its height are there (a 4.7 m house with its roof is one storey, not two); sheds
  // are one tall storey whatever their height
  const storey = g.storeyHeight[uso] ?? g.storeyHeight.housing;
  const floors = family === 'industrial' ? 1 : Math.max(1, Math.floor(height / valueOf(storey) + STOREY_SHARE));
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
  return { landArea, footprint, span: Math.min(width, length), floors, builtArea, roofArea, facadeArea, openingsArea, wallArea };
}
