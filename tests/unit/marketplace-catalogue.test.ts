// @vitest-environment node
// The catalogue data (docs/contributors/behaviour.md#catalogue-ten-unique-slugs): ten items, unique slugs, every text in es and en, images
// that exist and are listed for the bundle, and video URLs whose ids parse.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueAssets, searchSoftware, softwareCatalogue, videoId } from '@obra/marketplace';

/** The images the widgets draw; the data is @obra/catalogue's. */
const dir = join(import.meta.dirname, '../../packages/marketplace/catalogue');
const raw = JSON.parse(readFileSync(join(import.meta.dirname, '../../packages/catalogue/software.json'), 'utf8')) as {
  items: Record<string, unknown>[];
};
const LOCALIZED = ['category', 'description', 'features', 'useCases', 'pricing'] as const;
const FIELDS = ['id', 'slug', 'name', 'url', 'image', 'imgDetail', 'gallery', 'extraVideos', 'price', ...LOCALIZED];
/** Each program's tutorial videos: at least this many (docs/contributors/behaviour.md#constants shows 3 at a time). */
const MIN_VIDEOS = 3;

describe('catalogue data', () => {
  it('has ten items with unique ids and unique lowercase hyphenated slugs', () => {
    expect(softwareCatalogue).toHaveLength(10);
    const slugs = softwareCatalogue.map((item) => item.slug);
    expect(new Set(slugs).size).toBe(10);
    expect(new Set(softwareCatalogue.map((item) => item.id)).size).toBe(10);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it.each(raw.items.map((item) => [item.slug as string, item] as const))('%s has every field, every text in es and en', (_slug, item) => {
    expect(Object.keys(item).sort()).toEqual([...FIELDS].sort());
    expect(String(item.name).trim()).not.toBe('');
    expect(String(item.url)).toMatch(/^https:\/\//);
    for (const field of LOCALIZED) {
      const value = item[field] as Record<string, unknown>;
      expect(Object.keys(value).sort(), field).toEqual(['en', 'es']);
      const [es, en] = [value.es, value.en];
      if (Array.isArray(es)) {
        expect(Array.isArray(en) && en.length === es.length && es.length > 0, `${field} lists`).toBe(true);
        for (const text of [...es, ...(en as unknown[])]) expect(String(text).trim(), field).not.toBe('');
      } else {
        expect(String(es).trim(), `${field}.es`).not.toBe('');
        expect(String(en).trim(), `${field}.en`).not.toBe('');
      }
    }
    // The licence a price buys; the amount is written from \`price\` (one format: src/price.ts), never typed here.
    expect(item.pricing).toEqual({ es: 'Licencia anual', en: 'Annual licence' });
    expect(item.gallery).toHaveLength(3);
  });

  it('describes each hero artwork the widget draws: a #rrggbb colour and a one- or two-letter monogram', () => {
    for (const { slug, imgDetail } of softwareCatalogue) {
      expect(Object.keys(imgDetail).sort(), slug).toEqual(['color', 'monogram']);
      expect(imgDetail.color, slug).toMatch(/^#[0-9a-f]{6}$/);
      expect(imgDetail.monogram, slug).toMatch(/^\p{Lu}\p{Ll}?$/u);
    }
  });

  it('lists every image it names for the bundle, and every image file exists', () => {
    const named = softwareCatalogue.flatMap((item) => [item.image, ...item.gallery]);
    expect(named.filter((path) => !catalogueAssets[path])).toEqual([]);
    expect(Object.keys(catalogueAssets).filter((path) => !existsSync(join(dir, path)))).toEqual([]);
  });

  it('has videos with an 11-character id, a title in es and en, the channel, dates and the page they were found on', () => {
    const videos = softwareCatalogue.flatMap((item) => item.extraVideos);
    expect(videos.length).toBeGreaterThan(0);
    for (const video of videos) {
      expect(Object.keys(video).sort()).toEqual(['added', 'date', 'foundOn', 'published', 'title', 'url']);
      expect(videoId(video.url), video.url).toMatch(/^[A-Za-z0-9_-]{11}$/);
      expect(video.title.es.trim() && video.title.en.trim()).toBeTruthy();
      expect(video.published.trim()).not.toBe('');
      expect(
        [video.added, video.date].every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d))),
        video.url,
      ).toBe(true);
      // date is the video's or its source page's date: it cannot come after the day the entry was added.
      expect(video.date <= video.added, `${video.url} date ${video.date} after added ${video.added}`).toBe(true);
      expect(() => new URL(video.foundOn), video.url).not.toThrow();
      expect(video.foundOn, video.url).toMatch(/^https:\/\/[^/]+\/./);
      // A GitHub source is pinned to a commit, so what it says cannot change after it was read.
      if (new URL(video.foundOn).hostname === 'github.com')
        expect(video.foundOn, video.url).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{40}\/./);
    }
    // One program never lists the same video twice.
    for (const item of softwareCatalogue)
      expect(new Set(item.extraVideos.map((v) => videoId(v.url))).size, item.slug).toBe(item.extraVideos.length);
  });

  it(`gives every program at least ${MIN_VIDEOS} videos`, () => {
    const short = softwareCatalogue.filter((item) => item.extraVideos.length < MIN_VIDEOS).map((item) => item.slug);
    expect(short).toEqual([]);
  });

  it('prices every program in minor units of a currency, and writes no amount in its texts', () => {
    for (const item of softwareCatalogue) {
      expect(item.price, item.slug).toEqual({ amount: 19900, currency: 'usd' });
      expect(JSON.stringify([item.pricing, item.description, item.features, item.useCases]), item.slug).not.toMatch(
        /\d+\s*(USD|US\$)|\$\s*\d/,
      );
    }
  });
});

describe('videoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=0MXharjbIdY', '0MXharjbIdY'],
    ['https://youtube.com/watch?feature=share&v=0MXharjbIdY&t=42s', '0MXharjbIdY'],
    ['https://m.youtube.com/watch?v=0MXharjbIdY', '0MXharjbIdY'],
    ['https://youtu.be/0MXharjbIdY?si=abc', '0MXharjbIdY'],
    ['https://www.youtube.com/embed/0MXharjbIdY?start=3', '0MXharjbIdY'],
    ['https://www.youtube-nocookie.com/embed/0MXharjbIdY', '0MXharjbIdY'],
    ['https://www.youtube.com/shorts/0MXharjbIdY', '0MXharjbIdY'],
    ['https://www.youtube.com/watch?v=short', undefined],
    ['https://www.youtube.com/watch?v=0MXharjbIdY0', undefined],
    ['https://vimeo.com/0MXharjbIdY', undefined],
    ['https://www.youtube.com/playlist?list=PL123', undefined],
    ['not a url', undefined],
  ])('%s → %s', (url, id) => {
    expect(videoId(url)).toBe(id);
  });
});

describe('search', () => {
  it('matches the name or the category in the current language, case- and accent-insensitive', () => {
    const names = (term: string, lang: 'es' | 'en') => searchSoftware(softwareCatalogue, term, lang).map((item) => item.name);
    expect(names('SKETCH', 'es')).toEqual(['SketchUp']);
    expect(names('diseno', 'es')).toEqual(['AutoCAD']);
    expect(names('renderizado', 'es')).toEqual(['Lumion', 'Enscape', 'V-Ray', 'Blender']);
    expect(names('renderizado', 'en')).toEqual([]);
    expect(names('rendering', 'en')).toEqual(['Lumion', 'Enscape', 'V-Ray', 'Blender']);
    expect(names('  ', 'es')).toHaveLength(10);
  });
});
