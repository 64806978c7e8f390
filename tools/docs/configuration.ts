// The tables of every environment variable in docs/operators/configuration.md, written from the
// schema that parses them (packages/server/src/config-schema.ts): `npm run docs:config`.
import { readFileSync, writeFileSync } from 'node:fs';
import { SECTIONS, type Variable } from '@obra/server/config';
import { replaceMarked } from './marked.ts';

/** The page the tables live in, from the repository's root. */
export const CONFIG_DOC = 'docs/operators/configuration.md';
const START = '<!-- config:start (generated from packages/server/src/config-schema.ts: npm run docs:config) -->';
const END = '<!-- config:end -->';

const escape = (text: string) => text.replace(/\|/g, '\\|');

function row(name: string, variable: Variable): string {
  const names = `\`${name}\`${variable.alias ? ` (formerly \`${variable.alias}\`)` : ''}`;
  const value = variable.expects + (variable.zero ? `; 0: ${variable.zero}` : '');
  return `| ${names} | ${escape(variable.shown) || '—'} | ${escape(value)} | ${escape(variable.doc)} |`;
}

/** The generated block, markers included: one table per section of the schema. */
export function configTables(): string {
  const sections = SECTIONS.map(({ title, variables }) =>
    [
      `### ${title}`,
      '',
      '| variable | default | value | |',
      '|---|---|---|---|',
      ...Object.entries(variables).map(([name, variable]) => row(name, variable as Variable)),
    ].join('\n'),
  );
  return [START, '', sections.join('\n\n'), '', END].join('\n');
}

/** `markdown` (the configuration page) with its tables as the schema writes them. */
export const withConfigTables = (markdown: string): string => replaceMarked(markdown, START, END, configTables());

if (import.meta.main) writeFileSync(CONFIG_DOC, withConfigTables(readFileSync(CONFIG_DOC, 'utf8')));
