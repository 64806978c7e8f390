export { estimate, REQUIRED_DIMENSIONS, type Estimate, type EstimateInput, type IncompleteEstimate } from './estimate.ts';
export { costOf, DRIVERS, rangeAround, TRADES, type Cost, type Driver, type Range, type Trade, type TradeCost } from './cost.ts';
export { materialsOf, type Material } from './materials.ts';
export { familyOf, metres, quantitiesOf, type Family, type Quantities } from './quantities.ts';
export { FALLBACK_HOUSING, FALLBACK_PERMITS, OFFERED_COUNTRIES, regionOf, usdPer, type Region, type RegionCode } from './region.ts';
export { STAGES, timeOf, type Stage, type StageTime, type Time } from './time.ts';
export { REFERENCES, type Choices } from './choices.ts';
export { DATA, rangeOf, valueOf, type Figure } from './data.ts';
export { compact, money, percent, quantity } from './format.ts';
