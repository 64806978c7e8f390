// A pseudo-language for the tests (docs/contributors/architecture.md#languages): every text of the
// Spanish catalogues with its letters accented and 40 % longer, added to the language list as one
// line while esbuild builds a widget or the site's renderer. Nothing is written to the repository:
// the plugin adds the line to lang.ts, regenerates the catalogues' modules for the longer list and
// answers the pseudo-language's catalogue files from the Spanish ones.
import type { Plugin } from 'esbuild';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { LANGS } from '@obra/schema';
import { CATALOGUES_DIR, namespaceModule } from '../../../tools/i18n/catalogues.ts';

/** The pseudo-language's code (ISO 639's private-use range: no browser or Intl knows it). */
export const PSEUDO = 'qps';

/** The currencies' codes, written as data in every language. */
export const CURRENCIES = ['USD', 'US$', 'COP', 'EUR', 'MXN'];

/** The one line the language list gets. */
const PSEUDO_LINE = `  { code: '${PSEUDO}', name: 'Ƥšéûđö' },`;

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'àƀçđéƒĝĥîĵķĺɱñöƥʠŕšţûʋŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖƤɊŔŠŢÛṼŴẊÝŽ';
const accent = (text: string) => text.replace(/[A-Za-z]/g, (letter) => ACCENTED[PLAIN.indexOf(letter)]!);

/**
 * A text in the pseudo-language: no ASCII letter left outside `{{placeholders}}` (a plain letter
 * on screen is a text no catalogue gave), 40 % more characters in words of up to 5 letters.
 */
export function pseudo(text: string): string {
  const parts = text.split(/(\{\{[^}]*\}\}|<\/?\w+>)/);
  const body = parts.map((part, i) => (i % 2 ? part : accent(part))).join('');
  const length = parts.filter((_, i) => i % 2 === 0).join('').length;
  const extra = Math.ceil(length * 0.4);
  if (!extra) return body;
  const padding = 'ẋ'.repeat(extra).replace(/(.{5})(?=.)/g, '$1 ');
  return `${body} ${padding}`;
}

/** A whole catalogue in the pseudo-language. */
function pseudoCatalogue(catalogue: unknown): unknown {
  if (typeof catalogue === 'string') return pseudo(catalogue);
  if (Array.isArray(catalogue)) return catalogue.map(pseudoCatalogue);
  return Object.fromEntries(Object.entries(catalogue as Record<string, unknown>).map(([key, value]) => [key, pseudoCatalogue(value)]));
}

const locales = join(CATALOGUES_DIR, '../../locales');

/** The software catalogue's texts (`{ es, en }` beside each program) with the pseudo-language's, made from the Spanish. */
function withPseudoTexts(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(withPseudoTexts);
  if (!data || typeof data !== 'object') return data;
  const entries = Object.entries(data).map(([key, value]) => [key, withPseudoTexts(value)]);
  return 'es' in data && 'en' in data
    ? { ...Object.fromEntries(entries), [PSEUDO]: pseudoCatalogue(data.es) }
    : Object.fromEntries(entries);
}

/** The esbuild plugin: the list with the pseudo-language's line, its catalogues made from the Spanish ones. */
export function pseudoLocale(): Plugin {
  return {
    name: 'pseudo-locale',
    setup(build) {
      build.onLoad({ filter: /packages[\\/]schema[\\/]src[\\/]lang\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const end = source.indexOf('] as const;');
        return { contents: `${source.slice(0, end)}${PSEUDO_LINE}\n${source.slice(end)}`, loader: 'ts' };
      });
      build.onLoad({ filter: /packages[\\/]i18n[\\/]src[\\/]catalogues[\\/][\w-]+\.ts$/ }, (args) => {
        const name = basename(args.path, '.ts');
        if (name === 'index') return undefined;
        return { contents: namespaceModule(name, [...LANGS, PSEUDO]), loader: 'ts', resolveDir: CATALOGUES_DIR };
      });
      build.onLoad({ filter: /packages[\\/]catalogue[\\/]software\.json$/ }, (args) => ({
        contents: JSON.stringify(withPseudoTexts(JSON.parse(readFileSync(args.path, 'utf8')))),
        loader: 'json',
      }));
      build.onResolve({ filter: new RegExp(`locales/${PSEUDO}/[\\w-]+\\.json$`) }, (args) => ({
        path: join(locales, 'es', args.path.split('/').pop()!),
        namespace: 'pseudo-catalogue',
      }));
      build.onLoad({ filter: /.*/, namespace: 'pseudo-catalogue' }, (args) => ({
        contents: JSON.stringify(pseudoCatalogue(JSON.parse(readFileSync(args.path, 'utf8')))),
        loader: 'json',
      }));
    },
  };
}

/**
 * What a page in the pseudo-language shows that no catalogue gave, and every text wider than its
 * box, in its shadow roots too. Not text: a word of one of the `data` strings (names the page
 * shows), a word in an element `notText` selects (where data is shown), an address (a token with
 * `@` or `://`), a word with a digit (a number, a date, a code), what the browser's Intl writes for
 * a language it does not know (its months and AM/PM: a real language has its own), and whatever is
 * marked as another language (each other language's switch, in its own words). A text of data only
 * is as long in every language: its width is not the language's doing. A text clipped to nothing
 * on purpose (visually hidden: screen readers read it whole) does not overflow.
 */
export function findings(page: Page, data: Iterable<string>, notText: string): Promise<{ plain: string[]; overflow: string[] }> {
  return page.evaluate(
    ([data, notText, pseudoLang]) => {
      const plain: string[] = [];
      const overflow: string[] = [];
      const intl = new Set(
        Array.from({ length: 24 }, (_, hour) =>
          (['medium', 'long'] as const).flatMap((dateStyle) =>
            new Intl.DateTimeFormat(pseudoLang, { dateStyle, timeStyle: 'short' })
              .formatToParts(new Date(2026, hour % 12, 1, hour))
              .filter((part) => part.type === 'month' || part.type === 'dayPeriod')
              .map((part) => part.value),
          ),
        ).flat(),
      );
      const split = (text: string) =>
        text
          .split(/\s+/)
          .filter((token) => !/@|:\/\//.test(token))
          .flatMap((token) => token.split(/[:;,.()/·–—¿?¡!"“”«»]+/));
      // The data's words whole (an address's too), as the page may show them in lower case (a source's host).
      const dataWords = new Set(data.flatMap((text) => text.toLowerCase().split(/[\s:;,.()/·–—¿?¡!"“”«»@]+/)));
      const isData = (word: string) => /\d/.test(word) || intl.has(word) || dataWords.has(word.toLowerCase());
      const clipped = (el: Element) => {
        for (let at: Element | null = el; at; at = at.parentElement) if (getComputedStyle(at).clipPath === 'inset(50%)') return true;
        return false;
      };
      const where = (el: Element) =>
        `${el.localName}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}`;
      const visit = (root: Document | ShadowRoot) => {
        for (const el of root.querySelectorAll('*')) {
          if (el.shadowRoot) visit(el.shadowRoot);
          if (!el.checkVisibility() || ['SCRIPT', 'STYLE', 'TEMPLATE', 'svg'].includes(el.nodeName)) continue;
          const own = [...el.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE)
            .map((node) => node.textContent!.trim())
            .filter(Boolean);
          const words = [...own, ...['placeholder', 'aria-label', 'title', 'alt'].map((name) => el.getAttribute(name) ?? '')];
          for (const word of words.flatMap(split))
            if (
              /[A-Za-z]/.test(word) &&
              !isData(word) &&
              !el.closest(notText) &&
              (el.closest('[lang]')?.getAttribute('lang') ?? pseudoLang) === pseudoLang
            )
              plain.push(`${where(el)}: ${word}`);
          const box = el as HTMLElement;
          if (
            own.length &&
            !own.flatMap(split).every(isData) &&
            box.clientWidth > 1 &&
            box.scrollWidth > box.clientWidth + 1 &&
            !clipped(el)
          )
            overflow.push(`${where(el)}: ${own.join(' ').slice(0, 40)}`);
        }
      };
      visit(document);
      return { plain: [...new Set(plain)], overflow: [...new Set(overflow)] };
    },
    [[...data], notText, PSEUDO] as const,
  );
}
