// @vitest-environment node
// What the estimate distinguishes and what it no longer does (docs/estimate.md): the construction
// system, roof and facade do not change the expected cost but widen its range; the zone is not
// read; factory-made systems are faster; a remodel keeps the structure; the licence time is the
// country's Doing Business figure.
import { describe, expect, it } from 'vitest';
import { CONSTRUCTION_SYSTEMS, FACADE_MATERIALS, ROOF_DESIGNS, ROOF_MATERIALS, ZONES } from '@obra/schema';
import { DATA, FALLBACK_PERMITS, regionOf, valueOf, type EstimateInput } from '@obra/estimate';
import { build, made } from './support/estimate.ts';

// A one-storey house of 100 m² in Colombia: its roof is its floor, so every trade is driven by 100 m².
const HOUSE: EstimateInput = { uso: 'housing', anchoEdificacion: '10', largoEdificacion: '10', altoEdificacion: '3', pais: 'Colombia' };

describe('what does not change the expected cost', () => {
  it('the construction system, roof and facade: no published factor, the country figure sets the cost', () => {
    const totals = new Set<number>();
    for (const sistemaConstructivo of CONSTRUCTION_SYSTEMS)
      for (const materialCubierta of ROOF_MATERIALS)
        for (const materialFachada of FACADE_MATERIALS)
          totals.add(made({ ...HOUSE, sistemaConstructivo, materialCubierta, materialFachada }).cost.total.expected);
    expect([...totals]).toEqual([made(HOUSE).cost.total.expected]);
  });

  it('but one other than the reference widens the range by its trade share: nothing to double of that trade', () => {
    const shares = DATA.tradeShares;
    const reference = made(HOUSE);
    expect(reference.cost.uncertainty).toBe(0.25);
    const steel = made({ ...HOUSE, sistemaConstructivo: 'steel-framing' });
    expect(steel.cost.uncertainty).toBeCloseTo(0.25 + valueOf(shares.structure), 10);
    expect(steel.cost.drivers).toEqual([
      { driver: 'system', range: valueOf(shares.structure) },
      { driver: 'country', range: 0.25 },
    ]);
    const structure = steel.cost.trades.find((t) => t.trade === 'structure')!;
    expect(structure.low).toBe(0);
    expect(Math.abs(structure.high - 2 * structure.expected)).toBeLessThanOrEqual(1);
    // Roof design or material, wall type or facade material: the roof's and the envelope's shares, once each.
    const all = made({
      ...HOUSE,
      sistemaConstructivo: 'modular',
      diseno: 'Arco',
      materialCubierta: 'Asfalticos',
      tipoFachada: 'Ventilada',
      materialFachada: 'Vidrio',
    });
    const widened = valueOf(shares.structure) + valueOf(shares.roof) + valueOf(shares.envelope);
    expect(all.cost.uncertainty).toBeCloseTo(0.25 + widened, 10);
    expect(made({ ...HOUSE, diseno: 'Arco', materialCubierta: 'Asfalticos' }).cost.uncertainty).toBeCloseTo(
      0.25 + valueOf(shares.roof),
      10,
    );
    // A remodel keeps the structure: its system widens nothing.
    expect(
      made({ ...HOUSE, sistemaConstructivo: 'steel-framing', estadoProyecto: 'Remodelacion/Adecuacion' }).cost.drivers.map((d) => d.driver),
    ).toEqual(['remodel', 'country']);
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

  it('lists only materials with a published rate: no structure for light steel, timber or bamboo buildings', () => {
    const keys = (sistemaConstructivo: string, uso = 'housing') => made({ ...HOUSE, uso, sistemaConstructivo }).materials.map((m) => m.key);
    expect(keys('mamposteria-confinada')).toEqual(['concrete', 'rebar', 'blocks', 'roofTiles', 'faceBricks', 'openings']);
    expect(keys('steel-framing')).toEqual(['roofTiles', 'faceBricks', 'openings']);
    expect(keys('bambu')).toEqual(['roofTiles', 'faceBricks', 'openings']);
    expect(keys('tierra')).toEqual(['earth', 'roofTiles', 'faceBricks', 'openings']);
    // A steel shed: its frame per m² covered and an 8-inch slab on grade.
    const shed = made({ ...HOUSE, uso: 'warehouse', sistemaConstructivo: 'steel-framing' });
    expect(shed.materials.slice(0, 2)).toEqual([
      { key: 'steel', quantity: 1875, unit: 'kg' },
      { key: 'concrete', quantity: 20.3, unit: 'm³' },
    ]);
  });

  it('a remodel keeps the structure: the other trades at new prices, the weeks of the area that costs as much', () => {
    const fresh = made(HOUSE);
    const remodel = made({ ...HOUSE, estadoProyecto: 'Remodelacion/Adecuacion' });
    const structure = valueOf(DATA.tradeShares.structure);
    expect(remodel.cost.trades.find((t) => t.trade === 'structure')!.expected).toBe(0);
    expect(Math.abs(remodel.cost.total.expected / fresh.cost.total.expected - (1 - structure))).toBeLessThan(0.001);
    expect(remodel.cost.drivers.map((d) => d.driver)).toEqual(['remodel', 'country']);
    // weeks ∝ area^0.3247: (1 − 0.2703)^0.3247 = 0.903 of the new building's
    const ratio = (1 - structure) ** valueOf(DATA.time.scaleExponent);
    expect(Math.abs(build(remodel) - ratio * build(fresh))).toBeLessThanOrEqual(2);
    expect(build(remodel)).toBeLessThan(build(fresh));
  });
});

describe('licence time', () => {
  it("is the country's Doing Business 2020 figure, even where the cost falls back to the median", () => {
    const weeks = (pais: string) => made({ ...HOUSE, pais }).time.stages.find((s) => s.stage === 'permits')!.weeks;
    expect(weeks('Colombia')).toBe(Math.ceil(132 / 7));
    expect(regionOf('Bolivia')?.fallback).toBe(true);
    expect(weeks('Bolivia')).toBe(Math.ceil(235 / 7));
    expect(weeks('United States')).toBe(Math.ceil(80.6 / 7));
  });

  it('is the median of those figures where none was published (Cuba, a country the form does not list)', () => {
    expect(FALLBACK_PERMITS.value).toBe(147);
    for (const pais of ['Cuba', 'Alemania']) {
      const e = made({ ...HOUSE, pais });
      expect(e.time.stages.find((s) => s.stage === 'permits')!.weeks).toBe(21);
      expect(e.time.uncertainty).toBe(0.5);
    }
  });
});
