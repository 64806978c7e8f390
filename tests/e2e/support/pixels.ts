// What the visitor sees, as pixels: a screenshot of part of the page decoded by the page itself
// (createImageBitmap), for tests that must measure the picture, not the markup.
import type { Locator, Page } from 'playwright-core';

/** The colours of a screenshot region as `#rrggbb` → share of its pixels (0..1). */
export type Palette = Record<string, number>;

/** The colours of `target`'s box on the screen, or of `area` of it (CSS px from its top-left corner). */
export async function paletteOf(
  page: Page,
  target: Locator,
  area?: { x: number; y: number; width: number; height: number },
): Promise<Palette> {
  const box = (await target.boundingBox())!;
  const clip = area ? { x: box.x + area.x, y: box.y + area.y, width: area.width, height: area.height } : box;
  const png = await page.screenshot({ clip, scale: 'css' });
  return page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    const counts: Record<string, number> = {};
    for (let i = 0; i < data.length; i += 4) {
      const hex = `#${[data[i]!, data[i + 1]!, data[i + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
      counts[hex] = (counts[hex] ?? 0) + 1;
    }
    const total = data.length / 4;
    return Object.fromEntries(Object.entries(counts).map(([hex, n]) => [hex, n / total]));
  }, png.toString('base64'));
}
