// @vitest-environment node
// The three worked examples of issue 16, computed by hand from data.json (the arithmetic is in the
// comments), so a change to a figure or a formula shows up here as a changed step.
import { describe, expect, it } from 'vitest';
import { estimate, regionOf, type Estimate, type EstimateInput } from '@obra/estimate';

const made = (input: EstimateInput): Estimate => {
  const result = estimate(input);
  if (!result.complete) throw new Error(`incomplete: ${result.missing.join(', ')}`);
  return result;
};
const trade = (e: Estimate, name: string) => e.cost.trades.find((t) => t.trade === name)!;
const weeks = (e: Estimate) => Object.fromEntries(e.time.stages.map((s) => [s.stage, s.weeks]));
const materials = (e: Estimate) => Object.fromEntries(e.materials.map((m) => [m.key, `${m.quantity} ${m.unit}`]));

describe('an 8 × 12 m two-storey house in confined masonry, gable clay-tile roof, Medellín', () => {
  const house = made({
    anchoEdificacion: '8',
    largoEdificacion: '12',
    altoEdificacion: '6',
    uso: 'housing',
    sistemaConstructivo: 'mamposteria-confinada',
    diseno: 'Doble pendiente',
    materialCubierta: 'Arcilla/Concreto',
    tipoFachada: 'Tradicional',
    materialFachada: 'Ladrillo',
    zona: 'zone2',
    estadoProyecto: 'Nueva',
    etapaProyecto: 'Concepcion',
    pais: 'Colombia',
    departamento: 'Antioquia',
    ciudad: 'Medellín',
  });

  it('measures the building', () => {
    expect(house.region).toBe('CO');
    expect(house.family).toBe('building');
    expect(house.quantities).toEqual({
      landArea: 0, // no land measured
      footprint: 96, // 8 × 12
      floors: 2, // round(6 m / 3 m per storey)
      builtArea: 192, // 96 × 2
      roofArea: 105.89, // 96 × 1.103 (gable ~25°) = 105.888
      facadeArea: 240, // 2 × (8 + 12) × 6
      openingsArea: 36, // 240 × 0.15
      wallArea: 204, // 240 − 36
    });
  });

  it('costs each trade in COP from the sourced rate, ±25 % in total', () => {
    expect(house.cost.currency).toBe('COP');
    expect(house.cost.ratePerM2).toBe(2_469_852); // 2,310,000 COP/m² × 1.034² (1.0692)
    expect(trade(house, 'structure').expected).toBe(142_263_475); // 2,469,852 × 0.30 × 192 × 1 (masonry is the reference)
    expect(trade(house, 'envelope').expected).toBe(71_131_738); // × 0.15 × 192 × 1 (traditional wall) × 1 (brick)
    expect(trade(house, 'roof').expected).toBe(20_922_610); // × 0.08 × 105.89 m² of roof × 1 (clay tile)
    expect(trade(house, 'finishes').expected).toBe(104_326_548); // × 0.22 × 192
    expect(trade(house, 'installations').expected).toBe(71_131_738); // × 0.15 × 192
    expect(trade(house, 'designPermits').expected).toBe(47_421_158); // × 0.10 × 192
    // Σ trades = 457,197,267; the level figures (base, zone) are ±25 %: shares only move cost between trades
    expect(house.cost.uncertainty).toBe(0.25);
    expect(house.cost.total).toEqual({ low: 342_897_950, expected: 457_197_267, high: 571_496_584 });
    expect(house.cost.perM2).toEqual({ low: 1_785_927, expected: 2_381_236, high: 2_976_545 }); // total / 192
    // A trade carries its unsourced share's ±40 %
    expect(trade(house, 'structure')).toMatchObject({ low: 85_358_085, high: 199_168_865, uncertainty: 0.4 });
  });

  it('lists the materials', () => {
    expect(materials(house)).toEqual({
      concrete: '28.8 m³', // 192 × 0.15
      rebar: '2880 kg', // 192 × 15
      blocks: '2550 units', // 204 m² of wall × 12.5
      roofTiles: '1801 units', // 105.89 × 17 = 1800.13, rounded up
      faceBricks: '11220 units', // 204 × 55
      openings: '36 m²',
    });
  });

  it('times every stage from the concept', () => {
    expect(weeks(house)).toEqual({
      design: 6, // ceil(4 + 192 / 100)
      permits: 10, // ceil(65 days / 7)
      construction: 16, // ceil(192 / 12 m² a week)
      finishes: 10, // ceil(192 / 20)
    });
    expect(house.time.totalWeeks).toBe(42);
    expect(house.time.stages.map((s) => s.start)).toEqual([0, 6, 16, 32]);
  });
});

describe('a 20 × 40 m steel warehouse with a single-pitch sandwich-panel roof', () => {
  const warehouse = made({
    anchoEdificacion: '20',
    largoEdificacion: '40',
    altoEdificacion: '8',
    uso: 'warehouse',
    sistemaConstructivo: 'steel-framing',
    diseno: 'Una sola pendiente',
    materialCubierta: 'Panel Sandwich',
    tipoFachada: 'Ligeras',
    materialFachada: 'Panel Sandwich',
    zona: 'zone3',
    estadoProyecto: 'Nueva',
    etapaProyecto: 'Planificacion y Diseno',
    pais: 'Colombia',
  });

  it('measures a single-storey shed', () => {
    expect(warehouse.family).toBe('industrial');
    expect(warehouse.quantities).toMatchObject({
      footprint: 800, // 20 × 40
      floors: 1, // a shed is one storey whatever its height
      builtArea: 800,
      roofArea: 812, // 800 × 1.015 (single pitch ~10°)
      facadeArea: 960, // 2 × 60 × 8
      openingsArea: 48, // 960 × 0.05
      wallArea: 912,
    });
  });

  it('costs it from the unsourced warehouse rate, ±40 %', () => {
    expect(warehouse.cost.ratePerM2).toBe(1_200_000);
    expect(trade(warehouse, 'structure').expected).toBe(336_000_000); // 1.2 M × 0.35 × 800 × (1.05 / 1.05: steel is the industrial reference)
    expect(trade(warehouse, 'envelope').expected).toBe(163_200_000); // × 0.20 × 800 × 0.85 (lightweight) × (0.90 / 0.90)
    expect(trade(warehouse, 'roof').expected).toBe(194_880_000); // × 0.20 × 812 × 1
    expect(trade(warehouse, 'finishes').expected).toBe(67_200_000); // × 0.07 × 800
    expect(trade(warehouse, 'installations').expected).toBe(96_000_000); // × 0.10 × 800
    expect(trade(warehouse, 'designPermits').expected).toBe(76_800_000); // × 0.08 × 800; industrial zone × 1.00
    expect(warehouse.cost.uncertainty).toBe(0.4);
    expect(warehouse.cost.total).toEqual({ low: 560_448_000, expected: 934_080_000, high: 1_307_712_000 });
    expect(warehouse.cost.perM2.expected).toBe(1_167_600); // 934,080,000 / 800
  });

  it('lists steel, slab and panels', () => {
    expect(materials(warehouse)).toEqual({
      steel: '24000 kg', // 800 × 30
      concrete: '120 m³', // 800 × 0.15
      roofPanels: '852.6 m²', // 812 × 1.05
      facadePanels: '957.6 m²', // 912 × 1.05
      openings: '48 m²',
    });
  });

  it('times it from planning and design', () => {
    expect(weeks(warehouse)).toEqual({
      design: 12, // ceil(4 + 800 / 100)
      permits: 10,
      construction: 18, // ceil(800 / (15 × 3)) = ceil(17.78)
      finishes: 10, // 800 / 80
    });
    expect(warehouse.time.totalWeeks).toBe(50);
  });
});

describe('a remodel at the finishing stage (10 × 8 m flat, Madrid)', () => {
  const remodel = made({
    anchoEdificacion: '10',
    largoEdificacion: '8',
    altoEdificacion: '3',
    uso: 'housing',
    sistemaConstructivo: 'concreto-reforzado',
    diseno: 'Plano',
    materialCubierta: 'Asfalticos',
    tipoFachada: 'Sistema SATE',
    materialFachada: 'Madera',
    zona: 'zone2',
    estadoProyecto: 'Remodelacion/Adecuacion',
    etapaProyecto: 'Finalizacion de obra',
    pais: 'España',
    ciudad: 'Madrid',
  });

  it('is in euros, one storey, flat roof', () => {
    expect(remodel.region).toBe('ES');
    expect(remodel.cost.currency).toBe('EUR');
    expect(remodel.quantities).toMatchObject({
      footprint: 80,
      floors: 1,
      builtArea: 80,
      roofArea: 80,
      facadeArea: 108,
      openingsArea: 16.2,
      wallArea: 91.8,
    });
  });

  it('scales each trade by its remodel factor', () => {
    expect(remodel.cost.ratePerM2).toBe(740); // FIVE's MBE, EUR/m²
    expect(trade(remodel, 'structure').expected).toBe(3907); // 740 × 0.30 × 80 × 1.10 (concrete) × 0.20 (remodel) = 3907.2
    expect(trade(remodel, 'envelope').expected).toBe(5861); // 740 × 0.15 × 80 × 1.20 (ETICS) × 1.10 (wood) × 0.50 = 5860.8
    expect(trade(remodel, 'roof').expected).toBe(2013); // 740 × 0.08 × 80 × 0.85 (asphalt) × 0.50 = 2012.8
    expect(trade(remodel, 'finishes').expected).toBe(13_024); // 740 × 0.22 × 80 × 1.00
    expect(trade(remodel, 'installations').expected).toBe(7104); // 740 × 0.15 × 80 × 0.80
    expect(trade(remodel, 'designPermits').expected).toBe(3552); // 740 × 0.10 × 80 × 0.60
    expect(remodel.cost.total).toEqual({ low: 21_277, expected: 35_461, high: 49_645 }); // ±40 %: unsourced factors
    expect(remodel.cost.perM2.expected).toBe(443); // 35,461 / 80
  });

  it('counts only the finishes still to do', () => {
    expect(remodel.time.stages).toEqual([
      { stage: 'design', weeks: 0, start: 0, done: true },
      { stage: 'permits', weeks: 0, start: 0, done: true },
      { stage: 'construction', weeks: 0, start: 0, done: true },
      { stage: 'finishes', weeks: 4, start: 0, done: false }, // 80 / 20
    ]);
    expect(remodel.time.totalWeeks).toBe(4);
  });

  it('scales the materials of each trade too', () => {
    expect(materials(remodel)).toEqual({
      concrete: '2.4 m³', // 80 × 0.15 × 0.20
      rebar: '240 kg', // 80 × 15 × 0.20
      blocks: '230 units', // 91.8 × 12.5 × 0.20 = 229.5
      asphaltShingles: '44 m²', // 80 × 1.10 × 0.50
      timberCladding: '50.5 m²', // 91.8 × 1.10 × 0.50 = 50.49
      openings: '8.1 m²', // 16.2 × 0.50
    });
  });
});

describe('inputs', () => {
  it('needs the three building dimensions, positive', () => {
    expect(estimate({})).toEqual({ complete: false, missing: ['anchoEdificacion', 'largoEdificacion', 'altoEdificacion'] });
    expect(estimate({ anchoEdificacion: '8', largoEdificacion: '0', altoEdificacion: 'x' })).toEqual({
      complete: false,
      missing: ['largoEdificacion', 'altoEdificacion'],
    });
  });

  it('fills empty choices with the reference and says so', () => {
    const e = made({ anchoEdificacion: '10', largoEdificacion: '10', altoEdificacion: '3,0' });
    expect(e.defaulted).toEqual([
      'uso',
      'sistemaConstructivo',
      'diseno',
      'materialCubierta',
      'tipoFachada',
      'materialFachada',
      'zona',
      'estadoProyecto',
      'etapaProyecto',
    ]);
    expect(e.choices.sistemaConstructivo).toBe('mamposteria-confinada');
    // the reference house costs exactly the base rate per m²: 100 m² × 2,469,852 (Σ shares = 1)
    expect(e.cost.total.expected).toBe(246_985_200);
  });

  it('picks the currency from the country', () => {
    expect(regionOf('').currency).toBe('COP');
    expect(regionOf('colombia').code).toBe('CO');
    expect(regionOf('Spain')).toMatchObject({ code: 'ES', currency: 'EUR' });
    expect(regionOf('Estados Unidos')).toMatchObject({ code: 'US', currency: 'USD' });
    // any other country: the US figures × the (unsourced) regional factor, ±45 %
    const mexico = made({ anchoEdificacion: '10', largoEdificacion: '10', altoEdificacion: '3', pais: 'México' });
    expect(mexico.region).toBe('other');
    expect(mexico.cost.currency).toBe('USD');
    expect(mexico.cost.ratePerM2).toBe(2153); // 200 USD/ft² × 10.7639 × 1.0 = 2152.78
    expect(mexico.cost.uncertainty).toBe(0.45);
  });
});
