import type { Frame } from './geometry.ts';
import { path } from './geometry.ts';
import { facadeFinish, roofLook } from './materials.ts';
import { planeShapes, roofShape, type Plane } from './roof.ts';
import type { P3, Pattern, Shape, Spec } from './types.ts';

const INK = '#23272b';
const GLASS = 'url(#window-glass)';

/** The building: shadow, side wall, roof, front wall, openings and the use's small cues. */
export function buildingShapes(spec: Spec, frame: Frame): { shapes: Shape[]; patterns: Pattern[] } {
  const { w, l, h } = frame;
  const [ox, , oz] = frame.origin;
  const move = ([x, y, z]: P3): P3 => [x + ox, y, z + oz];
  const at = (p: P3) => frame.at(move(p));
  const poly = (points: P3[]) => path(points.map(at));
  const roof = roofShape(spec.diseno, w, l, h);
  const finish = facadeFinish(spec.materialFachada, frame.s, spec.tipoFachada === 'Sistema SATE');
  const look = roofLook(spec.materialCubierta);
  const shapes: Shape[] = [];

  // Sun from the front left: the shadow falls back and to the right.
  const [sx, sz] = [Math.min(h, 12) * 0.55, Math.min(h, 12) * 0.35];
  shapes.push({
    d: poly([
      [0, 0, 0],
      [w, 0, 0],
      [w + sx, 0, sz],
      [w + sx, 0, l + sz],
      [sx, 0, l + sz],
      [0, 0, l],
    ]),
    fill: '#10202c',
    opacity: 0.22,
  });

  const side = poly([
    [w, 0, 0],
    [w, 0, l],
    [w, roof.sideTop, l],
    [w, roof.sideTop, 0],
  ]);
  shapes.push(
    { d: side, fill: finish.side, flat: finish.flat },
    ...wallDetails(spec, frame, 'side', move),
    { d: side, fill: '#0b1420', opacity: 0.2 },
    { d: side, stroke: INK, width: 1, opacity: 0.6 },
  );
  shapes.push(...sideWindows(spec, frame, roof.sideTop, move));

  if (spec.diseno === 'Plano') {
    const top = h + 0.8;
    const coping = poly([
      [0, top, 0],
      [w, top, 0],
      [w, top, l],
      [0, top, l],
    ]);
    shapes.push({ d: coping, fill: '#d9d6cf' }, { d: coping, stroke: INK, width: 1, opacity: 0.5 });
  }
  for (const [i, plane] of roof.planes.entries()) {
    shapes.push(...planeShapes(plane, look, frame, move));
    const glass = roof.glazing[i];
    if (glass) shapes.push(...glazing(glass, frame, move));
  }
  // The front parapet's shadow on a flat roof.
  if (spec.diseno === 'Plano')
    shapes.push({
      d: poly([
        [0.3, h + 0.8, 0.3],
        [w - 0.3, h + 0.8, 0.3],
        [w - 0.3, h + 0.8, 1],
        [0.3, h + 0.8, 1],
      ]),
      fill: '#000',
      opacity: 0.14,
    });

  const front = poly([[0, 0, 0], [w, 0, 0], ...roof.profile.toReversed().map(([x, y]): P3 => [x, y, 0])]);
  shapes.push({ d: front, fill: finish.front, flat: finish.flat }, ...wallDetails(spec, frame, 'front', move), {
    d: front,
    stroke: INK,
    width: 1.2,
    opacity: 0.7,
  });
  shapes.push(...frontOpenings(spec, frame, move));
  return { shapes, patterns: [...finish.patterns, ...look.patterns] };
}

function glazing(plane: Plane, frame: Frame, move: (p: P3) => P3): Shape[] {
  const d = path(plane.map((p) => frame.at(move(p))));
  const [a, b] = plane;
  const mullions: string[] = [];
  for (let z = 1.5; z < b[2] - a[2]; z += 1.5)
    mullions.push(path([frame.at(move([a[0], a[1], z])), frame.at(move([a[0], plane[2][1], z]))], false));
  return [
    { d, fill: GLASS, flat: '#5d7f99' },
    { d: mullions.join('') || d, stroke: '#2f3840', width: 1, opacity: 0.8 },
    { d, stroke: INK, width: 1, opacity: 0.7 },
  ];
}

/** Joints and bands of the wall type over the facade material. */
function wallDetails(spec: Spec, frame: Frame, face: 'front' | 'side', move: (p: P3) => P3): Shape[] {
  const { w, l, h } = frame;
  const along = face === 'front' ? w : l;
  const at = (u: number, y: number) => frame.at(move(face === 'front' ? [u, y, 0] : [w, y, u]));
  const lines: string[] = [];
  const shapes: Shape[] = [];
  if (spec.tipoFachada === 'Ventilada') {
    for (let u = 1.2; u < along; u += 1.2) lines.push(path([at(u, 0.4), at(u, h)], false));
    for (let y = 0.4; y < h; y += 0.6) lines.push(path([at(0, y), at(along, y)], false));
    shapes.push({ d: lines.join(''), stroke: '#1d2226', width: Math.max(0.8, frame.s / 28), opacity: 0.45 });
  } else if (spec.tipoFachada === 'Ligeras') {
    for (let u = 1.2; u < along; u += 1.2) lines.push(path([at(u, 0), at(u, h)], false));
    shapes.push({ d: lines.join(''), stroke: '#3a4046', width: 0.8, opacity: 0.35 });
  }
  if (spec.tipoFachada === 'Tradicional' || spec.tipoFachada === 'Sistema SATE') {
    const band = spec.tipoFachada === 'Tradicional' ? 0.7 : 0.35;
    shapes.push({
      d: path([at(0, 0), at(along, 0), at(along, band), at(0, band)]),
      fill: spec.tipoFachada === 'Tradicional' ? '#8c8478' : '#5b5f63',
      opacity: 0.9,
    });
  }
  return shapes;
}

interface Opening {
  x: number;
  y: number;
  w: number;
  h: number;
  kind: 'window' | 'door' | 'roller' | 'shop';
}

/** Floors of about 3.2 m (a tall single-storey shed counts as one). */
const floors = (h: number, industrial: boolean) => (industrial ? 1 : Math.max(1, Math.floor(h / 3.1)));

function frontOpenings(spec: Spec, frame: Frame, move: (p: P3) => P3): Shape[] {
  const { w, h } = frame;
  const industrial = spec.uso === 'warehouse' || spec.uso === 'factory';
  const glassWall = spec.materialFachada === 'Vidrio' && spec.tipoFachada !== 'Sistema SATE';
  const nf = floors(h, industrial);
  const fh = h / nf;
  const openings: Opening[] = [];
  const doorW = Math.min(1.1, w * 0.15);
  if (industrial) {
    const rw = Math.min(4.5, w * 0.35);
    openings.push(
      { x: w * 0.18, y: 0, w: rw, h: Math.min(4.5, h * 0.65), kind: 'roller' },
      { x: w * 0.18 + rw + 1, y: 0, w: doorW, h: 2.1, kind: 'door' },
    );
    for (let x = 1; x + 1.8 < w - 0.5; x += 2.4) openings.push({ x, y: h - 1.6, w: 1.8, h: 0.8, kind: 'window' });
  } else {
    const shop = spec.uso === 'commercial';
    openings.push({ x: w / 2 - doorW / 2, y: 0, w: doorW * (shop ? 1.6 : 1), h: Math.min(2.2, fh * 0.8), kind: 'door' });
    if (shop) {
      openings.push(
        { x: 0.6, y: 0.3, w: w / 2 - doorW / 2 - 1.2, h: Math.min(2.6, fh * 0.8), kind: 'shop' },
        { x: w / 2 + doorW * 1.1 + 0.6, y: 0.3, w: w / 2 - doorW * 1.1 - 1.2, h: Math.min(2.6, fh * 0.8), kind: 'shop' },
      );
    }
    if (!glassWall) {
      const count = Math.max(2, Math.floor(w / 3.2));
      const ww = Math.min(1.5, (w / count) * 0.55);
      for (let f = shop ? 1 : 0; f < nf; f += 1) {
        for (let i = 0; i < count; i += 1) {
          const x = ((i + 0.5) * w) / count - ww / 2;
          if (f === 0 && Math.abs(x + ww / 2 - w / 2) < doorW + 0.3) continue;
          openings.push({ x, y: f * fh + fh * 0.32, w: ww, h: Math.min(1.5, fh * 0.45), kind: 'window' });
        }
      }
    }
  }
  const at = (x: number, y: number) => frame.at(move([x, y, 0]));
  const shapes: Shape[] = [];
  for (const o of openings) {
    const d = path([at(o.x, o.y), at(o.x + o.w, o.y), at(o.x + o.w, o.y + o.h), at(o.x, o.y + o.h)]);
    if (o.kind === 'roller') {
      const slats = Array.from({ length: Math.round(o.h / 0.25) }, (_, i) =>
        path([at(o.x, o.y + i * 0.25), at(o.x + o.w, o.y + i * 0.25)], false),
      ).join('');
      shapes.push({ d, fill: '#b9bec2' }, { d: slats, stroke: '#7f878e', width: 1 }, { d, stroke: INK, width: 1.5 });
    } else if (o.kind === 'door') {
      shapes.push(
        { d, fill: spec.materialFachada === 'Madera' ? '#5b3a22' : '#6b4a33' },
        { d, stroke: INK, width: 1.5 },
        { d: path([at(o.x + o.w * 0.8, o.y + 1), at(o.x + o.w * 0.8, o.y + 1.05)], false), stroke: '#d8c27a', width: 3 },
      );
    } else {
      const mid = path([at(o.x + o.w / 2, o.y), at(o.x + o.w / 2, o.y + o.h)], false);
      shapes.push({ d, fill: GLASS, flat: '#5d7f99' }, { d: mid, stroke: '#3b4248', width: 1.2 }, { d, stroke: '#2f353a', width: 1.6 });
      if (o.kind === 'window' && o.y > 0.1)
        shapes.push({
          d: path([at(o.x - 0.1, o.y - 0.08), at(o.x + o.w + 0.1, o.y - 0.08), at(o.x + o.w + 0.1, o.y), at(o.x - 0.1, o.y)]),
          fill: '#e8e4dc',
        });
    }
  }
  if (spec.uso === 'commercial')
    shapes.push({
      d: path([
        at(0.4, Math.min(2.9, fh * 0.85)),
        at(w - 0.4, Math.min(2.9, fh * 0.85)),
        at(w - 0.4, Math.min(3.5, fh * 0.98)),
        at(0.4, Math.min(3.5, fh * 0.98)),
      ]),
      fill: '#1f5f8b',
    });
  if (spec.uso === 'institutional') {
    const base = frame.at(move([-1.5, 0, 0]));
    const topY = base[1] - Math.min(h + 3, 14) * frame.s;
    shapes.push(
      { d: path([base, [base[0], topY]], false), stroke: '#55595d', width: 2 },
      {
        d: path([
          [base[0], topY],
          [base[0] + 1.6 * frame.s, topY + 0.3 * frame.s],
          [base[0], topY + 1 * frame.s],
        ]),
        fill: '#c9462c',
      },
    );
  }
  return shapes;
}

function sideWindows(spec: Spec, frame: Frame, wallTop: number, move: (p: P3) => P3): Shape[] {
  const { w, l, h } = frame;
  if (spec.materialFachada === 'Vidrio' && spec.tipoFachada !== 'Sistema SATE') return [];
  const industrial = spec.uso === 'warehouse' || spec.uso === 'factory';
  const nf = floors(h, industrial);
  const fh = h / nf;
  const at = (z: number, y: number) => frame.at(move([w, y, z]));
  const shapes: Shape[] = [];
  for (let f = 0; f < nf; f += 1) {
    const y = industrial ? Math.min(wallTop, h) - 1.6 : f * fh + fh * 0.32;
    const wh = industrial ? 0.8 : Math.min(1.5, fh * 0.45);
    for (let z = 1.8; z + 1.4 < l - 0.8; z += 3.6) {
      const d = path([at(z, y), at(z + 1.4, y), at(z + 1.4, y + wh), at(z, y + wh)]);
      shapes.push({ d, fill: GLASS, flat: '#4f6f87' }, { d, fill: '#0b1420', opacity: 0.15 }, { d, stroke: '#2f353a', width: 1.3 });
    }
  }
  return shapes;
}
