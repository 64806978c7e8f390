import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { deserialize } from 'node:v8';
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
  const builder = fileURLToPath(new URL('./worker.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builder], { stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`The gazetteer builder (${builder}) stopped with exit code ${code}; its error is above.`));
      try {
        resolve(openIndex(deserialize(Buffer.concat(chunks)) as GazetteerIndex));
      } catch (error) {
        reject(error);
      }
    });
  });
}
