import { DATA, rangeOf, valueOf, type Figure } from './data.ts';
import { figuresOf, REFERENCES, type Choices } from './choices.ts';
import type { Family, Quantities } from './quantities.ts';
import type { Region } from './region.ts';

/** The trades a cost is split into. */
export const TRADES = ['structure', 'envelope', 'roof', 'finishes', 'installations', 'designPermits'] as const;
export type Trade = (typeof TRADES)[number];

/** A cost range in the region's currency (whole units). */
export interface Range {
  low: number;
  expected: number;
  high: number;
}

/** The cost of one trade: its range and its ± fraction. */
export interface TradeCost extends Range {
  trade: Trade;
  /** ± fraction of this trade (the widest of the figures behind it). */
  uncertainty: number;
}

/** The cost of the project. */
export interface Cost {
  currency: 'COP' | 'EUR' | 'USD';
  /** Cost per m² built of the reference project, after the use and regional factors. */
  ratePerM2: number;
  trades: TradeCost[];
  total: Range;
  perM2: Range;
  /** ± fraction of the total: the widest of the figures that set its level (base, use, region, choices, zone). */
  uncertainty: number;
}

/** A range of ± `r` around `expected`, rounded to whole units. */
export const rangeAround = (expected: number, r: number): Range => ({
  low: Math.round(expected * (1 - r)),
  expected: Math.round(expected),
  high: Math.round(expected * (1 + r)),
});

/**
 * The cost per trade and in total:
 *   rate  = base cost per m² of the region and family × use factor (× regional factor elsewhere)
 *   trade = rate × trade share × driver quantity × choice ratio × remodel factor × zone factor
 * where the driver is the roof area for the roof and the built area otherwise, and a choice ratio
 * is the choice's factor over the family reference's (so the reference project costs the base).
 */
export function costOf(q: Quantities, family: Family, choices: Choices, region: Region): Cost {
  const reference = REFERENCES[family];
  const base: Figure = family === 'industrial' ? region.warehouse : region.housing;
  const useFactor = DATA.uses[choices.uso];
  const level: Figure[] = [base, ...(useFactor ? [useFactor] : []), ...(region.regionalFactor ? [region.regionalFactor] : [])];
  // rate = base (× its source factor) × use factor × regional factor (currency per m² built)
  const rate = valueOf(base) * (useFactor ? valueOf(useFactor) : 1) * (region.regionalFactor ? valueOf(region.regionalFactor) : 1);
  const shares = DATA.tradeShares[family];
  const ratio = (chosen: Figure | undefined, ref: Figure | undefined): [number, Figure[]] =>
    chosen && ref ? [valueOf(chosen) / valueOf(ref), [chosen, ref]] : [1, []];
  const [system, systemFigures] = ratio(
    figuresOf.system(choices.sistemaConstructivo)?.structure,
    figuresOf.system(reference.sistemaConstructivo)?.structure,
  );
  const [roof, roofFigures] = ratio(figuresOf.roof(choices.materialCubierta)?.cost, figuresOf.roof(reference.materialCubierta)?.cost);
  const [wall, wallFigures] = ratio(figuresOf.wall(choices.tipoFachada), figuresOf.wall(reference.tipoFachada));
  const [facade, facadeFigures] = ratio(figuresOf.facade(choices.materialFachada)?.cost, figuresOf.facade(reference.materialFachada)?.cost);
  const zone = figuresOf.zone(choices.zona);
  const remodel = choices.estadoProyecto === 'Remodelacion/Adecuacion' ? DATA.remodel : undefined;
  const per: Record<Trade, [number, number, Figure[]]> = {
    // [driver quantity, choice ratio, figures behind the ratio]
    structure: [q.builtArea, system, systemFigures],
    envelope: [q.builtArea, wall * facade, [...wallFigures, ...facadeFigures]],
    roof: [q.roofArea, roof, roofFigures],
    finishes: [q.builtArea, 1, []],
    installations: [q.builtArea, 1, []],
    designPermits: [q.builtArea, 1, []],
  };
  const levelRanges: number[] = level.map(rangeOf);
  if (zone) levelRanges.push(rangeOf(zone));
  const trades = TRADES.map((trade): TradeCost => {
    const [driver, choiceRatio, figures] = per[trade];
    const factors = [...figures, ...(remodel ? [remodel[trade]] : []), ...(zone ? [zone] : [])];
    // trade = rate × share × driver × choice ratio × remodel × zone
    const expected =
      rate * valueOf(shares[trade]) * driver * choiceRatio * (remodel ? valueOf(remodel[trade]) : 1) * (zone ? valueOf(zone) : 1);
    levelRanges.push(...figures.map(rangeOf), ...(remodel ? [rangeOf(remodel[trade])] : []));
    const uncertainty = Math.max(...level.map(rangeOf), rangeOf(shares[trade]), ...factors.map(rangeOf));
    return { trade, ...rangeAround(expected, uncertainty), uncertainty };
  });
  const uncertainty = Math.max(...levelRanges);
  // total = Σ trades (each rounded); its range is ± the level uncertainty (shares only move cost between trades)
  const total = rangeAround(
    trades.reduce((sum, t) => sum + t.expected, 0),
    uncertainty,
  );
  // perM2 = total / builtArea
  const perM2 = {
    low: Math.round(total.low / q.builtArea),
    expected: Math.round(total.expected / q.builtArea),
    high: Math.round(total.high / q.builtArea),
  };
  return { currency: region.currency, ratePerM2: Math.round(rate), trades, total, perM2, uncertainty };
}
