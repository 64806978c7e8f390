// What a bundle is made of, printed by `npm run build:widgets` under the size table (rollup.config.ts).
import { gzipSync } from 'node:zlib';

/** One module of a chunk as rollup reports it: its id and its code after tree-shaking, before minification. */
export interface ModulePart {
  id: string;
  code: string | null;
}

/** A group of modules and its share of a bundle. */
export interface Part {
  name: string;
  /** Bytes of its code in the chunk before minification. */
  rendered: number;
  /** Its share of the bundle's gzip size, estimated (see {@link composition}). */
  gzip: number;
}

/**
 * The group a module belongs to: a package of node_modules by name, a workspace package, the
 * locale catalogues or other JSON data of a workspace package (what a translator or editor grows).
 */
export function partOf(id: string): string {
  const path = id.replaceAll('\\', '/');
  if (path.startsWith('\0')) return 'rollup helpers';
  const dependency = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  // The last node_modules of the path names the package (nested installs, pnpm).
  if (dependency) return dependency[1]!;
  if (/\/packages\/i18n\/locales\/[^/]+\/[^/]+\.json$/.test(path)) return 'locale catalogues (JSON)';
  const workspace = /\/packages\/([^/]+)\//.exec(path);
  if (workspace) return `@obra/${workspace[1]}${path.endsWith('.json') ? ' data (JSON)' : ''}`;
  return 'other';
}

/**
 * Groups a chunk's modules and estimates each group's share of the minified bundle's gzip size:
 * each group's code is compressed on its own, and the bundle's real gzip size is split in those
 * proportions (minification and compression across groups change the parts, not their order).
 * Largest first; groups past `top` are summed into one "N more" line.
 */
export function composition(modules: readonly ModulePart[], bundleGzip: number, top = 6): Part[] {
  const groups = new Map<string, string[]>();
  for (const { id, code } of modules) {
    if (!code) continue;
    const name = partOf(id);
    groups.set(name, [...(groups.get(name) ?? []), code]);
  }
  const measured = [...groups].map(([name, codes]) => {
    const code = codes.join('\n');
    return { name, rendered: Buffer.byteLength(code), alone: gzipSync(code, { level: 9 }).length };
  });
  const alone = measured.reduce((sum, part) => sum + part.alone, 0);
  const parts = measured
    .map(({ name, rendered, alone: own }) => ({ name, rendered, gzip: alone ? (bundleGzip * own) / alone : 0 }))
    .sort((a, b) => b.gzip - a.gzip);
  if (parts.length <= top + 1) return parts;
  const rest = parts.slice(top);
  return [
    ...parts.slice(0, top),
    {
      name: `${rest.length} more`,
      rendered: rest.reduce((sum, part) => sum + part.rendered, 0),
      gzip: rest.reduce((sum, part) => sum + part.gzip, 0),
    },
  ];
}

/** Indented lines under a bundle's size row: group, ≈ gzip KB and share, code before minification. */
export function formatComposition(parts: readonly Part[]): string {
  const total = parts.reduce((sum, part) => sum + part.gzip, 0) || 1;
  return parts
    .map(
      (part) =>
        `    ${part.name.padEnd(36)} ≈${`${(part.gzip / 1024).toFixed(1)} KB`.padStart(9)} gzip ${`${Math.round((100 * part.gzip) / total)}%`.padStart(4)}  ${`${(part.rendered / 1024).toFixed(1)} KB`.padStart(9)} unminified`,
    )
    .join('\n');
}
