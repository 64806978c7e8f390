// @vitest-environment node
// The "made of" lines of `npm run build:widgets`: which group a module belongs to, and how a
// bundle's gzip size is split between the groups.
import { describe, expect, it } from 'vitest';
import { composition, formatComposition, partOf } from '../../tools/size/composition.ts';

describe('bundle composition', () => {
  it('groups modules by package, locale catalogue and workspace data', () => {
    expect(partOf('/repo/node_modules/preact/compat/dist/compat.module.js')).toBe('preact');
    expect(partOf('/repo/node_modules/@scope/lib/index.js')).toBe('@scope/lib');
    expect(partOf('/repo/node_modules/.pnpm/x/node_modules/zustand/esm/vanilla.mjs')).toBe('zustand');
    expect(partOf('/repo/packages/i18n/locales/es/wait-list.json')).toBe('locale catalogues (JSON)');
    expect(partOf('/repo/packages/i18n/src/create.ts')).toBe('@obra/i18n');
    expect(partOf('/repo/packages/marketplace/catalogue/software.json')).toBe('@obra/marketplace data (JSON)');
    expect(partOf('C:\\repo\\packages\\wait-list\\src\\wait-list.tsx')).toBe('@obra/wait-list');
    expect(partOf('\0commonjsHelpers.js')).toBe('rollup helpers');
  });

  it('splits the real gzip size in proportion to each group compressed alone, largest first', () => {
    const varied = Array.from({ length: 400 }, (_, n) => `const v${n} = ${(n * 7919) % 1000};`).join('\n');
    const parts = composition(
      [
        { id: '/r/node_modules/preact/a.js', code: varied },
        { id: '/r/node_modules/preact/b.js', code: 'export const b = 1;' },
        { id: '/r/packages/wait-list/src/x.ts', code: 'x'.repeat(5000) },
        { id: '/r/packages/ui/src/empty.ts', code: null },
      ],
      1000,
    );
    expect(parts.map((part) => part.name)).toEqual(['preact', '@obra/wait-list']);
    expect(parts[0]!.rendered).toBe(Buffer.byteLength(`${varied}\nexport const b = 1;`));
    // Repetitive code compresses far better: the larger source is the smaller share.
    expect(parts[1]!.rendered).toBeGreaterThan(0);
    expect(parts[0]!.gzip).toBeGreaterThan(parts[1]!.gzip);
    expect(parts[0]!.gzip + parts[1]!.gzip).toBeCloseTo(1000, 6);
  });

  it('sums the groups past the top ones into one line, keeping the total', () => {
    const modules = Array.from({ length: 9 }, (_, n) => ({
      id: `/r/node_modules/p${n}/i.js`,
      code: `export const v = "${'ab'.repeat(n * 50)}${n}";`,
    }));
    const parts = composition(modules, 900, 3);
    expect(parts).toHaveLength(4);
    expect(parts[3]!.name).toBe('6 more');
    expect(parts.reduce((sum, part) => sum + part.gzip, 0)).toBeCloseTo(900, 6);
    const text = formatComposition(parts);
    expect(text.split('\n')).toHaveLength(4);
    expect(text).toMatch(/6 more +≈ +\d+\.\d KB gzip +\d+%/);
  });
});
