// The compact gazetteer index (packages/server/src/gazetteer): the same answers as the object
// index it replaced, and its rules on small made-up data where every tie and fold is visible.
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createGazetteer, loadGazetteer, type Gazetteer } from '@obra/server';
import { cacheFile } from '@obra/server/testing';

interface Recorded {
  query: string;
  lang: 'es' | 'en';
  /** [Label, Country, Region, Municipality] of each answer, in order. */
  places: [string, string, string, string][];
}

// Recorded from the previous index (one object and word arrays per place, commit dfb7c48) on
// 303 queries in both languages: the bench's, accents and folds, ties, several words, 3-letter
// prefixes, whole names and name + region of every 900th city of the data.
const recorded = JSON.parse(readFileSync(new URL('fixtures/gazetteer-answers.json', import.meta.url), 'utf8')) as {
  size: number;
  answers: Recorded[];
};

describe('the gazetteer index', () => {
  const answersOf = (gazetteer: Gazetteer) =>
    recorded.answers.map(({ query, lang }) => ({
      query,
      lang,
      places: gazetteer.search(query, lang).map((p) => [p.Label, p.Country, p.Region, p.Municipality]),
    }));

  it('answers exactly what the previous index answered, built in a child process, then from its cache', async () => {
    const file = await cacheFile();
    rmSync(file, { force: true });
    const built = await loadGazetteer();
    expect(built.size).toBe(recorded.size);
    expect(answersOf(built)).toEqual(recorded.answers);
    expect(recorded.answers.filter((answer) => answer.places.length > 0).length).toBeGreaterThan(500);
    // The build left its index for the next start, which reads it instead of building.
    expect(statSync(file).size).toBeGreaterThan(1_000_000);
    const cached = await loadGazetteer();
    expect(answersOf(cached)).toEqual(recorded.answers);
  });

  it('builds again over a damaged cache file, and replaces it', async () => {
    const file = await cacheFile();
    if (!existsSync(file)) await loadGazetteer();
    writeFileSync(file, 'not an index');
    const gazetteer = await loadGazetteer();
    expect(gazetteer.search('medellin', 'es')[0]?.Label).toBe('Medellín, Antioquia, Colombia');
    expect(statSync(file).size).toBeGreaterThan(1_000_000);
  });

  const names = {
    es: { CO: ['Colombia'], DE: ['Alemania'], ES: ['España'] },
    en: { CO: ['Colombia'], DE: ['Germany'], ES: ['Spain', 'Kingdom of Spain'] },
  };
  const city = (name: string, region: string, country: string, population: number) => ({ name, region, country, population });
  const small = createGazetteer(
    [
      city('Santa Marta', 'Magdalena', 'CO', 500),
      city('San Andrés', 'San Andrés y Providencia', 'CO', 500),
      city('Sanlúcar', 'Andalucía', 'ES', 700),
      city('Köln', 'Nordrhein-Westfalen', 'DE', 1000),
      city('Nowhere', 'Atlantis', 'XX', 9_000_000),
      city('Ålesund', 'Møre og Romsdal', 'DE', 10),
    ],
    names,
  );
  const labels = (query: string, lang: 'es' | 'en' = 'es') => small.search(query, lang).map((place) => place.Label);

  it('keeps countries (sized by their cities) and the cities of known countries only', () => {
    expect(small.size).toBe(3 + 5);
    expect(labels('nowhere')).toEqual([]);
    expect(labels('colombia')).toEqual(['Colombia']);
  });

  it('orders larger first, and equal sizes in data order, a country ahead of a city', () => {
    expect(labels('san')).toEqual([
      'Sanlúcar, Andalucía, España',
      'Santa Marta, Magdalena, Colombia',
      'San Andrés, San Andrés y Providencia, Colombia',
    ]);
    expect(labels('santa')).toEqual(['Santa Marta, Magdalena, Colombia']);
    const tied = createGazetteer([city('Espinal', 'Tolima', 'ES', 0), city('Esperanza', 'Santa Fe', 'ES', 0)], names);
    expect(tied.search('esp', 'es').map((place) => place.Label)).toEqual([
      'España',
      'Espinal, Tolima, España',
      'Esperanza, Santa Fe, España',
    ]);
  });

  it('folds accents, case and letters NFD does not split, both in the data and in the query', () => {
    expect(labels('KOLN')).toEqual(['Köln, Nordrhein-Westfalen, Alemania']);
    expect(labels('köln', 'en')).toEqual(['Köln, Nordrhein-Westfalen, Germany']);
    expect(labels('alesund')).toEqual(['Ålesund, Møre og Romsdal, Alemania']);
    expect(labels('sanlucar')).toEqual(['Sanlúcar, Andalucía, España']);
  });

  it('matches further words in the name before those matched through region or country', () => {
    expect(labels('san andres')).toEqual(['San Andrés, San Andrés y Providencia, Colombia']);
    expect(labels('san colombia')).toEqual(['Santa Marta, Magdalena, Colombia', 'San Andrés, San Andrés y Providencia, Colombia']);
    // Sanlúcar is larger, but "and" is only in its region's name.
    expect(labels('san and')).toEqual(['San Andrés, San Andrés y Providencia, Colombia', 'Sanlúcar, Andalucía, España']);
    expect(labels('san magdalena')).toEqual(['Santa Marta, Magdalena, Colombia']);
    expect(labels('san spain', 'en')).toEqual(['Sanlúcar, Andalucía, Spain']);
    expect(labels('kingdom')).toEqual(['España']);
    expect(labels('san mars')).toEqual([]);
    expect(labels('mag santa')).toEqual([]);
  });

  it('needs 3 characters and a word prefix, not a middle of a word', () => {
    expect(labels('sa')).toEqual([]);
    expect(labels(' sa ')).toEqual([]);
    expect(labels('arta')).toEqual([]);
    expect(labels('marta')).toEqual(['Santa Marta, Magdalena, Colombia']);
  });
});
