// A partner's own words (docs/partners/embedding.md, "Your own words"): heading and intro per
// language or for every language, as plain cleaned text, with Obra's as the default; and the
// partner's code carried by the catalogue's More links.
import { describe, expect, it } from 'vitest';
import '@obra/wait-list/register';
import '@obra/marketplace/marketplace/register';
import { attr, ownWords, wordsAttributes, WORDS_MAX } from '@obra/element';
import { detailHref } from '@obra/marketplace';
import { change, mount } from './support/mount.ts';

const parse = (value: string | null) => wordsAttributes.heading.parse(value);

describe('the words attributes', () => {
  it('keep plain text: controls, direction overrides and invisible characters become one space; trimmed; capped', () => {
    expect(parse(null)).toBe('');
    expect(parse('  Únete a   nuestra\nlista  ')).toBe('Únete a nuestra lista');
    expect(parse('Hola\u202eadmin\u200b\u2066ya')).toBe('Hola admin ya');
    expect(parse('<b>Lista</b>')).toBe('<b>Lista</b>');
    expect(Array.from(parse('ñ'.repeat(500)))).toHaveLength(WORDS_MAX.heading);
    expect(Array.from(wordsAttributes.intro.parse('😀'.repeat(500)))).toHaveLength(WORDS_MAX.intro);
    // The same cleaning as any text attribute would not do: a plain string keeps what it gets.
    expect(attr.string().parse(' a ')).toBe(' a ');
  });

  it("choose the language's own words, then every language's, then the fallback", () => {
    const words = { heading: 'Todos', headingEs: 'Español', headingEn: '', intro: '', introEs: '', introEn: '' };
    expect(ownWords(words, 'heading', 'es', 'Obra')).toBe('Español');
    expect(ownWords(words, 'heading', 'en', 'Obra')).toBe('Todos');
    expect(ownWords(words, 'intro', 'en', 'Obra')).toBe('Obra');
  });
});

describe("<obra-wait-list> with a partner's words", () => {
  it("shows them in each language, as text, and Obra's where none is given", async () => {
    const { host, screen, shadow } = await mount(
      '<obra-wait-list lang="es" heading-es="Únete a la lista de Acme" intro="<img src=x onerror=alert(1)> Te avisamos."></obra-wait-list>',
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Únete a la lista de Acme');
    expect(shadow.querySelector('.intro')?.textContent).toBe('<img src=x onerror=alert(1)> Te avisamos.');
    expect(shadow.querySelector('.intro img')).toBeNull();
    await change(() => host.setAttribute('lang', 'en'));
    // No English heading given: Obra's; the intro is for every language.
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Join the wait list');
    expect(shadow.querySelector('.intro')?.textContent).toBe('<img src=x onerror=alert(1)> Te avisamos.');
    await change(() => host.setAttribute('heading-en', 'Join Acme’s list'));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Join Acme’s list');
    await change(() => {
      host.removeAttribute('heading-en');
      host.removeAttribute('intro');
    });
    expect(shadow.querySelector('.intro')?.textContent).not.toContain('Te avisamos');
    host.remove();
  });
});

describe("the catalogue's More links", () => {
  it("carry the partner's code to the product page, unless the template names one", () => {
    expect(detailHref('', 'es', 'revit', 'Acme')).toBe('/es/producto/revit?partner=Acme');
    expect(detailHref('https://obra.example/{lang}/product/{slug}?ref=x#top', 'en', 'revit', 'Acme')).toBe(
      'https://obra.example/en/product/revit?ref=x&partner=Acme#top',
    );
    expect(detailHref('/p/{slug}?partner=Otro', 'en', 'revit', 'Acme')).toBe('/p/revit?partner=Otro');
    expect(detailHref('/p/{slug}', 'en', 'a b', '')).toBe('/p/a%20b');
  });

  it('are written with the partner attribute in the widget', async () => {
    const { host, shadow } = await mount(
      '<obra-marketplace lang="en" partner="Acme" detail-href="https://obra.example/{lang}/product/{slug}"></obra-marketplace>',
    );
    const links = [...shadow.querySelectorAll<HTMLAnchorElement>('a.more')].map((a) => a.getAttribute('href'));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^https:\/\/obra\.example\/en\/product\/[a-z0-9-]+\?partner=Acme$/);
    host.remove();
  });
});
