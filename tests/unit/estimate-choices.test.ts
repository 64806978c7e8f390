// @vitest-environment node
// What the estimate distinguishes and what it no longer does (docs/estimate.md): the construction
// system, roof and facade do not change the expected cost but widen its range; the zone is not
// read; factory-made systems are faster; a remodel keeps the structure; the materials follow the
// structure; the licence time is the country's residential figure for housing, else Doing Business's.
import { describe, expect, it } from 'vitest';
import { CONSTRUCTION_SYSTEMS, FACADE_MATERIALS, ROOF_DESIGNS, ROOF_MATERIALS, ZONES } from '@obra/schema';
import { DATA, FALLBACK_PERMITS, valueOf, type EstimateInput } from '@obra/estimate';
import { build, made } from './support/estimate.ts';

// A one-storey house of 100 m² in Colombia: its roof is its floor, so every trade is driven by 100 m².
const HOUSE: EstimateInput = { uso: 'housing', anchoEdificacion: '10', largoEdificacion: '10', altoEdificacion: '3', pais: 'Colombia' };

describe('what does not change the expected cost', () => {
  it('the roof and facade: no published factor, the country figure sets the cost; the systems a source prices move it', () => {
    const reference = made(HOUSE).cost.total.expected;
    const factor = valueOf(DATA.systemFactors['paneles-prefabricados']!);
    expect(factor).toBeCloseTo(1369 / 1800, 6);
    for (const sistemaConstructivo of CONSTRUCTION_SYSTEMS) {
      const totals = new Set<number>();
      for (const materialCubierta of ROOF_MATERIALS)
        for (const materialFachada of FACADE_MATERIALS)
          totals.add(made({ ...HOUSE, sistemaConstructivo, materialCubierta, materialFachada }).cost.total.expected);
      // Uruguay's Ministry of Housing: industrialised systems at 0.761 of traditional construction
      const priced = DATA.systemFactors[sistemaConstructivo];
      expect(totals.size, sistemaConstructivo).toBe(1);
      expect([...totals][0]! / reference, sistemaConstructivo).toBeCloseTo(priced ? factor : 1, 3);
    }
    // a priced system is a level of the cost: it is named among the drivers, and it never widens as unpriced
    const panels = made({ ...HOUSE, sistemaConstructivo: 'paneles-prefabricados' });
    expect(panels.cost.drivers.map((d) => d.driver).sort()).toEqual(['country', 'systemFactor']);
    expect(panels.cost.uncertainty).toBe(made(HOUSE).cost.uncertainty);
    // the factor is read against masonry houses: a concrete tower in light steel widens instead
    const tower = made({
      ...HOUSE,
      anchoEdificacion: '25',
      largoEdificacion: '25',
      altoEdificacion: '62',
      sistemaConstructivo: 'steel-framing',
    });
    expect(tower.cost.uncertainty).toBeGreaterThan(
      made({ ...HOUSE, anchoEdificacion: '25', largoEdificacion: '25', altoEdificacion: '62' }).cost.uncertainty,
    );
  });

  it('but one other than the reference widens the range by its trade share: nothing to double of that trade', () => {
    const shares = DATA.tradeShares;
    const reference = made(HOUSE);
    // Colombia's own house figure: its range alone
    const base = DATA.countries.CO!.costs.house!.range!;
    expect(reference.cost.uncertainty).toBe(base);
    const timber = made({ ...HOUSE, sistemaConstructivo: 'madera-laminada' });
    expect(timber.cost.uncertainty).toBeCloseTo(base + valueOf(shares.structure), 10);
    expect(timber.cost.drivers).toEqual([
      { driver: 'country', range: base },
      { driver: 'system', range: valueOf(shares.structure) },
    ]);
    const structure = timber.cost.trades.find((t) => t.trade === 'structure')!;
    expect(structure.low).toBe(0);
    expect(Math.abs(structure.high - 2 * structure.expected)).toBeLessThanOrEqual(1);
    // Roof design or material, wall type or facade material: the roof's and the envelope's shares, once each.
    const all = made({
      ...HOUSE,
      sistemaConstructivo: 'bambu',
      diseno: 'Arco',
      materialCubierta: 'Asfalticos',
      tipoFachada: 'Ventilada',
      materialFachada: 'Vidrio',
    });
    const widened = valueOf(shares.structure) + valueOf(shares.roof) + valueOf(shares.envelope);
    expect(all.cost.uncertainty).toBeCloseTo(base + widened, 10);
    expect(made({ ...HOUSE, diseno: 'Arco', materialCubierta: 'Asfalticos' }).cost.uncertainty).toBeCloseTo(
      base + valueOf(shares.roof),
      10,
    );
    // A remodel keeps the structure: its system widens nothing.
    expect(
      made({ ...HOUSE, sistemaConstructivo: 'steel-framing', estadoProyecto: 'Remodelacion/Adecuacion' })
        .cost.drivers.map((d) => d.driver)
        .sort(),
    ).toEqual(['country', 'remodel']);
  });

  it("the reference is what the type's figures describe: a concrete frame for towers, blocks of 5 storeys and more and offices", () => {
    const drivers = (input: EstimateInput) => made({ ...HOUSE, ...input }).cost.drivers.map((d) => d.driver);
    const tower = { anchoEdificacion: '25', largoEdificacion: '25', altoEdificacion: '62' };
    expect(drivers({ ...tower, sistemaConstructivo: 'concreto-reforzado' })).not.toContain('system');
    expect(drivers({ ...tower, sistemaConstructivo: 'mamposteria-confinada' })).toContain('system');
    expect(drivers({ sistemaConstructivo: 'concreto-reforzado' })).toContain('system');
    expect(made({ ...HOUSE, ...tower }).choices.sistemaConstructivo).toBe('concreto-reforzado');
    expect(made({ ...HOUSE, ...tower }).defaulted).toContain('sistemaConstructivo');
  });

  it('the zone is not read, nor is the roof pitch measured: same quantities, cost and weeks', () => {
    const reference = made(HOUSE);
    for (const zona of ZONES) {
      // The form's value, as a stored report passes it (a field the estimate does not read).
      const row: Record<string, string> = { ...HOUSE, zona };
      const e = made(row);
      expect([e.quantities, e.cost.total, e.cost.uncertainty, e.time.totalWeeks]).toEqual([
        reference.quantities,
        reference.cost.total,
        reference.cost.uncertainty,
        reference.time.totalWeeks,
      ]);
    }
    for (const diseno of ROOF_DESIGNS) expect(made({ ...HOUSE, diseno }).quantities).toEqual(reference.quantities);
  });
});

describe('what the choices change', () => {
  it('a factory-made system takes 0.65 of the weeks of one built on site (McKinsey); on-site systems all take the reference', () => {
    const onSite = build(made({ ...HOUSE, sistemaConstructivo: 'mamposteria-confinada' }));
    for (const sistemaConstructivo of CONSTRUCTION_SYSTEMS) {
      const weeks = build(made({ ...HOUSE, sistemaConstructivo }));
      if (DATA.factoryMade.includes(sistemaConstructivo))
        expect(Math.abs(weeks - 0.65 * onSite), sistemaConstructivo).toBeLessThanOrEqual(2);
      else expect(weeks, sistemaConstructivo).toBe(onSite);
    }
  });

  it('lists the structure of every system with a published rate, footings, the ground slab and partitions', () => {
    const keys = (sistemaConstructivo: string, uso = 'housing') => made({ ...HOUSE, uso, sistemaConstructivo }).materials.map((m) => m.key);
    const rest = ['concrete', 'rebar', 'partitions', 'roofTiles', 'faceBricks', 'openings'];
    expect(keys('mamposteria-confinada')).toEqual(['concrete', 'rebar', 'blocks', 'partitions', 'roofTiles', 'faceBricks', 'openings']);
    expect(keys('concreto-prefabricado')).toEqual(['concrete', 'rebar', 'precastSlabs', ...rest.slice(2)]);
    expect(keys('madera-laminada')).toEqual(['timber', ...rest]);
    expect(keys('bambu')).toEqual(['bamboo', ...rest]);
    expect(keys('tierra')).toEqual(['earth', ...rest]);
    // No published weight of a light steel frame: footings, slab and partitions only.
    expect(keys('steel-framing')).toEqual(rest);
    // A 10 m steel shed: its frame at the 10 m span's rate, footings and an 8-inch slab on grade.
    const shed = made({ ...HOUSE, uso: 'warehouse', sistemaConstructivo: 'steel-framing' });
    expect(shed.materials.slice(0, 3)).toEqual([
      { key: 'steel', quantity: 1875, unit: 'kg' },
      { key: 'concrete', quantity: 25.3, unit: 'm³' },
      { key: 'rebar', quantity: 250, unit: 'kg' },
    ]);
  });

  it("grows concrete and steel per m² with the storeys, and a shed's steel with its span", () => {
    const perM2 = (storeys: number) => {
      const e = made({ ...HOUSE, sistemaConstructivo: 'concreto-reforzado', altoEdificacion: String(storeys * 3.1) });
      const of = (key: string) => e.materials.find((m) => m.key === key)!.quantity / e.quantities.builtArea;
      return [of('concrete'), of('rebar')];
    };
    const [low, mid, high] = [perM2(8), perM2(18), perM2(40)];
    expect(mid[0]).toBeGreaterThan(low[0]!);
    expect(high[0]).toBeGreaterThan(mid[0]!);
    expect(mid[1]).toBeGreaterThan(low[1]!);
    expect(high[1]).toBeGreaterThan(mid[1]!);
    const steel = (span: string) => {
      const shed = made({
        ...HOUSE,
        uso: 'warehouse',
        sistemaConstructivo: 'steel-framing',
        anchoEdificacion: span,
        largoEdificacion: '60',
      });
      return shed.materials.find((m) => m.key === 'steel')!.quantity / shed.quantities.builtArea;
    };
    expect(steel('8')).toBeCloseTo(18.75, 1);
    expect(steel('20')).toBeGreaterThan(steel('12'));
    expect(steel('40')).toBeGreaterThan(steel('20'));
    expect(steel('45')).toBeCloseTo(40, 0);
  });

  it('a remodel keeps the structure: the other trades at new prices, the weeks of the area that costs as much', () => {
    const fresh = made(HOUSE);
    const remodel = made({ ...HOUSE, estadoProyecto: 'Remodelacion/Adecuacion' });
    const structure = valueOf(DATA.tradeShares.structure);
    expect(remodel.cost.trades.find((t) => t.trade === 'structure')!.expected).toBe(0);
    expect(Math.abs(remodel.cost.total.expected / fresh.cost.total.expected - (1 - structure))).toBeLessThan(0.001);
    expect(remodel.cost.drivers.map((d) => d.driver).sort()).toEqual(['country', 'remodel']);
    // weeks ∝ area^0.3247: (1 − 0.2703)^0.3247 = 0.903 of the new building's
    const ratio = (1 - structure) ** valueOf(DATA.time.scaleExponent);
    expect(Math.abs(build(remodel) - ratio * build(fresh))).toBeLessThanOrEqual(2);
    expect(build(remodel)).toBeLessThan(build(fresh));
  });
});

describe('licence time', () => {
  const weeks = (input: EstimateInput) => made({ ...HOUSE, ...input }).time.stages.find((s) => s.stage === 'permits')!.weeks;

  it("is the country's residential figure for housing where one was published, else its Doing Business 2020 figure", () => {
    expect(weeks({ pais: 'Colombia' })).toBe(Math.ceil(132 / 7));
    expect(weeks({ pais: 'United States' })).toBe(Math.ceil(80.6 / 7));
    // Spain: 12 months for a new-build licence (ASPRIMA and EY); an office takes Doing Business's warehouse figure.
    expect(weeks({ pais: 'España' })).toBe(Math.ceil(12 * 4.345));
    expect(weeks({ pais: 'España', uso: 'commercial' })).toBe(Math.ceil(147 / 7));
    expect(weeks({ pais: 'Chile' })).toBe(Math.ceil(468 / 7));
  });

  it('is the median of the Doing Business figures where none was published (Cuba, Germany)', () => {
    expect(FALLBACK_PERMITS.value).toBe(147);
    for (const pais of ['Cuba', 'Alemania']) {
      const e = made({ ...HOUSE, pais });
      expect(e.time.stages.find((s) => s.stage === 'permits')!.weeks).toBe(21);
      expect(e.time.uncertainty).toBe(0.5);
    }
  });
});
