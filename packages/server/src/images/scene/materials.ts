// Facade and roof materials: textures for the walls (drawn on the front as they are and sheared
// onto the side wall), explicit lines for the roof planes (so they follow each plane's slope, in the
// SVG and the PDF alike), and the plain colour each one falls back to.
import { circle, rect } from './geometry.ts';
import type { Matrix, Pattern, Shape } from './types.ts';

/** A facade finish: its colour, and the fills of the front and side walls. */
export interface Finish {
  flat: string;
  front: string;
  side: string;
  patterns: Pattern[];
}

// The side wall recedes at 30° and is foreshortened by half, like the projection in geometry.ts:
// skewY(-30°) after scale(0.5, 1).
const SIDE: Matrix = [0.5, 0.5 * Math.tan(-Math.PI / 6), 0, 1, 0, 0];

const twin = (id: string, size: [number, number], shapes: Shape[], flat: string): Finish => {
  const pattern = (suffix: string, transform?: Matrix): Pattern => ({
    id: `${id}-${suffix}`,
    width: size[0],
    height: size[1],
    flat,
    shapes,
    ...(transform ? { transform } : {}),
  });
  return { flat, front: `url(#${id}-front)`, side: `url(#${id}-side)`, patterns: [pattern('front'), pattern('side', SIDE)] };
};

const r = (v: number) => Math.round(v * 10) / 10;

/** The finish of a facade material at `s` pixels per metre; `smooth` renders it over (SATE). */
export function facadeFinish(material: string, s: number, smooth: boolean): Finish {
  const u = Math.min(2.2, Math.max(0.7, s / 22));
  if (smooth) {
    const tint = { Ladrillo: '#e4c9b4', Madera: '#e8dcc6', Vidrio: '#dfe6ea', 'Panel Sandwich': '#e3e5e6' }[material] ?? '#ece6da';
    return twin('render', [r(40 * u), r(40 * u)], [{ d: `M0 ${r(39.5 * u)}h${r(40 * u)}`, stroke: '#000', opacity: 0.04 }], tint);
  }
  if (material === 'Ladrillo') {
    const [b, c] = [r(16 * u), r(6 * u)];
    const bricks: Shape[] = [
      {
        d: `M0 0h${2 * b}M0 ${c}h${2 * b}M0 0v${c}M${b} 0v${c}M${b / 2} ${c}v${c}M${b * 1.5} ${c}v${c}`,
        stroke: '#e8d9c8',
        width: r(0.9 * u),
      },
      { d: rect(r(b + 0.6), 0.6, r(b - 1.2), r(c - 1.2)), fill: '#8e3b26', opacity: 0.35 },
      { d: rect(r(b / 2 + 0.6), r(c + 0.6), r(b - 1.2), r(c - 1.2)), fill: '#d07a58', opacity: 0.3 },
    ];
    return twin('brick', [2 * b, 2 * c], bricks, '#b0573b');
  }
  if (material === 'Madera') {
    const [b, h] = [r(7 * u), r(60 * u)];
    const boards = [0, 1, 2].flatMap((i): Shape[] => [
      { d: rect(i * b, 0, b, h), fill: ['#a8754a', '#9a6a41', '#b3804f'][i]! },
      { d: `M${i * b + r(b * 0.45)} 0v${h}`, stroke: '#7b5232', opacity: 0.25, width: 0.6 },
    ]);
    const joints: Shape = { d: `M0 0v${h}M${b} 0v${h}M${2 * b} 0v${h}`, stroke: '#5c3b22', width: r(0.9 * u) };
    return twin('wood', [3 * b, h], [...boards, joints], '#a5734a');
  }
  if (material === 'Vidrio') {
    const [gw, gh] = [r(30 * u), r(34 * u)];
    const panel: Shape[] = [
      { d: `M0 0h${gw}v${gh}H0Z`, fill: '#6f98b8' },
      { d: `M${r(gw * 0.15)} ${gh}L${r(gw * 0.75)} 0h${r(gw * 0.2)}L${r(gw * 0.35)} ${gh}Z`, fill: '#fff', opacity: 0.22 },
      { d: `M0 ${r(gh * 0.55)}L${r(gw * 0.3)} 0h${r(gw * 0.08)}L0 ${r(gh * 0.75)}Z`, fill: '#fff', opacity: 0.15 },
      { d: `M0 0h${gw}M0 0v${gh}`, stroke: '#39424a', width: r(1.6 * u) },
    ];
    return twin('glass', [gw, gh], panel, '#6f98b8');
  }
  if (material === 'Panel Sandwich') {
    const [g, h] = [r(8 * u), r(50 * u)];
    const ribs: Shape[] = [
      { d: `M${r(g * 0.3)} 0v${h}`, stroke: '#8e969e', width: r(1.2 * u) },
      { d: `M${r(g * 0.3 + 1.3 * u)} 0v${h}`, stroke: '#fff', opacity: 0.7, width: r(0.7 * u) },
      { d: `M0 ${r(49.5 * u)}h${g}`, stroke: '#8e969e', width: 0.7 },
    ];
    return twin('sandwich', [g, h], ribs, '#c8cdd1');
  }
  return twin('plaster', [r(40 * u), r(40 * u)], [], '#e9e2d4');
}

/** A roof material: base colour, the lines drawn across each plane and the finish's look. */
export interface RoofLook {
  flat: string;
  fill: string;
  /** Lines along the eave every `courses` metres of slope, and across it every `joints` metres. */
  courses?: number;
  joints?: number;
  /** Standing ribs down the slope every `ribs` metres. */
  ribs?: number;
  line: string;
  patterns: Pattern[];
}

/** A planted roof: tufts of green and a few flowers on a 24 × 18 tile. */
const GREEN_ROOF: Pattern = {
  id: 'green-roof',
  width: 24,
  height: 18,
  flat: '#5f8f3a',
  shapes: (
    [
      [4, 4, 3, '#74a64a'],
      [15, 9, 3.5, '#4d7b2e'],
      [8, 14, 2.5, '#86b55a'],
      [20, 2, 2, '#9cc46c'],
      [21, 15, 1.4, '#d9c55a'],
    ] as const
  ).map(([cx, cy, radius, fill]) => ({ d: circle(cx, cy, radius), fill })),
};

/** The look of a roof material (none chosen: grey standing-seam metal). */
export function roofLook(material: string): RoofLook {
  switch (material) {
    case 'Arcilla/Concreto':
      return { flat: '#b5532e', fill: '#b5532e', courses: 0.38, joints: 0.3, line: '#7a2f17', patterns: [] };
    case 'Asfalticos':
      return { flat: '#3f4247', fill: '#3f4247', courses: 0.3, joints: 0.9, line: '#1f2124', patterns: [] };
    case 'Panel Sandwich':
      return { flat: '#9aa5ae', fill: '#9aa5ae', ribs: 0.5, line: '#66707a', patterns: [] };
    case 'Techo Ecologico':
      return { flat: '#5f8f3a', fill: 'url(#green-roof)', line: '#3f6b25', patterns: [GREEN_ROOF] };
    default:
      return { flat: '#8b949b', fill: '#8b949b', ribs: 0.6, line: '#6c757c', patterns: [] };
  }
}
