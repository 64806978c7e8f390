import type { Lang } from '@obra/schema';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { deserialize } from 'node:v8';
import { buildIndex, type GazetteerIndex } from './build.ts';
import { cacheFile, readCache, writeCache } from './cache.ts';
import { loadCities, loadEveryCountryName, type CountryNames, type PlaceRecord } from './load.ts';
import { openIndex, type Gazetteer } from './search.ts';

export type { Gazetteer, Place } from './search.ts';

/** The gazetteer built in this process, from the data packages or from the given places and country names. */
export function createGazetteer(
  cities: PlaceRecord[] = loadCities(),
  names: Record<Lang, CountryNames> = loadEveryCountryName(),
): Gazetteer {
  return openIndex(buildIndex(cities, names));
}

/** Runs worker.ts in its own process and returns what it wrote: the serialised index. */
function build(): Promise<Buffer> {
  const builder = fileURLToPath(new URL('./worker.ts', import.meta.url));
  return new Promise((resolve, reject) => {
    // With the workspace packages' sources, as the API itself runs (`npm start`): @obra/schema's language list.
    const child = spawn(process.execPath, ['--conditions=source', builder], { stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(chunks))
        : reject(new Error(`The gazetteer builder (${builder}) stopped with exit code ${code}; its error is above.`)),
    );
  });
}

/**
 * The gazetteer of the data packages: read from the cache a previous start left (cache.ts), else
 * built in a child process (worker.ts) and cached. Either way the API opens its database
 * meanwhile, and keeps only the ~5 MB index.
 */
export async function loadGazetteer(): Promise<Gazetteer> {
  const file = await cacheFile();
  const cached = await readCache(file);
  // A damaged or foreign file is built again below, and replaced.
  const index =
    cached &&
    (() => {
      try {
        return deserialize(cached) as Partial<GazetteerIndex> | null;
      } catch {
        return undefined;
      }
    })();
  if (index && typeof index.size === 'number' && index.positions instanceof Uint32Array && typeof index.text === 'string')
    return openIndex(index as GazetteerIndex);
  const bytes = await build();
  const gazetteer = openIndex(deserialize(bytes) as GazetteerIndex);
  await writeCache(file, bytes);
  return gazetteer;
}
