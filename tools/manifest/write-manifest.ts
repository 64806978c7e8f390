// Writes custom-elements.json from the widgets' contract modules (run by the rollup build):
//   node --conditions=source tools/manifest/write-manifest.ts <out.json> <register.ts=contract.ts>…
// Each pair names the module that defines the tag and the module exporting its contract;
// `--from rollup.config.ts` takes them from that module's `widgets` list ({ entry, contract }).
// With an out file ending in .md, it rewrites that file's generated reference tables instead, and
// its sizes table from the built bundles in dist/ (tools/size/guide-sizes.ts).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { WidgetContract } from '@obra/element';
import { customElementsManifest, type ManifestEntry } from './manifest.ts';
import { manifestMarkdown, replaceReference } from './manifest-markdown.ts';
import { guideSizes, replaceSizes } from '../size/guide-sizes.ts';

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
  const [out, ...args] = process.argv.slice(2);
  let pairs = args;
  if (args[0] === '--from' && args[1]) {
    const { widgets } = (await import(pathToFileURL(resolve(args[1])).href)) as { widgets: { entry: string; contract: string }[] };
    pairs = widgets.map((w) => `${w.entry}=${w.contract}`);
  }
  if (!out || !pairs.length)
    throw new Error('usage: write-manifest.ts <out.json|out.md> (<register.ts=contract.ts>… | --from rollup.config.ts)');
  const manifest = customElementsManifest(await loadEntries(pairs));
  mkdirSync(dirname(out), { recursive: true });
  if (out.endsWith('.md'))
    writeFileSync(out, replaceSizes(replaceReference(readFileSync(out, 'utf8'), manifestMarkdown(manifest)), guideSizes(resolve('dist'))));
  else writeFileSync(out, `${JSON.stringify(manifest, null, 2)}\n`);
}
