import type { Scene } from './scene/index.ts';

const escape = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The scene as a standalone SVG document (no scripts, no external references). */
export function toSvg(scene: Scene, title: string): string {
  const shapes = scene.shapes.map((s) => {
    const paint = s.fill ? `fill="${s.fill}"` : 'fill="none"';
    const stroke = s.stroke ? ` stroke="${s.stroke}" stroke-width="${s.width ?? 1}" stroke-linejoin="round" stroke-linecap="round"` : '';
    const opacity = s.opacity !== undefined && s.opacity < 1 ? ` opacity="${s.opacity}"` : '';
    return `<path d="${s.d}" ${paint}${stroke}${opacity}/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${scene.width} ${scene.height}" width="${scene.width}" height="${scene.height}" role="img"><title>${escape(title)}</title><desc>${escape(scene.title)}</desc><defs>${scene.defs.join('')}</defs>${shapes.join('')}</svg>\n`;
}
