// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createI18n, normalizeLang } from '@obra/i18n';
import { waitListCatalogues } from '@obra/wait-list';

const root = join(import.meta.dirname, '../..');
const locales = join(root, 'packages/i18n/locales');
const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const read = (lang: string, file: string) => JSON.parse(readFileSync(join(locales, lang, file), 'utf8')) as Record<string, unknown>;

/** Every dotted key path of a catalogue. */
function keys(catalogue: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as Record<string, unknown>, `${prefix}${key}.`),
  );
}

describe('catalogues', () => {
  const namespaces = readdirSync(join(locales, 'es'));

  it('exist in both languages with the same files', () => {
    expect(readdirSync(join(locales, 'en')).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('%s has the same keys in es and en, none empty', (file) => {
    const [es, en] = [read('es', file), read('en', file)];
    expect(keys(en).sort()).toEqual(keys(es).sort());
    for (const [lang, catalogue] of [
      ['es', es],
      ['en', en],
    ] as const) {
      const empty = keys(catalogue).filter(
        (key) => !String(key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue)).trim(),
      );
      expect(empty, `${lang}/${file}`).toEqual([]);
    }
  });

  // The code of every package, of the host site and of the builds (the console's page): where catalogue keys are named.
  const code = [
    ...readdirSync(join(root, 'packages'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\/src\/.*\.tsx?$/.test(file))
      .map((file) => join(root, 'packages', file)),
    ...['host/src', 'tools'].flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => join(root, dir, file)),
    ),
  ]
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

  it('has no key that no code names', () => {
    const literals = new Set([...code.matchAll(/['"`]([\w.-]+)['"`]/g)].map((match) => match[1]!));
    // `consoleWork.sort.${column}` names every key under it; a key built from a namespace alone
    // (`server.${message.key}`, `common.${error}`) must have its own part named somewhere.
    const prefixes = [...code.matchAll(/`([\w-]+\.[\w.-]+\.)\$\{/g)].map((match) => match[1]!);
    const whole = new Set([...code.matchAll(/`([\w-]+)\.\$\{/g)].map((match) => match[1]!));
    const unused = namespaces.flatMap((file) => {
      const namespace = camel(file.replace('.json', ''));
      return keys(read('es', file))
        .map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ''))
        .filter((key) => {
          const full = `${namespace}.${key}`;
          return !literals.has(full) && !prefixes.some((prefix) => full.startsWith(prefix)) && !(whole.has(namespace) && literals.has(key));
        })
        .map((key) => `${namespace}.${key}`);
    });
    expect(unused).toEqual([]);
  });

  it('has every key the code uses', () => {
    // Translators merge namespaces under camelCase names: locales/*/wait-list.json → `waitList.…`.
    const known = new Set(
      namespaces
        .flatMap((file) => keys(read('es', file), `${camel(file.replace('.json', ''))}.`))
        .map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')),
    );
    // The host's translators are `t`.
    const used = [...code.matchAll(/\bt\(\s*'([^']+)'/g)].map((match) => match[1]!);
    // Template keys (t(`waitList.question.${choice}`)) must have keys under their prefix.
    const prefixes = [...code.matchAll(/\bt\(\s*`([^`$]+)\$\{/g)].map((match) => match[1]!);
    expect(used.filter((key) => key.startsWith('host.')).length).toBeGreaterThan(10);
    expect(used.length).toBeGreaterThan(100);
    expect(used.filter((key) => !known.has(key))).toEqual([]);
    expect(prefixes.filter((prefix) => ![...known].some((key) => key.startsWith(prefix)))).toEqual([]);
  });
});

describe('createI18n', () => {
  it('gives each instance its own language', () => {
    const a = createI18n(waitListCatalogues, 'es');
    const b = createI18n(waitListCatalogues, 'en');
    expect([a.t('waitList.submit'), b.t('waitList.submit')]).toEqual(['Enviar', 'Send']);
    a.setLang('en');
    expect([a.lang, a.t('waitList.submit'), b.t('waitList.submit')]).toEqual(['en', 'Send', 'Send']);
    b.setLang('es');
    expect(a.t('waitList.submit')).toBe('Send');
  });

  it('interpolates without HTML escaping and picks plural forms', () => {
    const i18n = createI18n(waitListCatalogues, 'en');
    expect(i18n.t('common.counter', { count: 3, max: 300 })).toBe('3 of 300 characters');
    expect(i18n.t('common.invalidCount', { count: 1 })).toBe('Check the highlighted field.');
    expect(i18n.t('common.invalidCount', { count: 4 })).toBe('Check the 4 highlighted fields.');
  });

  it('falls back to Spanish, then to the key, and leaves a placeholder it has no value for', () => {
    const i18n = createI18n({ es: { a: { b: 'Hola {{name}}' }, only: 'solo es' }, en: { a: { b: 'Hello {{ name }}' } } }, 'en');
    expect(i18n.t('a.b' as never, { name: 'Eva' })).toBe('Hello Eva');
    expect(i18n.t('a.b' as never)).toBe('Hello {{ name }}');
    expect(i18n.t('only' as never)).toBe('solo es');
    expect(i18n.t('missing.key' as never)).toBe('missing.key');
  });

  it.each([
    ['en-GB', 'en'],
    ['ES', 'es'],
    ['es_CO', 'es'],
    ['fr', undefined],
    ['', undefined],
    [null, undefined],
  ])('normalizeLang(%j) is %j', (input, expected) => {
    expect(normalizeLang(input)).toBe(expected);
  });
});
