// Writes custom-elements.json from the widgets' contract modules (run by the rollup build):
//   node --conditions=source packages/element/src/write-manifest.ts <out.json> <register.ts=contract.ts>…
// Each pair names the module that defines the tag and the module exporting its contract.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WidgetContract } from './contract.ts';
import { customElementsManifest, type ManifestEntry } from './manifest.ts';

const isContract = (value: unknown): value is ManifestEntry['contract'] =>
  typeof value === 'object' && value !== null && 'tag' in value && 'attributeDocs' in value && 'events' in value;

/** Reads the contract exported by each module, in order. */
export async function loadEntries(pairs: readonly string[]): Promise<ManifestEntry[]> {
  return Promise.all(
    pairs.map(async (pair) => {
      const [module, contractPath] = pair.split('=');
      if (!module || !contractPath) throw new Error(`write-manifest: expected <register module>=<contract module>, got "${pair}".`);
      const exports: Record<string, unknown> = await import(pathToFileURL(resolve(contractPath)).href);
      const contract = Object.values(exports).find(isContract) as WidgetContract<never, never> | undefined;
      if (!contract) throw new Error(`write-manifest: ${contractPath} exports no widget contract (defineContract()).`);
      return { module, contract };
    }),
  );
}

if (import.meta.main) {
  const [out, ...pairs] = process.argv.slice(2);
  if (!out || !pairs.length) throw new Error('usage: write-manifest.ts <out.json> <register.ts=contract.ts>…');
  const manifest = customElementsManifest(await loadEntries(pairs));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(manifest, null, 2)}\n`);
}
