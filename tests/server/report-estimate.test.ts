// The report PDF's estimate pages: rendered from a stored row, read back as text, in es and en.
import { describe, expect, it } from 'vitest';
import { reportPdf, type ReportRow } from '@obra/server/testing';
import { overlappingText, pdfPages as pages } from './support/pdf.ts';

const row: ReportRow = {
  id: '1',
  created_at: '2026-11-23T10:00:00Z',
  nombre: 'Ana Pérez',
  correo: 'ana@example.com',
  telefono: '+57 300 1234567',
  pais: 'Colombia',
  departamento: 'Antioquia',
  ciudad: 'Medellín',
  estado_proyecto: 'Nueva',
  etapa_proyecto: 'Concepcion',
  ancho: '10',
  longitud: '20',
  ancho_edificacion: '8',
  largo_edificacion: '12',
  alto_edificacion: '6',
  uso: 'housing',
  uso_especifico: '',
  sistema_constructivo: 'mamposteria-confinada',
  diseno: 'Doble pendiente',
  tipo_fachada: 'Tradicional',
  material_cubierta: 'Arcilla/Concreto',
  material_fachada: 'Ladrillo',
  zona: 'zone2',
  otros: 'paneles-solares',
  image_url: 'https://example.com/x.png',
  prompt: '',
};

describe('the report PDF estimate pages', () => {
  it('adds the quantities, materials, cost by trade, timeline, assumptions and sources in Spanish by default', async () => {
    const text = await pages(await reportPdf(row, undefined));
    expect(text.length).toBeGreaterThanOrEqual(2);
    expect(text[0]).toContain('Reporte de proyecto');
    const estimate = text.slice(1).join(' ');
    for (const heading of [
      'Estimación de materiales, costos y tiempos',
      'Cantidades',
      'Materiales principales',
      'Costo por oficio',
      'Cronograma',
      'Supuestos',
      'Fuentes',
    ]) {
      expect(estimate).toContain(heading);
    }
    // The gable is not the reference flat roof: the roof's share (3.91 %) widens the country's ±25 %.
    expect(estimate).toContain('±34 % en costo y ±40 % en tiempo');
    expect(estimate).toMatch(/Área construida 192 m²/);
    expect(estimate).toContain('Bloques de mampostería 2.652 unidades');
    // Tiles on the roof in plan (96 m² × 34): the gable's slope is not measured.
    expect(estimate).toContain('Tejas 3.264 unidades');
    expect(estimate).toMatch(/Total COP 297\.000\.000 COP 450\.000\.000 COP 602\.000\.000/);
    expect(estimate).toContain(
      'Calculada como vivienda unifamiliar, con las cifras de Ensamble Arquitectura Integral para Colombia (junio de 2024).',
    );
    // footings, slab and partitions are listed, each by its name
    expect(estimate).toContain('Tabiques interiores 45,6 m²');
    expect(estimate).toContain('Precios de Colombia, en COP.');
    expect(estimate).toContain(
      'Lo que ensancha el rango: el costo por m² del país (±30 %), la cubierta elegida (sin factor publicado) (±4 %)',
    );
    expect(estimate).toContain('Diseño y licencias');
    expect(estimate).toContain('Total: 55 semanas desde la etapa actual');
    expect(estimate).toContain('Los extras elegidos');
    // Only the sources this estimate used: Colombia's, none of Spain's or the United States' cost figures.
    expect(estimate).toContain('Costo por m² de vivienda unifamiliar en Colombia: Ensamble Arquitectura Integral (Infobae)');
    // a house takes a house's pace: the multi-storey programmes are not its sources
    expect(estimate).toContain('Tiempo de obra: calibrado con Pro Builder');
    expect(estimate).not.toContain('Concrete Construction');
    expect(estimate).toContain('Reparto por oficios: Pennsylvania Association of Realtors');
    expect(estimate).toContain('Pisos según la altura: OnlineCivil');
    expect(estimate).toContain('Plazo de licencia de Colombia: World Bank, Doing Business 2020');
    expect(estimate).not.toContain('https://www.five.es/modulo-de-edificacion/');
    expect(estimate).not.toContain('Timber Exchange');
    expect(estimate).toContain('Sin fuente publicada');
  });

  it("follows the row's language: English", async () => {
    const text = (await pages(await reportPdf({ ...row, lang: 'en' } as ReportRow, undefined))).join(' ');
    expect(text).toContain('Project report');
    for (const heading of [
      'Materials, cost and time estimate',
      'Quantities',
      'Main materials',
      'Cost by trade',
      'Timeline',
      'Assumptions',
      'Sources',
    ])
      expect(text).toContain(heading);
    expect(text).toMatch(/Built area 192 m²/);
    expect(text).toMatch(/Total COP 297,000,000 COP 450,000,000 COP 602,000,000/);
    expect(text).toContain('Prices for Colombia, in COP.');
    expect(text).toContain('Cost per m² of a single-family house in Colombia: Ensamble Arquitectura Integral (Infobae)');
    expect(text).toContain("Priced as a single-family house, with Ensamble Arquitectura Integral's figures for Colombia (June 2024).");
    // the index that brought Colombia's figure forward is named
    expect(text).toContain('Brought to date by eseuro.com');
    expect(text).toContain('Split by trade: Pennsylvania Association of Realtors');
    expect(text).toContain('Licence time of Colombia: World Bank, Doing Business 2020');
    expect(text).toContain('Total: 55 weeks from the current stage');
    expect(text).not.toContain('Cronograma');
  });

  it('prices a country without a figure of its own by the nearest comparable market, named, in its currency and language', async () => {
    const text = (await pages(await reportPdf({ ...row, pais: 'Guatemala', uso: 'commercial', lang: 'en' } as ReportRow, undefined))).join(
      ' ',
    );
    expect(text).toContain('Prices for Guatemala, in GTQ.');
    expect(text).toContain(
      "No published figure of this type for Guatemala: priced as an office or commercial building with Turner & Townsend's figures for Bogotá, the nearest comparable market (2025), in GTQ.",
    );
    expect(text).toContain('a market of another country (±40 %)');
    expect(text).toContain("what the type costs against its market's average (±44 %)");
    expect(text).toMatch(/Total GTQ \d/);
    expect(text).toContain('Cost level of Bogotá: Turner & Townsend');
    // Its licence time is its own, though its cost is another market's.
    expect(text).toContain('Licence time of Guatemala: World Bank');
  });

  it('prices a 20-storey tower in Brazil from its own table, with its storeys programme and the markup of a direct cost', async () => {
    const tower = {
      ...row,
      pais: 'Brasil',
      ancho: '30',
      longitud: '30',
      ancho_edificacion: '25',
      largo_edificacion: '25',
      alto_edificacion: '62',
      lang: 'es',
    } as ReportRow;
    const text = (await pages(await reportPdf(tower, undefined))).join(' ');
    expect(text).toContain('Precios de Brasil, en BRL.');
    expect(text).toContain(
      'Calculada como torre de vivienda de 13 pisos o más, con las cifras de SindusCon-SP para Brasil (octubre de 2025).',
    );
    expect(text).toContain('Costo por m² de torre de vivienda de 13 pisos o más en Brasil: SindusCon-SP (Portal DORI)');
    expect(text).toMatch(/Un costo directo llevado a precio de constructor: × 1[.,]17/);
    expect(text).toContain('Programa de un edificio de varios pisos');
    expect(text).toContain('Tiempo de licencia de Brasil: Prefeitura de São Paulo');
  });

  it("names markets, a priced system and an unknown country in the report's language", async () => {
    const es = async (fields: Partial<ReportRow>) =>
      (await pages(await reportPdf({ ...row, lang: 'es', ...fields } as ReportRow, undefined))).join(' ');
    // Panama rests on Mexico City, named in Spanish
    expect(await es({ pais: 'Panamá', uso: 'commercial' })).toContain(
      'las cifras de Turner & Townsend para Ciudad de México, el mercado comparable más cercano',
    );
    // an industrialised system a source prices: its factor and its source
    const modular = await es({ pais: 'Uruguay', sistema_constructivo: 'modular' });
    expect(modular).toMatch(/el factor publicado del sistema constructivo \(±30 %\)/);
    expect(modular).toMatch(/Sistema constructivo: × 0[.,]76 de un edificio de mampostería, MVOT/);
    // a country no name matches: said as such, not as missing measures
    const nowhere = await es({ pais: 'Narnia' });
    expect(nowhere).toContain('No se reconoció el país: no se pudo hacer una estimación.');
    expect(nowhere).not.toContain('Faltan el ancho');
  });

  it('sets no text over other text, even a large building priced in pesos (billions in every column)', async () => {
    const large = {
      ...row,
      ancho: '25',
      longitud: '40',
      ancho_edificacion: '12',
      largo_edificacion: '18',
      alto_edificacion: '7,5',
      sistema_constructivo: 'steel-framing',
    };
    for (const lang of ['es', 'en'] as const) {
      const pdf = await reportPdf({ ...large, lang } as ReportRow, undefined, lang);
      expect((await pages(pdf)).join(' ')).toMatch(/COP 1[.,]\d{3}[.,]\d{3}[.,]\d{3}/);
      expect(await overlappingText(pdf)).toEqual([]);
    }
  });

  it('says when the building dimensions are missing instead of estimating', async () => {
    const text = (await pages(await reportPdf({ ...row, alto_edificacion: '' } as ReportRow, undefined))).join(' ');
    expect(text).toContain('Faltan el ancho, el largo o el alto de la edificación');
    expect(text).not.toContain('Costo por oficio');
  });
});
