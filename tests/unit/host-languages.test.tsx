// English means English (docs/contributors/host-site.md): every pre-rendered page, the 404 pages
// first, holds no text of the other language's site catalogue — in its text, its title and
// description, its labels, or the texts its script shows later (data attributes).
import { describe, expect, it } from 'vitest';
import esHost from '@obra/i18n/locales/es/host.json' with { type: 'json' };
import enHost from '@obra/i18n/locales/en/host.json' with { type: 'json' };
import { renderSite } from '../../host/src/render.tsx';
import type { Lang } from '../../host/src/routes.ts';

const ASSETS = { css: '', script: '/assets/main-T.js', loader: '/esm/loader.js', preload: {}, modules: { all: [], testCheckout: [] } };
const CATALOGUE: Record<Lang, unknown> = { es: esHost, en: enHost };

/** Every text of a catalogue by key (`notFound.title` → 'Page not found'). */
const texts = (node: unknown, prefix = ''): [string, string][] =>
  typeof node === 'string'
    ? [[prefix, node]]
    : Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => texts(value, prefix ? `${prefix}.${key}` : key));

/**
 * The texts only `lang` has: each catalogue text that differs from the other language's at the
 * same key, cut at its placeholders, the pieces long enough to be words of one language (names
 * and short shared words such as "Total" are not).
 */
function onlyIn(lang: Lang): string[] {
  const other = new Map(texts(CATALOGUE[lang === 'es' ? 'en' : 'es']));
  return texts(CATALOGUE[lang])
    .filter(([key, text]) => other.get(key) !== text)
    .flatMap(([, text]) => text.split(/\{\{[^}]*\}\}/))
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= 8);
}

/** What a visitor of `html` may read or hear: text, title, description, labels and the script's texts, outside parts marked in another language. */
function readable(html: string, lang: Lang): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of doc.querySelectorAll('script, style, [lang]'))
    if (
      element.tagName === 'SCRIPT' ||
      element.tagName === 'STYLE' ||
      (element.getAttribute('lang') !== lang && element !== doc.documentElement)
    )
      element.remove();
  const attributes = [...doc.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes]
      .filter(({ name }) => name.startsWith('data-') || ['aria-label', 'alt', 'title', 'placeholder', 'content'].includes(name))
      .map(({ value }) => value),
  );
  return [doc.title, doc.body.textContent ?? '', ...attributes].join('\n').replace(/\s+/g, ' ');
}

/** The other language's texts found in a page of `lang`. */
const foreign = (html: string, lang: Lang) => {
  const text = readable(html, lang);
  return onlyIn(lang === 'es' ? 'en' : 'es').filter((piece) => text.includes(piece));
};

describe('each page speaks its language only', () => {
  const site = renderSite(ASSETS);

  it('finds the other language when it is there (the check bites)', () => {
    const bilingual = `<html lang="en"><head><title>Page not found · Página no encontrada</title></head><body><p>${esHost.notFound.text}</p></body></html>`;
    expect(foreign(bilingual, 'en')).toEqual(expect.arrayContaining(['Página no encontrada', esHost.notFound.text]));
    // Marked as Spanish (the language toggle's label), it is not counted.
    expect(foreign(`<html lang="en"><body><span lang="es">${esHost.notFound.text}</span></body></html>`, 'en')).toEqual([]);
  });

  it.each(['en', 'es'] as const)('the %s 404 page: title and body in that language only', (lang) => {
    const html = site.get(`${lang}/not-found.html`)!;
    expect(readable(html, lang)).toContain((lang === 'en' ? enHost : esHost).notFound.text);
    expect(foreign(html, lang)).toEqual([]);
  });

  it('every other page too', () => {
    const mixed = [...site].flatMap(([file, html]) => {
      const lang = file.split('/')[0] as Lang;
      return foreign(html, lang).map((piece) => `${file}: ${piece}`);
    });
    expect(site.size).toBeGreaterThan(30);
    expect(mixed).toEqual([]);
  });
});
