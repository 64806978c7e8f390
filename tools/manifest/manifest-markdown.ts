import { replaceMarked } from '../docs/marked.ts';
import type { CustomElementsManifest } from './manifest.ts';

/** Markers around the generated reference in a Markdown file (docs/partners/embedding.md). */
export const REFERENCE_START = '<!-- reference:start (generated from the widget contracts: npm run docs:reference) -->';
export const REFERENCE_END = '<!-- reference:end -->';

const escape = (text: string) => text.replace(/\|/g, '\\|');
/** A default as code, unless it is already prose with code in it. */
const defaultText = (value: string | undefined) => (!value ? '—' : value.includes('`') ? escape(value) : `\`${escape(value)}\``);

/** The attribute, property, event and part tables of every element of a manifest, in Markdown. */
export function manifestMarkdown(manifest: CustomElementsManifest): string {
  const sections = manifest.modules
    .flatMap((m) => m.declarations)
    .map((d) => {
      const lines = [
        `### \`<${d.tagName}>\``,
        '',
        d.description,
        '',
        '| attribute | property | type | default | |',
        '|---|---|---|---|---|',
      ];
      for (const a of d.attributes)
        lines.push(
          `| \`${a.name}\` | \`${a.fieldName}\` | \`${escape(a.type.text)}\` | ${defaultText(a.default)} | ${escape(a.description)} |`,
        );
      lines.push('');
      if (d.events.length) {
        lines.push('| event | React prop | type | |', '|---|---|---|---|');
        for (const e of d.events) {
          const prop = `on${e.name.slice('obra-'.length).replace(/(^|-)(\w)/g, (_m: string, _d: string, c: string) => c.toUpperCase())}`;
          lines.push(`| \`${e.name}\` | \`${prop}\` | \`${escape(e.type.text)}\` | ${escape(e.description)} |`);
        }
      } else lines.push('No events.');
      lines.push('', 'Parts:', ...d.cssParts.map((p) => `- \`${p.name}\`: ${p.description}`));
      return lines.join('\n');
    });
  // Every widget reads the same theme; the first declaration's list stands for all.
  const theme = ['### CSS custom properties (every widget)', '', '| property | default | |', '|---|---|---|'];
  for (const p of manifest.modules[0]?.declarations[0]?.cssProperties ?? [])
    theme.push(`| \`${p.name}\` | \`${escape(p.default)}\` | ${escape(p.description)} |`);
  return [REFERENCE_START, '', ...sections.flatMap((s) => [s, '']), theme.join('\n'), '', REFERENCE_END].join('\n');
}

/** `markdown` with the text between the reference markers replaced by `reference`. */
export const replaceReference = (markdown: string, reference: string): string =>
  replaceMarked(markdown, REFERENCE_START, REFERENCE_END, reference);
