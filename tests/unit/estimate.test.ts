// @vitest-environment node
// The estimate engine over grids (every country × building type × size; each use × system × size in
// three markets), the cases, and worked examples against published figures, per country
// with its own figure and per building type (docs/estimate.md).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CONSTRUCTION_SYSTEMS, DIMENSION_LIMITS } from '@obra/schema';
import bibliography from '@obra/estimate/sources.json' with { type: 'json' };
import {
  BUILDING_TYPES,
  contractValue,
  DATA,
  estimate,
  money,
  OFFERED_COUNTRIES,
  rateOf,
  regionOf,
  typeRatio,
  usdPer,
  valueOf,
  type Estimate,
  type EstimateInput,
} from '@obra/estimate';
import { build, made } from './support/estimate.ts';

const require = createRequire(import.meta.url);
const USES = ['housing', 'commercial', 'institutional', 'warehouse', 'factory', 'other'];
/** One building of each type: width, length, height and use (the type follows from the use, storeys and area). */
const TYPES: Record<(typeof BUILDING_TYPES)[number], EstimateInput> = {
  house: { uso: 'housing', anchoEdificacion: '10', largoEdificacion: '12', altoEdificacion: '6' },
  lowRise: { uso: 'housing', anchoEdificacion: '20', largoEdificacion: '30', altoEdificacion: '12' },
  midRise: { uso: 'housing', anchoEdificacion: '20', largoEdificacion: '30', altoEdificacion: '25' },
  highRise: { uso: 'housing', anchoEdificacion: '25', largoEdificacion: '25', altoEdificacion: '62' },
  office: { uso: 'commercial', anchoEdificacion: '20', largoEdificacion: '30', altoEdificacion: '12' },
  warehouse: { uso: 'warehouse', anchoEdificacion: '40', largoEdificacion: '60', altoEdificacion: '10' },
};
/** The same building with its plan scaled (heights kept): small, as above, large. */
const SCALES = { small: 0.5, typical: 1, large: 3 };
const scaled = (input: EstimateInput, k: number): EstimateInput => ({
  ...input,
  anchoEdificacion: String(Number(input.anchoEdificacion) * k),
  largoEdificacion: String(Number(input.largoEdificacion) * k),
});
const SOURCES = bibliography.sources as Record<string, unknown>;
const numbers = (value: unknown): number[] =>
  typeof value === 'number' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(numbers) : [];

/** Problems of one estimate: non-finite or negative numbers, inconsistent quantities, a cost without its source. */
function problems(e: Estimate): string[] {
  const out: string[] = [];
  const at = `${e.region} ${e.type} ${e.choices.uso} ${e.choices.sistemaConstructivo} ${e.quantities.builtArea} m²`;
  if (numbers(e).some((n) => !(Number.isFinite(n) && n >= 0))) out.push(`${at}: a number that is not finite and positive`);
  const q = e.quantities;
  for (const key of ['footprint', 'floors', 'builtArea', 'roofArea', 'facadeArea', 'openingsArea', 'wallArea', 'span'] as const)
    if (!(q[key] > 0)) out.push(`${at}: ${key} ${q[key]}`);
  if (Math.abs(q.builtArea - q.footprint * q.floors) > 0.1) out.push(`${at}: built area is not footprint × storeys`);
  if (Math.abs(q.wallArea + q.openingsArea - q.facadeArea) > 0.1) out.push(`${at}: walls and openings are not the facade`);
  if (e.materials.some((m) => !(m.quantity > 0))) out.push(`${at}: a material of no quantity`);
  if (!(e.cost.total.low > 0 && e.cost.total.low < e.cost.total.expected && e.cost.total.expected < e.cost.total.high))
    out.push(`${at}: the range does not surround the expected cost`);
  if (!(e.cost.expectedUsd! > 0 && e.time.totalWeeks > 0 && e.cost.drivers.length > 0)) out.push(`${at}: no dollars, weeks or drivers`);
  if (!SOURCES[e.cost.basis.source]) out.push(`${at}: its cost rests on an unknown source`);
  if (e.cost.basis.from === 'survey' && !DATA.survey.markets[e.cost.basis.market!]) out.push(`${at}: an unknown market`);
  if (e.far !== (e.cost.basis.from === 'survey' && DATA.survey.markets[e.cost.basis.market!]!.country !== e.region))
    out.push(`${at}: far is not "rests on another country's market"`);
  if (build(e) > valueOf(DATA.time.maxConstructionWeeks) + 2) out.push(`${at}: longer than the longest programme`);
  if (e.time.stages[0]!.weeks > valueOf(DATA.time.maxDesignWeeks)) out.push(`${at}: design longer than its bound`);
  return out;
}

describe('the grid: every country × building type × size', () => {
  const rows = OFFERED_COUNTRIES.flatMap((pais) =>
    Object.entries(TYPES).flatMap(([type, input]) =>
      Object.entries(SCALES).map(([size, k]) => ({ type, size, e: made({ ...scaled(input, k), pais }) })),
    ),
  );

  it('covers every country the form offers, each building type and size', () => {
    expect(OFFERED_COUNTRIES.length).toBeGreaterThanOrEqual(249);
    expect(rows).toHaveLength(OFFERED_COUNTRIES.length * 6 * 3);
    expect(new Set(rows.map(({ e }) => e.region))).toEqual(new Set(OFFERED_COUNTRIES));
    // the typical building of each type is that type
    for (const { type, size, e } of rows) if (size === 'typical') expect(e.type, e.region).toBe(type);
  });

  it('gives positive, consistent quantities, a range around the expected cost, a named source and bounded time everywhere', () => {
    expect(rows.flatMap(({ e }) => problems(e))).toEqual([]);
  });

  it('prices each country in its own currency where its rate was read, from its own figure, another of its types or its survey market', () => {
    for (const { e } of rows) {
      const currency = DATA.countries[e.region]?.currency;
      expect(e.cost.currency, e.region).toBe(currency && usdPer(currency) ? currency : 'USD');
      const own = DATA.countries[e.region]?.costs ?? {};
      if (own[e.type]) expect(e.cost.basis.from, `${e.region} ${e.type}`).toBe('own');
      else if (Object.values(own).some((f) => f.quality !== 'economic')) expect(e.cost.basis.from, `${e.region} ${e.type}`).toBe('ratio');
      else expect(e.cost.basis.from, `${e.region} ${e.type}`).toBe('survey');
    }
  });

  it('a tower costs more per m² than a house where the sources say so, less where they say so', () => {
    for (const pais of OFFERED_COUNTRIES) {
      const house = made({ ...TYPES.house, pais });
      const tower = made({ ...TYPES.highRise, pais });
      const region = regionOf(pais)!;
      // what the sources behind this country say of a tower against a house
      const said = rateOf(region, 'highRise').value / rateOf(region, 'house').value;
      expect(tower.cost.ratePerM2 / house.cost.ratePerM2, pais).toBeCloseTo(said, 2);
      if (said > 1.05) expect(tower.cost.perM2.expected, pais).toBeGreaterThan(house.cost.perM2.expected);
      if (said < 0.95) expect(tower.cost.perM2.expected, pais).toBeLessThan(house.cost.perM2.expected);
    }
    // Brazil's own CUB prices a 16-storey block below a house; the median of the published sets prices a tower above it.
    expect(contractValue(DATA.countries.BR!.costs.highRise!)).toBeLessThan(contractValue(DATA.countries.BR!.costs.house!));
    expect(valueOf(typeRatio('highRise', 'house'))).toBeGreaterThan(1);
  });

  it('time grows with the storeys, and a tower takes longer than a one-storey building of the same area, in every country', () => {
    for (const pais of OFFERED_COUNTRIES) {
      const weeks = [1, 2, 4, 8, 15, 30, 60].map((storeys) =>
        build(made({ uso: 'housing', anchoEdificacion: '25', largoEdificacion: '25', altoEdificacion: String(storeys * 3.1), pais })),
      );
      for (let i = 1; i < weeks.length; i++) expect(weeks[i], `${pais}: ${weeks.join(', ')}`).toBeGreaterThanOrEqual(weeks[i - 1]!);
      expect(weeks[6]).toBeGreaterThan(weeks[3]!);
    }
  });
});

describe('the grid: each use × system × size, in a market with its own figures, one with a survey city and one lent by another country', () => {
  const sizes = (uso: string): [string, string, string][] => {
    const { side, height, footprint } = DIMENSION_LIMITS.uses[uso as keyof typeof DIMENSION_LIMITS.uses];
    const min = String(DIMENSION_LIMITS.min);
    return [
      [min, min, min],
      ['10', '20', '6'],
      [String(footprint / side), String(side), String(height)],
    ];
  };
  const rows = ['Colombia', 'Alemania', 'Guatemala'].flatMap((pais) =>
    USES.flatMap((uso) =>
      CONSTRUCTION_SYSTEMS.flatMap((sistemaConstructivo) =>
        sizes(uso).map(([anchoEdificacion, largoEdificacion, altoEdificacion]) =>
          made({ uso, sistemaConstructivo, anchoEdificacion, largoEdificacion, altoEdificacion, pais }),
        ),
      ),
    ),
  );

  it('gives positive, consistent figures for every combination', () => {
    expect(rows).toHaveLength(3 * USES.length * CONSTRUCTION_SYSTEMS.length * 3);
    expect(rows.flatMap(problems)).toEqual([]);
    expect(new Set(rows.map((e) => e.far))).toEqual(new Set([false, true]));
  });

  it('keeps the cost per m² at the rate of its type: the roof, over more storeys, is a smaller part', () => {
    for (const e of rows.filter((row) => row.choices.estadoProyecto === 'Nueva')) {
      expect(e.cost.perM2.expected / e.cost.ratePerM2).toBeGreaterThan(0.95);
      expect(e.cost.perM2.expected / e.cost.ratePerM2).toBeLessThan(1.01);
    }
  });
});

describe("the issue's cases", () => {
  it('a 4.7 m house with its roof is one storey, not two (its cost is not doubled)', () => {
    const house = made({ uso: 'housing', anchoEdificacion: '10', largoEdificacion: '12', altoEdificacion: '4.7' });
    expect(house.quantities.floors).toBe(1);
    expect(house.quantities.builtArea).toBe(120);
    expect(made({ uso: 'housing', anchoEdificacion: '10', largoEdificacion: '12', altoEdificacion: '5.9' }).quantities.floors).toBe(2);
  });

  it('a 12,500 m² one-storey building takes less time than a 20-storey tower of the same area', () => {
    const flat = made({ uso: 'commercial', anchoEdificacion: '100', largoEdificacion: '125', altoEdificacion: '4', pais: 'México' });
    const tower = made({ uso: 'commercial', anchoEdificacion: '25', largoEdificacion: '25', altoEdificacion: '78', pais: 'México' });
    expect(flat.quantities.builtArea).toBe(tower.quantities.builtArea);
    expect(build(tower)).toBeGreaterThan(build(flat));
  });

  it('a 20-storey block takes one and a half to three years to build, not 1,934 weeks', () => {
    const block = made({ uso: 'housing', anchoEdificacion: '20', largoEdificacion: '20', altoEdificacion: '62' });
    expect(block.quantities.floors).toBe(20);
    expect(build(block)).toBeGreaterThan(78);
    expect(build(block)).toBeLessThan(160);
  });

  it('an 8 m sandwich-panel storage shed of "other" use is one storey that takes weeks, not years', () => {
    const shed = made({
      uso: 'other',
      sistemaConstructivo: 'paneles-sandwich',
      anchoEdificacion: '30',
      largoEdificacion: '80',
      altoEdificacion: '8',
    });
    expect([shed.family, shed.type, shed.quantities.floors, shed.quantities.builtArea]).toEqual(['industrial', 'warehouse', 1, 2400]);
    expect(build(shed)).toBeLessThan(26);
  });

  it('countries beyond the nine priced before: their own figures, in their own currency, else a named survey market', () => {
    const at = (pais: string, type: keyof typeof TYPES = 'house') => made({ ...TYPES[type], pais });
    expect(at('Brasil').cost).toMatchObject({ currency: 'BRL', basis: { from: 'own', source: 'sinduscon-sp-cub-2025-10' } });
    expect(at('Canada', 'highRise').cost).toMatchObject({ currency: 'CAD', basis: { from: 'own', source: 'storeys-altus-2024' } });
    expect(at('Portugal').cost).toMatchObject({ currency: 'EUR', basis: { from: 'own', source: 'ci-sicc-2022' } });
    expect(at('Chile').cost).toMatchObject({ currency: 'CLP', basis: { from: 'ratio', anchor: 'highRise' } });
    expect(at('Alemania')).toMatchObject({ far: false, cost: { currency: 'USD', basis: { from: 'survey', market: 'Frankfurt' } } });
    expect(at('Guatemala')).toMatchObject({ far: true, cost: { currency: 'GTQ', basis: { from: 'survey', market: 'Bogotá' } } });
    // Mexico's social-house figure prices houses, never the other types: they take Mexico City's level.
    expect(at('México').cost.basis.from).toBe('own');
    expect(at('México', 'office').cost.basis).toMatchObject({ from: 'survey', market: 'Mexico City' });
    // A country named no way the estimate knows: no estimate rather than a guess.
    expect(estimate({ ...TYPES.house, pais: 'Narnia' })).toEqual({ complete: false, missing: ['pais'] });
  });

  it("a building outside its use's bounds gets no estimate, the dimension named (a stored report from before the bounds)", () => {
    const at = (input: EstimateInput) => estimate({ pais: 'Colombia', ...input });
    expect(at({ anchoEdificacion: '8', largoEdificacion: '12', altoEdificacion: '99999' })).toEqual({
      complete: false,
      missing: ['altoEdificacion'],
    });
    expect(at({ anchoEdificacion: '0.05', largoEdificacion: '0.05', altoEdificacion: '3' })).toEqual({
      complete: false,
      missing: ['anchoEdificacion', 'largoEdificacion'],
    });
    expect(at({ uso: 'warehouse', anchoEdificacion: '20', largoEdificacion: '40', altoEdificacion: '1000' })).toEqual({
      complete: false,
      missing: ['altoEdificacion'],
    });
    // No use chosen: the bounds of any building, priced as housing.
    expect(made({ anchoEdificacion: '8', largoEdificacion: '12', altoEdificacion: '1000' }).quantities.floors).toBe(322);
  });

  it('assumes no country: without one there is no estimate', () => {
    const house = { uso: 'housing', anchoEdificacion: '8', largoEdificacion: '12', altoEdificacion: '6' };
    expect(estimate(house)).toEqual({ complete: false, missing: ['pais'] });
    expect(estimate({ ...house, pais: '  ' })).toEqual({ complete: false, missing: ['pais'] });
    expect(estimate({ anchoEdificacion: '8' })).toEqual({ complete: false, missing: ['largoEdificacion', 'altoEdificacion', 'pais'] });
  });
});

describe('countries and money', () => {
  it('finds a country by its es or en name as the location field stores it, or its ISO code', () => {
    expect(regionOf('República Dominicana')?.code).toBe('DO');
    expect(regionOf('Dominican Republic')?.code).toBe('DO');
    expect(regionOf('España')?.currency).toBe('EUR');
    expect(regionOf('United States of America')?.code).toBe('US');
    expect(regionOf('Brasil')).toMatchObject({ code: 'BR', currency: 'BRL', market: 'Rio de Janeiro', far: false });
    expect(regionOf('Canadá')?.code).toBe('CA');
    expect(regionOf('pt')?.code).toBe('PT');
    expect(regionOf('')).toBeUndefined();
    expect(regionOf('Narnia')).toBeUndefined();
    // the part before a comma or a parenthesis; never a guess from the first words
    expect(regionOf('Colombia, Antioquia')?.code).toBe('CO');
    expect(regionOf('Estados Unidos Mexicanos')?.code).not.toBe('US');
  });

  it('knows every country by the name the location search stores, in es and en (i18n-iso-countries, as the gazetteer reads it)', () => {
    for (const lang of ['es', 'en']) {
      const { countries } = JSON.parse(readFileSync(require.resolve(`i18n-iso-countries/langs/${lang}.json`), 'utf8')) as {
        countries: Record<string, string | string[]>;
      };
      const wrong = Object.entries(countries)
        .map(([code, names]) => [code, Array.isArray(names) ? names[0]! : names] as const)
        .filter(([code, name]) => regionOf(name)?.code !== code)
        .map(([code, name]) => `${code} ${name} → ${regionOf(name)?.code}`);
      expect(wrong, lang).toEqual([]);
    }
    // Kinshasa is in the Democratic Republic of the Congo, not the Republic of the Congo
    expect(regionOf('Congo (República Democrática del)')?.code).toBe('CD');
  });

  it('converts to US dollars at the dated rates', () => {
    expect(usdPer('USD')).toBe(1);
    expect(usdPer('EUR')).toBeCloseTo(1.175, 4);
    expect(1 / usdPer('COP')!).toBeCloseTo(3765.8, 1);
    expect(usdPer('XYZ')).toBeUndefined();
  });

  it('shows money with its ISO code where the visitor locale puts it, never a bare symbol', () => {
    expect(money(457_197_267, 'COP', 'es', 'CO')).toBe('COP\u00a0457.000.000');
    expect(money(457_197_267, 'COP', 'en', 'CO')).toBe('COP\u00a0457,000,000');
    expect(money(35_500, 'EUR', 'es', 'ES')).toBe('35.500\u00a0EUR');
    expect(money(35_500, 'EUR', 'en', 'ES')).toBe('EUR\u00a035,500');
    expect(money(1_299_080, 'MXN', 'es', 'MX')).toBe('MXN\u00a01,300,000');
    // The dollars of a Colombian report are written as its pesos are (not `278.000 $`).
    expect(money(278_400, 'USD', 'es', 'CO')).toBe('USD\u00a0278.000');
  });
});

// Worked examples: the estimate of a published case against its published figure, with the
// tolerance we would defend (docs/estimate.md, "Worked examples"). `error` = estimate / published − 1.
// `calibration` marks a country's own figure coming back (arithmetic, not accuracy). Direct costs
// are brought to a builder's price by the markup (× 1.1734) before comparing.
const FT2 = 10.7639;
const MARKUP = 1.1734;
type Example = {
  name: string;
  input: EstimateInput;
  published: number;
  measure: 'total' | 'perM2' | 'usdPerM2' | 'build';
  tolerance: number;
  calibration?: true;
};
const EXAMPLES: Example[] = [
  // --- countries with figures of their own
  {
    name: 'Argentina, a medium-quality house in Mendoza, Centro de Ingenieros (1,576,305 ARS/m², direct, Oct 2025)',
    input: { ...TYPES.house, altoEdificacion: '3', pais: 'Argentina' },
    published: 1_576_305 * MARKUP,
    measure: 'perM2',
    tolerance: 0.25,
  },
  {
    name: 'Argentina, APYMECO 9-storey building (1,994,703 ARS/m², Dec 2025)',
    input: { ...TYPES.midRise, altoEdificacion: '28', pais: 'Argentina' },
    published: 1_994_703,
    measure: 'perM2',
    tolerance: 0.05,
    calibration: true,
  },
  {
    name: 'Bolivia, Santa Cruz intermediate house (350 USD/m², May 2023, × 6.96 × CBDI 1.5103)',
    input: { ...TYPES.house, pais: 'Bolivia' },
    published: 350 * 6.96 * 1.5103,
    measure: 'perM2',
    tolerance: 0.05,
    calibration: true,
  },
  {
    name: 'Brazil, SINAPI national average (1,891.63 BRL/m², direct, Dec 2025) for an 8-storey block',
    input: { ...TYPES.midRise, pais: 'Brasil' },
    published: 1_891.63 * MARKUP,
    measure: 'perM2',
    tolerance: 0.15,
  },
  {
    name: 'Canada, Altus 2024 Vancouver single-family (190–320 CAD/ft², × BCPI to Q4 2025)',
    input: { ...TYPES.house, pais: 'Canadá' },
    published: 255 * FT2 * (108.9 / 105.7),
    measure: 'perM2',
    tolerance: 0.15,
  },
  {
    name: 'Canada, Altus 2024 Vancouver tower of 13–39 storeys (350–440 CAD/ft², × BCPI)',
    input: { ...TYPES.highRise, pais: 'Canadá' },
    published: 395 * FT2 * (108.9 / 105.7),
    measure: 'perM2',
    tolerance: 0.25,
  },
  {
    name: 'Chile, CDT 2019 high-rise housing in east Santiago (22 UF/m² × 39,762.52)',
    input: { ...TYPES.highRise, pais: 'Chile' },
    published: 22 * 39_762.52,
    measure: 'perM2',
    tolerance: 0.2,
  },
  {
    name: 'Colombia, a one-storey 100 m² house (210 M COP, June 2024, Ensamble via Infobae)',
    input: { uso: 'housing', anchoEdificacion: '10', largoEdificacion: '10', altoEdificacion: '3', pais: 'Colombia' },
    published: 2_100_000,
    measure: 'perM2',
    tolerance: 0.2,
  },
  {
    name: 'Costa Rica, the middle of the housing values declared in permits by canton (349–727 USD/m², INEC)',
    input: { uso: 'housing', anchoEdificacion: '8', largoEdificacion: '10', altoEdificacion: '3', pais: 'Costa Rica' },
    published: 538,
    measure: 'usdPerM2',
    tolerance: 0.3,
  },
  {
    name: 'Ecuador, the average dwelling of Cuenca (69,000 USD for 165 m², direct, INEC 2024)',
    input: { uso: 'housing', anchoEdificacion: '10', largoEdificacion: '16.5', altoEdificacion: '3', pais: 'Ecuador' },
    published: (69_000 / 165) * MARKUP,
    measure: 'perM2',
    tolerance: 0.1,
  },
  {
    name: "Spain, FIVE's 2025 module (880 EUR/m² of material execution, direct) for a 6-storey block",
    input: { ...TYPES.midRise, altoEdificacion: '18', pais: 'España' },
    published: 880 * MARKUP,
    measure: 'perM2',
    tolerance: 0.15,
  },
  {
    name: 'Spain, a medium-quality single-family house (1,180 EUR/m², 2025, a consultancy)',
    input: { ...TYPES.house, pais: 'España' },
    published: 1_180,
    measure: 'perM2',
    tolerance: 0.15,
  },
  {
    name: 'Honduras, BCH survey of private building (13,000 HNL/m², Q2 2025)',
    input: { ...TYPES.house, pais: 'Honduras' },
    published: 13_000,
    measure: 'perM2',
    tolerance: 0.05,
    calibration: true,
  },
  {
    name: 'Kenya, Turner & Townsend Nairobi offices up to 20 floors (94,500 KES/m², 2024)',
    input: { ...TYPES.office, pais: 'Kenia' },
    published: 94_500,
    measure: 'perM2',
    tolerance: 0.05,
    calibration: true,
  },
  {
    name: 'Mexico, a 2026 house in the middle of 8,000–15,000 MXN/m² (Materiales San Cayetano via Expansión), 192 m²',
    input: { ...TYPES.house, anchoEdificacion: '8', pais: 'México' },
    published: 11_500,
    measure: 'perM2',
    tolerance: 0.33,
  },
  {
    name: 'Peru, a 100 m² house (180,000 PEN, direct, Aug 2025, Universidad ESAN)',
    input: { uso: 'housing', anchoEdificacion: '10', largoEdificacion: '10', altoEdificacion: '3', pais: 'Perú' },
    published: 1_800 * MARKUP,
    measure: 'perM2',
    tolerance: 0.05,
    calibration: true,
  },
  {
    name: 'Portugal, SICC 2022 residential construction in Lisbon (1,635 EUR/m², × INE 2024–25)',
    input: { ...TYPES.midRise, altoEdificacion: '18', pais: 'Portugal' },
    published: 1_635 * 1.034 * 1.04,
    measure: 'perM2',
    tolerance: 0.3,
  },
  {
    name: 'United States, NAHB 2024 house: construction + overhead + profit of the price (64.4 + 5.7 + 11 %), × RLB 1.045',
    input: { uso: 'housing', anchoEdificacion: '11', largoEdificacion: '11.18', altoEdificacion: '6', pais: 'United States' },
    published: 428_215 * (1 + 5.7 / 64.4 + 11 / 64.4) * 1.045,
    measure: 'total',
    tolerance: 0.15,
  },
  {
    name: 'United States, multifamily hard cost 180–320 USD/ft² (a 2026 guide) for a 20-storey tower',
    input: { ...TYPES.highRise, pais: 'United States' },
    published: 250 * FT2,
    measure: 'perM2',
    tolerance: 0.2,
  },
  {
    name: 'United States, a large distribution centre (75 USD/ft², Cushman & Wakefield 2024)',
    input: { uso: 'warehouse', anchoEdificacion: '200', largoEdificacion: '418', altoEdificacion: '12', pais: 'United States' },
    published: 75 * FT2,
    measure: 'perM2',
    tolerance: 0.2,
  },
  {
    name: 'Uruguay, promoted housing 1,600–1,800 USD/m² (APPCU, 2021) for an 8-storey block',
    input: { ...TYPES.midRise, pais: 'Uruguay' },
    published: 1_700,
    measure: 'perM2',
    tolerance: 0.15,
  },
  // --- building types not covered above, and countries priced by the survey
  {
    name: 'Canada, Altus 2022 Greater Toronto condo of up to 6 storeys (230–305 CAD/ft², 2022 prices)',
    input: { ...TYPES.lowRise, pais: 'Canadá' },
    published: 267.5 * FT2,
    measure: 'perM2',
    tolerance: 0.2,
  },
  {
    name: 'Canada, Altus 2022 Greater Toronto condo of up to 12 storeys (275–355 CAD/ft², 2022 prices)',
    input: { ...TYPES.midRise, altoEdificacion: '31', pais: 'Canadá' },
    published: 315 * FT2,
    measure: 'perM2',
    tolerance: 0.2,
  },
  {
    name: 'Saudi Arabia, Turner & Townsend Riyadh offices (2,266 USD/m², 2025), by the survey',
    input: { ...TYPES.office, altoEdificacion: '40', pais: 'Arabia Saudí' },
    published: 2_266,
    measure: 'usdPerM2',
    tolerance: 0.2,
  },
  {
    name: 'Ireland, Turner & Townsend Dublin apartments (3,666.9 USD/m², 2025), by the survey',
    input: { ...TYPES.highRise, pais: 'Irlanda' },
    published: 3_666.9,
    measure: 'usdPerM2',
    tolerance: 0.3,
  },
  // --- times
  {
    name: 'US house build time (Census SOC 2024: 7.6 months)',
    input: { uso: 'housing', anchoEdificacion: '11', largoEdificacion: '11.18', altoEdificacion: '6', pais: 'United States' },
    published: 7.6 * 4.345,
    measure: 'build',
    tolerance: 0.1,
    calibration: true,
  },
  {
    name: '50,000 sq ft US warehouse build (7 months)',
    input: { uso: 'warehouse', anchoEdificacion: '68.16', largoEdificacion: '68.16', altoEdificacion: '10', pais: 'United States' },
    published: 7 * 4.345,
    measure: 'build',
    tolerance: 0.1,
    calibration: true,
  },
  {
    name: '150,000 sq ft US warehouse build (10 months)',
    input: { uso: 'warehouse', anchoEdificacion: '118.06', largoEdificacion: '118.06', altoEdificacion: '10', pais: 'United States' },
    published: 10 * 4.345,
    measure: 'build',
    tolerance: 0.1,
  },
  {
    name: '27-storey concrete apartment tower in Detroit (19.5 months)',
    input: { uso: 'housing', anchoEdificacion: '25', largoEdificacion: '30', altoEdificacion: '83.7', pais: 'United States' },
    published: 19.5 * 4.345,
    measure: 'build',
    tolerance: 0.1,
    calibration: true,
  },
  {
    name: 'A typical 45–50-storey high-rise in Chicago (about two years)',
    input: { uso: 'housing', anchoEdificacion: '30', largoEdificacion: '30', altoEdificacion: '147', pais: 'United States' },
    published: 24 * 4.345,
    measure: 'build',
    tolerance: 0.15,
  },
  {
    name: 'A 5-level apartment building in Mexico City (14–18 months)',
    input: { uso: 'housing', anchoEdificacion: '15', largoEdificacion: '20', altoEdificacion: '15.5', pais: 'México' },
    published: 16 * 4.345,
    measure: 'build',
    tolerance: 0.2,
  },
  {
    name: 'A 150–200 m² house in Mexico City (8–12 months)',
    input: { uso: 'housing', anchoEdificacion: '10', largoEdificacion: '9', altoEdificacion: '6', pais: 'México' },
    published: 10 * 4.345,
    measure: 'build',
    tolerance: 0.33,
  },
  {
    name: 'US buildings of 2–4 units (Census: 15.3 months from permit to completion, less 1.4 to start)',
    input: { uso: 'housing', anchoEdificacion: '12', largoEdificacion: '20', altoEdificacion: '9.3', pais: 'United States' },
    published: (15.3 - 1.4) * 4.345,
    measure: 'build',
    tolerance: 0.25,
  },
  {
    name: 'US buildings of 20 units or more (Census: 22.1 months from permit to completion, less 1.4)',
    input: { uso: 'housing', anchoEdificacion: '25', largoEdificacion: '40', altoEdificacion: '15.5', pais: 'United States' },
    published: (22.1 - 1.4) * 4.345,
    measure: 'build',
    tolerance: 0.25,
  },
];

/** What an example compares: the total, the cost per m² in the currency or in dollars, or the build weeks. */
function measured(e: Estimate, measure: Example['measure']): number {
  if (measure === 'total') return e.cost.total.expected;
  if (measure === 'perM2') return e.cost.perM2.expected;
  if (measure === 'usdPerM2') return e.cost.expectedUsd! / e.quantities.builtArea;
  return build(e);
}

describe('worked examples against published figures', () => {
  for (const example of EXAMPLES)
    it(`${example.calibration ? '(calibration) ' : ''}${example.name}`, () => {
      const error = measured(made(example.input), example.measure) / example.published - 1;
      expect(example.tolerance).toBeLessThan(0.35);
      expect(Math.abs(error), `error ${(error * 100).toFixed(1)} %`).toBeLessThanOrEqual(example.tolerance);
    });

  it('has one for every country with figures of its own and for every building type', () => {
    const examples = EXAMPLES.filter((x) => x.measure !== 'build').map((x) => made(x.input));
    for (const code of Object.keys(DATA.countries).filter((c) => Object.keys(DATA.countries[c]!.costs).length))
      expect(
        examples.some((e) => e.region === code),
        code,
      ).toBe(true);
    for (const type of BUILDING_TYPES)
      expect(
        examples.some((e) => e.type === type),
        type,
      ).toBe(true);
    // and some that are not the figure coming back
    for (const type of BUILDING_TYPES)
      expect(
        EXAMPLES.some((x) => !x.calibration && x.measure !== 'build' && made(x.input).type === type),
        type,
      ).toBe(true);
  });
});
