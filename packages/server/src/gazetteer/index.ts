import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIndex, type GazetteerIndex } from './build.ts';
import { loadCities, loadCountryNames, type CountryNames, type PlaceRecord } from './load.ts';
import { openIndex, type Gazetteer } from './search.ts';

export type { Gazetteer, Place } from './search.ts';

/** The gazetteer built in this process, from the data packages or from the given places and country names. */
export function createGazetteer(cities: PlaceRecord[] = loadCities(), names: Record<'es' | 'en', CountryNames> = { es: loadCountryNames('es'), en: loadCountryNames('en') }): Gazetteer {
  return openIndex(buildIndex(cities, names));
}

/**
 * The gazetteer of the data packages, built in a child process (worker.ts): the API opens its
 * database meanwhile, on the other core, and keeps only the ~5 MB index.
 */
export function loadGazetteer(): Promise<Gazetteer> {
  return new Promise((resolve, reject) => {
    // `advanced` serialization carries the typed arrays as they are, not as JSON.
    const child = fork(fileURLToPath(new URL('./worker.ts', import.meta.url)), [], { serialization: 'advanced', execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (index: GazetteerIndex) => resolve(openIndex(index)));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The gazetteer builder (${fileURLToPath(new URL('./worker.ts', import.meta.url))}) stopped with exit code ${code} before sending its index.`)));
  });
}
