// @vitest-environment node
// custom-elements.json is generated from the widgets' contracts: it must list every attribute of
// each element's attribute table, every event of its event map, and the theme the styles read.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { designFormContract, designFormWidget, type DesignFormEvents } from '@obra/design-form';
import { THEME_PROPERTIES, type KnownEvents } from '@obra/element';
import { marketplaceContract, marketplaceWidget, softwareDetailContract, softwareDetailWidget } from '@obra/marketplace';
import { partnerRegistrationContract, partnerRegistrationWidget, type PartnerRegistrationEvents } from '@obra/partner-registration';
import { uiStyles } from '@obra/ui';
import { waitListContract, waitListWidget, type WaitListEvents } from '@obra/wait-list';
import { widgets } from '../../rollup.config.ts';
import { customElementsManifest } from '../../tools/manifest/manifest.ts';
import { manifestMarkdown, REFERENCE_END, REFERENCE_START } from '../../tools/manifest/manifest-markdown.ts';

const pairs = [
  [waitListWidget, waitListContract, 'packages/wait-list/src/register.ts'],
  [partnerRegistrationWidget, partnerRegistrationContract, 'packages/partner-registration/src/register.ts'],
  [designFormWidget, designFormContract, 'packages/design-form/src/register.ts'],
  [marketplaceWidget, marketplaceContract, 'packages/marketplace/src/marketplace/register.ts'],
  [softwareDetailWidget, softwareDetailContract, 'packages/marketplace/src/software-detail/register.ts'],
] as const;

const manifest = customElementsManifest(pairs.map(([, contract, module]) => ({ module, contract })));
const declarationOf = (tag: string) => manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === tag);

describe('custom-elements.json', () => {
  it('has one custom element per widget of the build, defined by its register module', () => {
    expect(manifest.modules.map((m) => m.exports[0]!.name).sort()).toEqual(widgets.map((w) => `obra-${w.name}`).sort());
    expect(manifest.modules.map((m) => m.path).sort()).toEqual(widgets.map((w) => w.entry).sort());
  });

  it.each(pairs)('lists every attribute and property of %s', (widget, contract) => {
    expect(contract.tag).toBe(widget.tag);
    // The element parses exactly the contract's table, so the two cannot disagree.
    expect(widget.attributes).toBe(contract.attributes);
    const declaration = declarationOf(widget.tag)!;
    expect(declaration.attributes.map((a) => a.name)).toEqual(['lang', ...Object.keys(widget.attributes)]);
    expect(declaration.members.map((m) => m.name)).toEqual([
      'lang',
      ...Object.keys(widget.attributes).map((n) => n.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())),
    ]);
    for (const attribute of declaration.attributes) expect(attribute.description, attribute.name).not.toBe('');
  });

  it('lists every event of each event map, with its detail type', () => {
    const events = (tag: string) =>
      declarationOf(tag)!
        .events.map((e) => e.name)
        .sort();
    expect(events('obra-wait-list')).toEqual(['obra-error', 'obra-submit', 'obra-success']);
    expect(events('obra-partner-registration')).toEqual(['obra-error', 'obra-submit', 'obra-success']);
    expect(events('obra-design-form')).toEqual(['obra-error', 'obra-image-generated', 'obra-submit', 'obra-success']);
    expect(events('obra-marketplace')).toEqual([]);
    expect(events('obra-software-detail')).toEqual([]);
    expect(declarationOf('obra-wait-list')!.events.find((e) => e.name === 'obra-error')!.type.text).toBe(
      'CustomEvent<{ entry: WaitListEntry; reason: ApiErrorKey; message: string }>',
    );
    // The contracts' event docs name exactly the events of the maps the widgets emit with.
    expectTypeOf<keyof typeof waitListContract.events>().toEqualTypeOf<KnownEvents<WaitListEvents>>();
    expectTypeOf<keyof typeof partnerRegistrationContract.events>().toEqualTypeOf<KnownEvents<PartnerRegistrationEvents>>();
    expectTypeOf<keyof typeof designFormContract.events>().toEqualTypeOf<KnownEvents<DesignFormEvents>>();
  });

  // That the views render exactly these parts is checked in the browser (embed-examples.test.ts).
  it('lists every --obra-* property the styles read, and the parts the views mark', () => {
    const read = [...new Set(uiStyles.match(/--obra-[\w-]+/g))].sort();
    expect(Object.keys(THEME_PROPERTIES).sort()).toEqual(read);
    // The documented defaults are the styles' fallbacks.
    for (const [name, { default: fallback }] of Object.entries(THEME_PROPERTIES))
      expect(uiStyles, name).toContain(`var(${name},${fallback})`);
    expect(
      declarationOf('obra-wait-list')!
        .cssProperties.map((p) => p.name)
        .sort(),
    ).toEqual(read);
    expect(declarationOf('obra-design-form')!.cssParts.map((p) => p.name)).toEqual([
      'root',
      'title',
      'button',
      'primary',
      'secondary',
      'image-panel',
      'sections',
      'estimate',
      'overlay-close',
      'delivery-status',
    ]);
  });

  it('is what docs/partners/embedding.md shows (npm run docs:reference refreshes it)', () => {
    const guide = readFileSync(join(import.meta.dirname, '../../docs/partners/embedding.md'), 'utf8');
    const section = guide.slice(guide.indexOf(REFERENCE_START), guide.indexOf(REFERENCE_END) + REFERENCE_END.length);
    expect(section).toBe(manifestMarkdown(manifest));
  });

  it('is what the build wrote to dist/custom-elements.json', () => {
    const file = join(import.meta.dirname, '../../dist/custom-elements.json');
    expect(existsSync(file), 'run npm run build:widgets').toBe(true);
    const written = JSON.parse(readFileSync(file, 'utf8')) as typeof manifest;
    // Built in Node, where api-base's computed default differs; the documented default is fixed text.
    expect(written).toEqual(JSON.parse(JSON.stringify(manifest)));
  });
});
