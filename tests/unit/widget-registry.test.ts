// @vitest-environment node
// The widget list (packages/schema/src/widgets.ts) is the one place a widget is named: the build,
// the React wrappers and the host read it. Here: each entry names files and a register module that
// exist, the React wrappers are the ones written from it, and the host pre-renders every tag.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as react from '@obra/react';
import { SNIPPET_WIDGETS } from '@obra/schema';
import { WIDGETS, widgetModules } from '@obra/schema/widgets';
import { widgetStyleHashes } from '../../host/src/widget-shadow.ts';
import { widgets } from '../../rollup.config.ts';
import { WRAPPERS_FILE, wrappersSource } from '../../tools/react-wrappers.ts';

const root = join(import.meta.dirname, '../..');

describe('the widget list', () => {
  it.each(WIDGETS.map((widget) => [widget.name, widget] as const))(
    '%s names its register and contract files and its package exports the register module',
    (_name, widget) => {
      const { entry, contract, register } = widgetModules(widget);
      expect(existsSync(join(root, entry)), entry).toBe(true);
      expect(existsSync(join(root, contract)), contract).toBe(true);
      const manifest = JSON.parse(readFileSync(join(root, 'packages', widget.package, 'package.json'), 'utf8'));
      expect(manifest.exports[`.${register.slice(manifest.name.length)}`]?.source).toBe(
        `./${entry.slice(`packages/${widget.package}/`.length)}`,
      );
    },
  );

  it('is what the build bundles, in its order', () => {
    expect(widgets.map((widget) => widget.name)).toEqual(WIDGETS.map((widget) => widget.name));
  });

  it('is what the React wrappers are written from (npm run react:wrappers)', async () => {
    expect(readFileSync(WRAPPERS_FILE, 'utf8')).toBe(await wrappersSource());
    expect(
      Object.keys(react)
        .filter((name) => name.startsWith('Obra'))
        .sort(),
    ).toHaveLength(WIDGETS.length);
  });

  it('is what a partner is handed: one snippet per widget', () => {
    expect([...SNIPPET_WIDGETS].sort()).toEqual(WIDGETS.map((widget) => widget.name).sort());
  });

  it('is what the host pre-renders: one style hash per widget', () => {
    expect(widgetStyleHashes()).toHaveLength(WIDGETS.length);
  });
});
