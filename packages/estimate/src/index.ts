export { estimate, REQUIRED_DIMENSIONS, type Estimate, type EstimateInput, type IncompleteEstimate } from './estimate.ts';
export {
  costOf,
  DRIVERS,
  rangeAround,
  TRADES,
  type Cost,
  type CostBasis,
  type Driver,
  type Range,
  type Trade,
  type TradeCost,
} from './cost.ts';
export { materialsOf, type Material } from './materials.ts';
export { familyOf, metres, quantitiesOf, type Family, type Quantities } from './quantities.ts';
export {
  contractValue,
  FALLBACK_PERMITS,
  OFFERED_COUNTRIES,
  perAverage,
  rateOf,
  regionOf,
  typeRatio,
  usdPer,
  type Rate,
  type RateSource,
  type Region,
  type RegionCode,
} from './region.ts';
export { STAGES, timeOf, type Stage, type StageTime, type Time } from './time.ts';
export { REFERENCES, type Choices } from './choices.ts';
export { BUILDING_TYPES, DATA, rangeOf, valueOf, type Basis, type BuildingType, type Figure } from './data.ts';
export { compact, dateText, money, percent, quantity } from './format.ts';
export { basisWords, countryName, marketName, type BasisKey } from './basis.ts';
