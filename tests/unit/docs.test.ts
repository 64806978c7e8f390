// @vitest-environment node
// The docs stay true (docs/contributors/tests.md): every relative link and #anchor in the README and
// docs/ resolves; every doc a code comment cites exists (and its #anchor); no code or doc cites
// documents that are not in the repository; the code reads the environment only through the
// configuration schema, whose tables in docs/operators/configuration.md are as it writes them; the
// README stays a short door.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECTIONS } from '@obra/server/config';
import { CONFIG_DOC, withConfigTables } from '../../tools/docs/configuration.ts';

const root = join(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', 'dist', '.git', '.artifacts', '.data', 'storybook-static']);

/** Files under `dir` (relative to the root) whose names match `pattern`. */
function files(dir: string, pattern: RegExp): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path, pattern) : pattern.test(entry.name) ? [path] : [];
  });
}

/** GitHub's anchor of a Markdown heading. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

/** The anchors of a Markdown file's headings (a repeated heading gets -1, -2 … as on GitHub). */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(join(root, file), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (!heading) continue;
    const base = anchor(heading[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

const MARKDOWN = ['README.md', ...files('docs', /\.md$/)];

/** Whether `target` (a path from the root, maybe with #anchor) names an existing file and heading; a message otherwise. */
function problem(target: string): string | undefined {
  const [path, hash] = target.split('#') as [string, string?];
  const full = join(root, path);
  if (!existsSync(full)) return 'no such file';
  if (hash && path.endsWith('.md') && !anchorsOf(path).has(hash)) return `no heading #${hash}`;
  if (hash && statSync(full).isDirectory()) return 'an anchor on a folder';
  return undefined;
}

describe('docs', () => {
  it('every relative link and #anchor in the README and docs/ resolves', () => {
    const broken: string[] = [];
    for (const file of MARKDOWN) {
      const text = readFileSync(join(root, file), 'utf8').replace(/```[^]*?```/g, '');
      for (const [, link] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(link!) || link!.startsWith('mailto:')) continue;
        const target = link!.startsWith('#') ? `${file}${link}` : relative(root, resolve(root, dirname(file), link!));
        const why = problem(target);
        if (why) broken.push(`${file} → ${link}: ${why}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("the partners' pages link only to each other: they are served as the partners' guide (host/docs.ts)", () => {
    const outside = files('docs/partners', /\.md$/).flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!)
        .filter((link) => !/^([a-z]+:|#|[\w-]+\.md(#|$))/.test(link))
        .map((link) => `${file} → ${link}`),
    );
    expect(outside).toEqual([]);
  });

  it('every doc a code comment cites exists, with its #anchor', () => {
    const code = ['packages', 'host', 'tests', 'tools', '.ci', '.storybook', 'stories'].flatMap((dir) =>
      files(dir, /\.(ts|tsx|mjs|js|sql|css|html|json)$/),
    );
    const broken: string[] = [];
    for (const file of [...code, 'rollup.config.ts', 'package.json']) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const [cited] of text.matchAll(/(?<![\w/.-])(?:docs\/[\w./-]+\.md|README\.md)(?:#[\w-]+)?/g)) {
        const why = problem(cited);
        if (why) broken.push(`${file}: ${cited}: ${why}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('nothing cites documents that are not in the repository', () => {
    const all = [
      ...MARKDOWN,
      ...['packages', 'host', 'tests', 'tools', 'stories'].flatMap((dir) => files(dir, /\.(ts|tsx|mjs|js|sql|css|html|json)$/)),
    ];
    const citing = all.filter(
      (file) => file !== 'tests/unit/docs.test.ts' && /\b(SPEC|DESIGN)\.md\b/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(citing).toEqual([]);
  });

  it('cites docs by path, never a README section by name (sections move; paths are checked above)', () => {
    const code = ['packages', 'host', 'tests', 'tools'].flatMap((dir) => files(dir, /\.(ts|tsx|mjs|js|sql|css)$/));
    const citing = [...MARKDOWN, ...code].filter(
      (file) => file !== 'tests/unit/docs.test.ts' && /README[,:]\s*"/.test(readFileSync(join(root, file), 'utf8')),
    );
    expect(citing).toEqual([]);
  });

  it('the code reads the environment only through the configuration schema (packages/server/src/config-schema.ts)', () => {
    const sources = ['packages', 'host', 'tools']
      .flatMap((dir) => files(dir, /\.tsx?$/))
      .filter((file) => !/\/(test|examples)\//.test(file) && file !== 'packages/server/src/config-schema.ts');
    const reads = sources.flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)\b|\[\s*['"`]?([\w$]+))/g)]
        .map((match) => match[1] ?? match[2]!)
        // NODE_ENV is a build-time constant the bundlers replace, not a setting of Obra.
        .filter((name) => name !== 'NODE_ENV')
        .map((name) => `${file}: ${name}`),
    );
    expect(reads).toEqual([]);
  });

  it('every variable of the schema is in the tables of docs/operators/configuration.md, and every one there is in the schema', () => {
    const schema = new Set(
      SECTIONS.flatMap(({ variables }) =>
        Object.entries(variables).flatMap(([name, variable]: [string, { alias?: string }]) => [
          name,
          ...(variable.alias ? [variable.alias] : []),
        ]),
      ),
    );
    const documented = new Set(
      readFileSync(join(root, CONFIG_DOC), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split(' | ')[0]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1]!)),
    );
    expect([...schema].filter((name) => !documented.has(name)).sort()).toEqual([]);
    expect([...documented].filter((name) => !schema.has(name)).sort()).toEqual([]);
    expect(schema.size).toBeGreaterThan(40);
  });

  it('the configuration tables are as the schema writes them', () => {
    const page = readFileSync(join(root, CONFIG_DOC), 'utf8');
    expect(page, `${CONFIG_DOC} differs from the schema: run npm run docs:config`).toBe(withConfigTables(page));
  });

  it('the README is a short door: at most 250 lines', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });
});
