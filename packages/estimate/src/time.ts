import { DATA, rangeOf, valueOf, type BuildingType, type Figure } from './data.ts';
import { isRemodel, type Choices } from './choices.ts';
import type { Family, Quantities } from './quantities.ts';
import type { Region } from './region.ts';

/** The stages of the timeline, in order. */
export const STAGES = ['design', 'permits', 'construction', 'finishes'] as const;
export type Stage = (typeof STAGES)[number];

/** The weeks of one stage; a stage the project has already passed has 0 weeks and `done`. */
export interface StageTime {
  stage: Stage;
  weeks: number;
  /** Weeks from today at which the stage starts (stages follow one another). */
  start: number;
  done: boolean;
}

/** The timeline from the project's current stage. */
export interface Time {
  stages: StageTime[];
  totalWeeks: number;
  /** ± fraction of the weeks (the widest of the figures behind them). */
  uncertainty: number;
  /** What set the build weeks: the built area (a house's or a shed's pace) or the storeys (the multi-storey programmes). */
  by: 'area' | 'storeys';
}

// The form's project stage → the first stage still to do.
const FIRST: Record<string, Stage> = {
  Concepcion: 'design',
  'Planificacion y Diseno': 'design',
  Preconstruccion: 'permits',
  Construccion: 'construction',
  'Finalizacion de obra': 'finishes',
};

const M2_PER_FT2 = 0.09290304;
// The calibration points' built areas (m²): the sources give them in square feet.
const CALIBRATION_M2 = { building: 2647 * M2_PER_FT2, industrial: 50_000 * M2_PER_FT2 };

// The storeys of the two published programmes of multi-storey buildings (data.json time.blockWeeks, time.towerWeeks).
const PROGRAMME_STOREYS = { block: 5, tower: 27 };

/**
 * Weeks per stage, each rounded up to whole weeks, bounded:
 *   area(A)      = calibration weeks × (A / its area)^0.3247: crews grow with the job, so time grows
 *                  sub-linearly with the area (the house's calibration for buildings, the
 *                  warehouse's for sheds)
 *   storeys(n)   = block weeks + (n − 5) × per storey, per storey = (tower weeks − block weeks) / (27 − 5):
 *                  a multi-storey building goes up one floor after another, through the two published
 *                  programmes (a 5-level block, a 27-storey tower)
 *   build        = a shed: area(built area); a building: min(area(built area), storeys(n)) — a small
 *                  building takes a house's pace, a large one is bounded by its storeys, so a tower
 *                  takes longer than a one-storey building of the same area
 *                  × 0.65 for a factory-made system; a remodel × (1 − the structure's share)^0.3247 (the
 *                  work of the area whose new cost equals its own); at most 276 weeks (the world's
 *                  tallest building's programme)
 *   construction = build × (1 − finishes share); finishes = build × finishes share, the finishes'
 *                  share of the cost (a stage takes the share of the weeks its trades take of the cost)
 *   design       = min(52, 4 × (builtArea / 100)^0.3)
 *   permits      = the country's licence time: its residential figure for housing where one was
 *                  published, else Doing Business's; or the median of those figures
 */
export function timeOf(q: Quantities, family: Family, type: BuildingType, choices: Choices, region: Region): Time {
  const t = DATA.time;
  const shares = DATA.tradeShares;
  const remodel = isRemodel(choices);
  const factoryMade = DATA.factoryMade.includes(choices.sistemaConstructivo);
  const exponent = valueOf(t.scaleExponent);
  const calibration = t.constructionWeeks[family];
  const byArea = valueOf(calibration) * (q.builtArea / CALIBRATION_M2[family]) ** exponent;
  const perStorey = (valueOf(t.towerWeeks) - valueOf(t.blockWeeks)) / (PROGRAMME_STOREYS.tower - PROGRAMME_STOREYS.block);
  const byStoreys = valueOf(t.blockWeeks) + (q.floors - PROGRAMME_STOREYS.block) * perStorey;
  const storeysBound = family === 'building' && byStoreys < byArea;
  const scaled = storeysBound ? byStoreys : byArea;
  const work = scaled * (remodel ? (1 - valueOf(shares.structure)) ** exponent : 1);
  const build = Math.min(valueOf(t.maxConstructionWeeks), work * (factoryMade ? valueOf(t.factoryMadeSpeed) : 1));
  const buildFigures = [
    ...(storeysBound ? [t.blockWeeks, t.towerWeeks] : [calibration, t.scaleExponent]),
    ...(factoryMade ? [t.factoryMadeSpeed] : []),
    ...(remodel ? [shares.structure] : []),
  ];
  const permits = permitFigure(region, type);
  const finishes = valueOf(shares.finishes);
  const weeks: Record<Stage, [number, Figure[]]> = {
    design: [Math.min(valueOf(t.maxDesignWeeks), valueOf(t.designWeeks) * (q.builtArea / 100) ** 0.3), [t.designWeeks]],
    permits: [valueOf(permits), [permits]],
    construction: [build * (1 - finishes), buildFigures],
    finishes: [build * finishes, [...buildFigures, shares.finishes]],
  };
  const first = STAGES.indexOf(FIRST[choices.etapaProyecto] ?? 'design');
  let start = 0;
  const ranges: number[] = [];
  const stages = STAGES.map((stage, i): StageTime => {
    const done = i < first;
    const [raw, figures] = weeks[stage];
    if (!done) ranges.push(...figures.map(rangeOf));
    // whole weeks, rounded up (a tiny float error must not add a week), at least one
    const w = done ? 0 : Math.max(1, Math.ceil(raw - 1e-9));
    const row = { stage, weeks: w, start, done };
    start += w;
    return row;
  });
  return { stages, totalWeeks: start, uncertainty: ranges.length ? Math.max(...ranges) : 0, by: storeysBound ? 'storeys' : 'area' };
}

/** Housing types: a residential licence figure applies to them. */
const HOUSING: readonly BuildingType[] = ['house', 'lowRise', 'midRise', 'highRise'];

/** The licence time of a building type in a region: the country's residential figure for housing where published, else its own. */
const permitFigure = (region: Region, type: BuildingType): Figure =>
  (HOUSING.includes(type) ? DATA.residentialPermits[region.code] : undefined) ?? region.permitWeeks;
