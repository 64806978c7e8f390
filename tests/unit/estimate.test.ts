// @vitest-environment node
// The estimate engine over a grid (each use × each system × the smallest, a typical and the largest
// building the use allows × every country the form offers), the cases, and worked examples
// against published figures (docs/estimate.md).
import { describe, expect, it } from 'vitest';
import { CONSTRUCTION_SYSTEMS, DIMENSION_LIMITS } from '@obra/schema';
import { DATA, estimate, FALLBACK_HOUSING, money, OFFERED_COUNTRIES, regionOf, usdPer, valueOf, type EstimateInput } from '@obra/estimate';
import { build, made } from './support/estimate.ts';

const USES = ['housing', 'commercial', 'institutional', 'warehouse', 'factory', 'other'];
const SYSTEMS = CONSTRUCTION_SYSTEMS;
/** Width, length and height: the smallest building, a typical one, and the largest footprint and height the use allows. */
const sizes = (uso: string): Record<string, [string, string, string]> => {
  const { side, height, footprint } = DIMENSION_LIMITS.uses[uso as keyof typeof DIMENSION_LIMITS.uses];
  const min = String(DIMENSION_LIMITS.min);
  return { small: [min, min, min], typical: ['10', '20', '6'], huge: [String(footprint / side), String(side), String(height)] };
};
// The names as the location field stores them (es for most, en for some), plus a country with no figures.
const COUNTRIES = [
  ...OFFERED_COUNTRIES.map((code) => new Intl.DisplayNames([code === 'US' ? 'en' : 'es'], { type: 'region' }).of(code)!),
  'Alemania',
];

describe('the grid: every use × system × size × country', () => {
  const rows = USES.flatMap((uso) =>
    SYSTEMS.flatMap((sistemaConstructivo) =>
      Object.entries(sizes(uso)).flatMap(([size, [anchoEdificacion, largoEdificacion, altoEdificacion]]) =>
        COUNTRIES.map((pais) => ({
          size,
          e: made({ uso, sistemaConstructivo, anchoEdificacion, largoEdificacion, altoEdificacion, pais }),
        })),
      ),
    ),
  );

  it('covers every combination', () => {
    expect(rows).toHaveLength(USES.length * SYSTEMS.length * 3 * COUNTRIES.length);
    expect(new Set(rows.map(({ e }) => e.region))).toEqual(new Set([...OFFERED_COUNTRIES, 'other']));
  });

  it('gives finite, positive figures everywhere: never NaN, Infinity or a negative', () => {
    const numbers = (value: unknown): number[] =>
      typeof value === 'number' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(numbers) : [];
    const bad = rows.flatMap(({ e }) =>
      numbers(e)
        .filter((n) => !(Number.isFinite(n) && n >= 0))
        .map((n) => `${e.region} ${e.choices.uso}: ${n}`),
    );
    expect(bad).toEqual([]);
    const positive = rows.flatMap(({ e }) => [
      e.cost.total.low,
      e.cost.perM2.low,
      e.cost.ratePerM2,
      e.cost.expectedUsd!,
      e.time.totalWeeks,
      e.quantities.builtArea,
    ]);
    expect(positive.filter((n) => !(n > 0))).toEqual([]);
  });

  it('measures every quantity positive and consistent with the others', () => {
    for (const { e } of rows) {
      const q = e.quantities;
      for (const key of ['footprint', 'floors', 'builtArea', 'roofArea', 'facadeArea', 'openingsArea', 'wallArea'] as const)
        expect(q[key]).toBeGreaterThan(0);
      expect(q.builtArea).toBeCloseTo(q.footprint * q.floors, 1);
      expect(q.wallArea + q.openingsArea).toBeCloseTo(q.facadeArea, 1);
      expect(q.roofArea).toBeGreaterThanOrEqual(q.footprint);
      if (e.family === 'industrial') expect(q.floors).toBe(1);
      // Sheets cover exactly the surfaces of the quantities (the report's figures agree).
      const sheet = (key: string) => e.materials.find((m) => m.key === key)?.quantity;
      expect(sheet('openings')).toBeCloseTo(q.openingsArea, 0);
      if (e.choices.materialCubierta === 'Panel Sandwich') expect(sheet('roofPanels')).toBeCloseTo(q.roofArea, 0);
    }
  });

  it('keeps time bounded: weeks grow with size but never past a real programme', () => {
    for (const { e } of rows) {
      expect(e.time.totalWeeks).toBeGreaterThan(0);
      // Construction and finishes each round up to a whole week: at most 2 over the cap.
      expect(build(e)).toBeLessThanOrEqual(valueOf(DATA.time.maxConstructionWeeks) + 2);
      expect(e.time.stages[0]!.weeks).toBeLessThanOrEqual(valueOf(DATA.time.maxDesignWeeks));
    }
    const byKey = new Map(rows.map(({ size, e }) => [`${e.choices.uso} ${e.choices.sistemaConstructivo} ${e.region} ${size}`, e]));
    for (const [key, e] of byKey)
      if (key.endsWith(' small')) expect(build(byKey.get(key.replace(/small$/, 'huge'))!)).toBeGreaterThan(build(e));
  });

  it("keeps the cost per m² within each country's band: 0.4 to 2.5 times its figure for the family", () => {
    for (const { e } of rows) {
      const region = regionOf(e.region === 'other' ? 'Alemania' : e.region)!;
      // The band's centre: the country's own figure of the family (sheds: its warehouse figure, else housing × the industrial ratio).
      const base =
        e.family === 'industrial'
          ? region.warehouse
            ? valueOf(region.warehouse)
            : valueOf(region.housing) * valueOf(DATA.uses.warehouse!)
          : valueOf(region.housing);
      expect(e.cost.currency).toBe(region.currency);
      expect(e.cost.perM2.expected, `${e.region} ${e.choices.uso} ${e.choices.sistemaConstructivo}`).toBeGreaterThan(0.4 * base);
      expect(e.cost.perM2.expected, `${e.region} ${e.choices.uso} ${e.choices.sistemaConstructivo}`).toBeLessThan(2.5 * base);
      expect(e.cost.total.low).toBeLessThan(e.cost.total.expected);
      expect(e.cost.total.high).toBeGreaterThan(e.cost.total.expected);
      expect(e.cost.expectedUsd).toBeGreaterThan(0);
      expect(e.cost.drivers.length).toBeGreaterThan(0);
    }
  });
});

describe("the issue's cases", () => {
  it('an 8 m sandwich-panel storage shed of "other" use is one storey that takes weeks, not years', () => {
    const shed = made({
      uso: 'other',
      sistemaConstructivo: 'paneles-sandwich',
      anchoEdificacion: '30',
      largoEdificacion: '80',
      altoEdificacion: '8',
    });
    expect(shed.family).toBe('industrial');
    expect(shed.quantities.floors).toBe(1);
    expect(shed.quantities.builtArea).toBe(2400);
    expect(build(shed)).toBeLessThan(26);
  });

  it('a 20-storey block takes two to three years to build, not 1,934 weeks', () => {
    // 62 m at the residential floor-to-floor height of 3.1 m (CTBUH)
    const block = made({ uso: 'housing', anchoEdificacion: '20', largoEdificacion: '20', altoEdificacion: '62' });
    expect(block.quantities.floors).toBe(20);
    expect(build(block)).toBeGreaterThan(100);
    expect(build(block)).toBeLessThan(160);
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
    expect(at({ anchoEdificacion: '99999', largoEdificacion: '99999', altoEdificacion: '3' })).toMatchObject({ complete: false });
    expect(at({ uso: 'warehouse', anchoEdificacion: '20', largoEdificacion: '40', altoEdificacion: '1000' })).toEqual({
      complete: false,
      missing: ['altoEdificacion'],
    });
    // No use chosen: the bounds of any building, priced as housing.
    expect(made({ anchoEdificacion: '8', largoEdificacion: '12', altoEdificacion: '1000' }).quantities.floors).toBe(323);
  });

  it('assumes no country: without one there is no estimate, and a country the form does not list is priced in US dollars', () => {
    const house = { uso: 'housing', anchoEdificacion: '8', largoEdificacion: '12', altoEdificacion: '6' };
    expect(estimate(house)).toEqual({ complete: false, missing: ['pais'] });
    expect(estimate({ ...house, pais: '  ' })).toEqual({ complete: false, missing: ['pais'] });
    expect(estimate({ anchoEdificacion: '8' })).toEqual({ complete: false, missing: ['largoEdificacion', 'altoEdificacion', 'pais'] });
    for (const pais of ['Brasil', 'ZZ', 'Narnia'])
      expect(made({ ...house, pais })).toMatchObject({ region: 'other', fallback: true, cost: { currency: 'USD' } });
  });

  it('a Guadalajara house is priced in Mexican pesos, not US dollars', () => {
    const house = made({ uso: 'housing', anchoEdificacion: '8', largoEdificacion: '12', altoEdificacion: '6', pais: 'México' });
    expect(house.region).toBe('MX');
    expect(house.cost.currency).toBe('MXN');
    expect(house.cost.expectedUsd! / house.quantities.builtArea).toBeLessThan(1100);
  });

  it('the PDF and form quantities agree: roof panels are the roof area, windows the openings', () => {
    const e = made({
      uso: 'warehouse',
      materialCubierta: 'Panel Sandwich',
      estadoProyecto: 'Remodelacion/Adecuacion',
      anchoEdificacion: '20',
      largoEdificacion: '40',
      altoEdificacion: '8',
    });
    expect(e.materials.find((m) => m.key === 'roofPanels')!.quantity).toBeCloseTo(e.quantities.roofArea, 0);
    expect(e.materials.find((m) => m.key === 'openings')!.quantity).toBeCloseTo(e.quantities.openingsArea, 0);
  });
});

describe('countries and money', () => {
  it('finds every offered country by its es and en names, the fallback for the rest', () => {
    expect(regionOf('República Dominicana')?.code).toBe('DO');
    expect(regionOf('Dominican Republic')?.code).toBe('DO');
    expect(regionOf('España')?.currency).toBe('EUR');
    expect(regionOf('United States of America')?.code).toBe('US');
    expect(regionOf('')).toBeUndefined();
    const other = regionOf('Alemania')!;
    expect([other.code, other.currency, other.fallback]).toEqual(['other', 'USD', true]);
    expect(regionOf('Guatemala')).toMatchObject({ code: 'GT', currency: 'USD', fallback: true });
  });

  it('derives the fallback as the median of the Latin American figures in US dollars', () => {
    // AR 1,284 · CO 656 · CR 685 · EC 405 · MX 392 · PE 305 · UY 1,800 (USD/m²): median 656
    expect(FALLBACK_HOUSING.value).toBe(656);
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
const EXAMPLES: { name: string; input: EstimateInput; published: number; inUsd?: boolean; tolerance: number }[] = [
  {
    name: 'Mexico, CMIC-CEICO social house of 40 m² (269,727 MXN, Dec 2024, × 1.0452 to Dec 2025)',
    input: { uso: 'housing', anchoEdificacion: '5', largoEdificacion: '8', altoEdificacion: '2.7', pais: 'México' },
    published: 269_727 * 1.0452,
    tolerance: 0.1,
  },
  {
    name: 'Argentina, APYMECO standard 100 m² house (186 M ARS, Sep 2025)',
    input: { uso: 'housing', anchoEdificacion: '10', largoEdificacion: '10', altoEdificacion: '3', pais: 'Argentina' },
    published: 186_000_000,
    tolerance: 0.1,
  },
  {
    name: 'United States, NAHB 2024 average house of 2,647 sq ft ($428,215 construction cost)',
    input: { uso: 'housing', anchoEdificacion: '11', largoEdificacion: '11.18', altoEdificacion: '6', pais: 'United States' },
    published: 428_215,
    tolerance: 0.1,
  },
  {
    name: 'Mexico, a 2026 house at the low end of 8,000–15,000 MXN/m² (Materiales San Cayetano via Expansión), 192 m²',
    input: { uso: 'housing', anchoEdificacion: '8', largoEdificacion: '12', altoEdificacion: '6', pais: 'México' },
    published: 8_000 * 192,
    tolerance: 0.2,
  },
  {
    name: 'Argentina, a standard house at US$1,600–2,000/m² (Reporte Inmobiliario via TN, Oct 2025), 100 m², midpoint',
    input: { uso: 'housing', anchoEdificacion: '10', largoEdificacion: '10', altoEdificacion: '3', pais: 'Argentina' },
    published: 1_800 * 100,
    inUsd: true,
    tolerance: 0.35,
  },
];

describe('worked examples against published figures', () => {
  for (const example of EXAMPLES)
    it(example.name, () => {
      const e = made(example.input);
      const value = example.inUsd ? e.cost.expectedUsd! : e.cost.total.expected;
      const error = value / example.published - 1;
      expect(Math.abs(error), `error ${(error * 100).toFixed(1)} %`).toBeLessThanOrEqual(example.tolerance);
    });

  it('times: the US house takes the Census programme, warehouses the published 7 to 10 months', () => {
    const house = made({ uso: 'housing', anchoEdificacion: '11', largoEdificacion: '11.18', altoEdificacion: '6', pais: 'United States' });
    expect(Math.abs(build(house) / (7.6 * 4.345) - 1)).toBeLessThanOrEqual(0.1);
    // Square warehouses of 50,000 and 150,000 sq ft, the two ends of the published range.
    for (const [sqft, months] of [
      [50_000, 7],
      [150_000, 10],
    ] as const) {
      const side = Math.sqrt(sqft * 0.09290304).toFixed(2);
      const shed = made({ uso: 'warehouse', anchoEdificacion: side, largoEdificacion: side, altoEdificacion: '10', pais: 'United States' });
      expect(Math.abs(build(shed) / (months * 4.345) - 1), `${sqft} sq ft`).toBeLessThanOrEqual(0.1);
    }
  });
});
