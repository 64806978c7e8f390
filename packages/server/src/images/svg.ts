import { drawScene, type Pattern, type Scene, type Shape, type Spec } from './scene/index.ts';

// XML 1.0 allows tab, line breaks and the printable planes only; anything else (NUL, other
// controls, lone surrogates, U+FFFE/FFFF) makes the document unreadable, so it is dropped.
const ILLEGAL = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const escape = (text: string) => text.replace(ILLEGAL, '').replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

const path = (s: Shape) => {
  const paint = s.fill ? `fill="${s.fill}"` : 'fill="none"';
  const stroke = s.stroke ? ` stroke="${s.stroke}" stroke-width="${s.width ?? 1}" stroke-linejoin="round" stroke-linecap="round"` : '';
  const opacity = s.opacity !== undefined && s.opacity < 1 ? ` opacity="${s.opacity}"` : '';
  return `<path d="${s.d}" ${paint}${stroke}${opacity}/>`;
};

const pattern = (p: Pattern) =>
  `<pattern id="${p.id}" patternUnits="userSpaceOnUse" width="${p.width}" height="${p.height}"${p.transform ? ` patternTransform="matrix(${p.transform.map((n) => Math.round(n * 1e4) / 1e4).join(' ')})"` : ''}><rect width="${p.width}" height="${p.height}" fill="${p.flat}"/>${p.shapes.map(path).join('')}</pattern>`;

/** The scene as a standalone SVG document (no scripts, no external references), `title` its accessible name. */
export function toSvg(scene: Scene, title: string): string {
  const defs = [...scene.patterns.map(pattern), ...scene.defs].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${scene.width} ${scene.height}" width="${scene.width}" height="${scene.height}" role="img"><title>${escape(title)}</title><desc>${escape(scene.title)}</desc><defs>${defs}</defs>${scene.shapes.map(path).join('')}</svg>\n`;
}

/**
 * The embedded illustrator's picture of `spec` as the API serves it (/api/images/<id>.svg); the
 * host site draws its projects with it at build time.
 */
export function illustrationSvg(spec: Spec): string {
  const scene = drawScene(spec);
  return toSvg(scene, `Obra — ${scene.title}`);
}
