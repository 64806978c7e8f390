// @vitest-environment node
// Languages are data (docs/contributors/architecture.md#languages): the catalogues' modules are
// generated from the list, and no source file spells the languages instead of reading the list.
// The pseudo-language that proves a new one is a line and its catalogues: tests/e2e/pseudo-locale.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inEveryLang, LANGS, langOr, normalizeLang, perLang } from '@obra/schema';
import { CATALOGUES_DIR, indexModule, namespaceModule, namespaces } from '../../tools/i18n/catalogues.ts';

const root = join(import.meta.dirname, '../..');

describe('the language list', () => {
  it('is read by normalizeLang and langOr, the first language being the default', () => {
    expect(LANGS.map((lang) => normalizeLang(lang.toUpperCase()))).toEqual(LANGS);
    expect([langOr('fr'), langOr(null), langOr(`${LANGS[1]}-XX`)]).toEqual([LANGS[0], LANGS[0], LANGS[1]]);
  });

  it('gives stored texts keyed by language for every language, one a value lacks read as the first’s', () => {
    const [first, ...others] = LANGS;
    expect(inEveryLang({ [first]: 'Nuevo' })).toEqual(perLang(() => 'Nuevo'));
    expect(inEveryLang(perLang((lang) => `name-${lang}`))).toEqual(
      Object.fromEntries([first, ...others].map((lang) => [lang, `name-${lang}`])),
    );
  });

  it('has generated the catalogues modules from the list and locales/ (npm run i18n:catalogues)', () => {
    const expected = Object.fromEntries([
      ...namespaces().map((name) => [`${name}.ts`, namespaceModule(name)]),
      ['index.ts', indexModule()],
    ]);
    const actual = Object.fromEntries(readdirSync(CATALOGUES_DIR).map((file) => [file, readFileSync(join(CATALOGUES_DIR, file), 'utf8')]));
    expect(actual).toEqual(expected);
  });
});

/** What spells the languages instead of reading the list: each would need a change for a new language. */
const SPELLINGS: [string, RegExp][] = [
  ["a catalogue imported per language (@obra/i18n/catalogues has every language's)", /^import (?!type )\w+ from '[^']*locales\/[a-z]+\//m],
  ['a hand-written language type', /'(es|en)' \| '(es|en)'/],
  ['a coercion or a two-way toggle', /[=!]== ?'(es|en)' \?|\? '(es|en)' : '(es|en)'/],
  ['a default spelled instead of DEFAULT_LANG or langOr', /\?\? '(es|en)'/],
  ['a hand-written list of the languages', /\['(es|en)', '(es|en)'\]|\[es, en\] = /],
  ['a second isLang', /\bconst isLang\b/],
  ["a partner's words attribute per language", /'(heading|intro)-(es|en)'/],
  ['a CHECK on the languages', /lang in \(/i],
];

/**
 * What still spells a language, each named: the migrations before 117 keep their
 * history (117 drops their CHECKs; 120 moves the stages' and templates' per-language columns to
 * texts keyed by language).
 */
const NOT_YET: Record<string, string> = {
  'packages/server/migrations/060_notifications.sql': 'dropped by 117',
  'packages/server/migrations/100_console_work.sql': 'dropped by 117',
};

const sources = (dir: string, pattern: RegExp): string[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => pattern.test(file) && !file.includes('node_modules') && !file.includes('/dist/'))
    .map((file) => join(dir, file));

describe('the sources', () => {
  const files = [
    ...sources('packages', /\/src\/.*\.tsx?$/),
    ...sources('packages/server/migrations', /\.sql$/),
    ...sources('host/src', /\.tsx?$/),
  ].filter((file) => !file.startsWith('packages/i18n/src/catalogues/'));

  it('spell no language: they read the list', () => {
    const found = files.flatMap((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return SPELLINGS.filter(([, pattern]) => pattern.test(text) && !(file === 'packages/schema/src/lang.ts')).map(
        ([what]) => `${relative('.', file)}: ${what}`,
      );
    });
    expect(found.filter((line) => !(line.split(':')[0]! in NOT_YET))).toEqual([]);
    // What is left is named above; each entry still spells a language (remove it when it no longer does).
    expect(Object.keys(NOT_YET).filter((file) => !found.some((line) => line.startsWith(`${file}:`)))).toEqual([]);
  });

  it('drop the CHECKs of the old migrations (117)', () => {
    const dropped = readFileSync(join(root, 'packages/server/migrations/117_langs_from_the_list.sql'), 'utf8');
    expect(dropped).toContain('drop constraint if exists notification_rule_lang_check');
    expect(dropped).toContain('drop constraint if exists admin_user_lang_check');
  });
});
