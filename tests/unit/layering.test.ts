// @vitest-environment node
// What may import what (docs/contributors/architecture.md): read from the sources, so a
// relative path into another package, an import its package.json does not declare, the server
// reaching into a widget package, a build that reaches into tests/, or Node's built-ins in a
// package that runs in the browser fail here rather than in a partner's page.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !file.split('/').includes('node_modules') && !file.startsWith('dist/'))
    .map((file) => join(dir, file));
/** Every module specifier a file imports or re-exports (static and dynamic). */
const specifiers = (file: string): string[] =>
  [...readFileSync(join(root, file), 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((match) => match[1]!);
/** Where a relative specifier of `file` points, from the repository root. */
const target = (file: string, spec: string) => relative(root, resolve(root, file, '..', spec));

const PACKAGES = readdirSync(join(root, 'packages'));
// The packages whose code runs in a partner's page or the console's browser tab.
const BROWSER = PACKAGES.filter((name) => name !== 'server');

describe('layers', () => {
  it('a package reaches another only by its name, never by a relative path', () => {
    const crossings = PACKAGES.flatMap((name) =>
      sources(`packages/${name}/src`).flatMap((file) =>
        specifiers(file)
          .filter((spec) => spec.startsWith('.') && !target(file, spec).startsWith(`packages/${name}/`))
          .map((spec) => `${file} → ${spec}`),
      ),
    );
    expect(crossings).toEqual([]);
  });

  it('the tests import the packages by name, and only the tests reach @obra/server/testing', () => {
    const crossings = sources('tests').flatMap((file) =>
      specifiers(file)
        .filter((spec) => spec.startsWith('.') && target(file, spec).startsWith('packages/'))
        .map((spec) => `${file} → ${spec}`),
    );
    expect(crossings).toEqual([]);
    const testing = [...PACKAGES.map((name) => `packages/${name}/src`), 'host'].flatMap((dir) =>
      sources(dir).filter((file) => specifiers(file).some((spec) => spec.startsWith('@obra/server/testing'))),
    );
    expect(testing).toEqual([]);
  });

  it('the host (@obra/host) imports the packages by name', () => {
    // Its build scripts share the repository's build setup in tools/ (tools/esbuild.ts), as
    // rollup.config.ts and the console's build do; nothing else leaves host/.
    const build = (file: string) => /(^|\/)build[\w-]*\.ts$/.test(file);
    const crossings = sources('host').flatMap((file) =>
      specifiers(file)
        .filter((spec) => spec.startsWith('.') && !target(file, spec).startsWith('host/'))
        .filter((spec) => !(build(file) && target(file, spec).startsWith('tools/')))
        .map((spec) => `${file} → ${spec}`),
    );
    expect(crossings).toEqual([]);
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces).toContain('host');
    expect(JSON.parse(readFileSync(join(root, 'host/package.json'), 'utf8'))).toMatchObject({ name: '@obra/host', private: true });
  });

  it('every package and the host declare in their package.json each package they import', () => {
    /** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
    const packageOf = (spec: string) =>
      spec
        .split('/')
        .slice(0, spec.startsWith('@') ? 2 : 1)
        .join('/');
    /** The specifiers of a file's import and export statements and dynamic imports (not of words in its strings). */
    const imported = (file: string) =>
      [
        ...readFileSync(join(root, file), 'utf8').matchAll(
          /(?:^\s*(?:import|export)\b[^'";]*?\bfrom\s*|^\s*import\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/gm,
        ),
      ].map((match) => match[1]!);
    const undeclared = [...PACKAGES.map((name) => `packages/${name}`), 'host'].flatMap((dir) => {
      const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));
      const declared = new Set([
        manifest.name,
        ...Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.devDependencies }),
      ]);
      return sources(dir === 'host' ? dir : `${dir}/src`).flatMap((file) =>
        imported(file)
          .filter((spec) => !/^[./]/.test(spec) && !spec.startsWith('node:') && !builtinModules.includes(spec))
          .filter((spec) => !declared.has(packageOf(spec)))
          .map((spec) => `${file} → ${spec}`),
      );
    });
    expect(PACKAGES.length).toBeGreaterThan(10);
    expect(undeclared).toEqual([]);
  });

  it('the server imports no widget package: the data both read (the catalogue, the schemas) is in packages of its own', () => {
    const manifest = (name: string) => JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
    // A widget package is one that defines a tag: it exports a `register` module.
    const widgets = PACKAGES.filter((name) => Object.keys(manifest(name).exports ?? {}).some((path) => path.endsWith('/register'))).map(
      (name) => manifest(name).name as string,
    );
    expect(widgets).toContain('@obra/marketplace');
    const reached = sources('packages/server/src').flatMap((file) =>
      specifiers(file)
        .filter((spec) => widgets.some((name) => spec === name || spec.startsWith(`${name}/`)))
        .map((spec) => `${file} → ${spec}`),
    );
    expect(reached).toEqual([]);
    expect(Object.keys(manifest('server').dependencies).filter((name) => widgets.includes(name))).toEqual([]);
  });

  it('the build and its tools import nothing from tests/', () => {
    const fromTests = ['rollup.config.ts', ...sources('tools'), ...sources('host').filter((file) => /(^|\/)build\.ts$/.test(file))].flatMap(
      (file) =>
        specifiers(file)
          .filter((spec) => spec.startsWith('.') && target(file, spec).startsWith('tests/'))
          .map((spec) => `${file} → ${spec}`),
    );
    expect(fromTests).toEqual([]);
  });

  it("the browser packages use none of Node's built-in modules", () => {
    const builtins = BROWSER.flatMap((name) =>
      sources(`packages/${name}/src`).flatMap((file) =>
        specifiers(file)
          .filter((spec) => spec.startsWith('node:'))
          .map((spec) => `${file} → ${spec}`),
      ),
    );
    expect(BROWSER).toContain('element');
    expect(builtins).toEqual([]);
  });

  it('the package.json scripts name files that exist', () => {
    const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    const files = Object.values(scripts).flatMap((command) =>
      [...command.matchAll(/(?:^|\s)((?:host|tools|tests|packages|\.ci)\/[\w./-]+\.(?:ts|mjs))/g)].map((match) => match[1]!),
    );
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((file) => !sources(file.slice(0, file.lastIndexOf('/'))).includes(file) && !file.endsWith('.mjs'))).toEqual([]);
  });
});
