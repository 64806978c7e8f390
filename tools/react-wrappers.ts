// Writes packages/react/src/components.ts from the widget list (packages/schema/src/widgets.ts):
// one React component per widget, and the JSX typings of every bare tag. A wrapper imports its
// widget's register module by its literal name (`() => import('@obra/wait-list/register')`), so a
// partner's bundler splits each widget's code off: the one place the list cannot be read at run
// time. `npm run react:wrappers` writes it; tests/unit/widget-registry.test.ts fails on a stale copy.
//   node --conditions=source tools/react-wrappers.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { WIDGETS, widgetModules } from '@obra/schema/widgets';

/** The generated file. */
export const WRAPPERS_FILE = fileURLToPath(new URL('../packages/react/src/components.ts', import.meta.url));

const pascal = (name: string) => name.replace(/(^|-)(\w)/g, (_, _dash: string, c: string) => c.toUpperCase());
const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The text of packages/react/src/components.ts, formatted as the repository formats it. */
export async function wrappersSource(): Promise<string> {
  const names = WIDGETS.map((widget) => {
    const { tag, register } = widgetModules(widget);
    return {
      widget,
      tag,
      register,
      component: pascal(tag),
      contract: `${camel(widget.name)}Contract`,
      attributes: `${camel(widget.name)}Attributes`,
      events: widget.events ? `${pascal(widget.name)}Events` : 'NoEvents',
    };
  });
  const packages = [...new Set(WIDGETS.map((widget) => widget.package))].sort();
  const imports = packages.map((name) => {
    const own = names.filter((entry) => entry.widget.package === name);
    const members = own.flatMap((entry) => [
      entry.contract,
      `type ${entry.attributes}`,
      ...(entry.widget.events ? [`type ${entry.events}`] : []),
    ]);
    return `import { ${members.join(', ')} } from '@obra/${name}';`;
  });
  const text = [
    '// Written by tools/react-wrappers.ts from the widget list (packages/schema/src/widgets.ts): do not edit;',
    '// run `npm run react:wrappers` after changing the list.',
    ...imports,
    "import { createWrapper, type ObraIntrinsicElement } from './create-wrapper.ts';",
    '',
    'type NoEvents = Record<never, never>;',
    ...names.flatMap((entry) => [
      '',
      `/** \`<${entry.tag}>\` for React: its attributes as camelCase props, its events as \`on…\` callbacks. */`,
      `export const ${entry.component} = createWrapper<typeof ${entry.contract}.attributes, ${entry.events}>(`,
      `  ${entry.contract},`,
      `  () => import('${entry.register}'),`,
      ');',
    ]),
    '',
    '/** Every Obra tag → its JSX props. */',
    'export interface ObraIntrinsicElements {',
    ...names.map((entry) => `  '${entry.tag}': ObraIntrinsicElement<typeof ${entry.attributes}, ${entry.events}>;`),
    '}',
    '',
  ].join('\n');
  return format(text, { ...(await resolveConfig(WRAPPERS_FILE)), filepath: WRAPPERS_FILE });
}

if (import.meta.main) {
  const text = await wrappersSource();
  if (readFileSync(WRAPPERS_FILE, 'utf8') !== text) writeFileSync(WRAPPERS_FILE, text);
  console.log(`wrote ${WRAPPERS_FILE}`);
}
