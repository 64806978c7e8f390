import type { Frame } from './geometry.ts';
import { path } from './geometry.ts';
import type { RoofLook } from './materials.ts';
import type { P3, Shape } from './types.ts';

/** The height the roof adds above the walls, for a building `w` metres wide. */
export function roofRise(design: string, w: number): number {
  if (design === 'Doble pendiente') return w * 0.26;
  if (design === 'Una sola pendiente') return w * 0.16;
  if (design === 'Arco') return w * 0.28;
  if (design === 'Discontinua') return Math.min(0.42 * (w / teeth(w)), 3.2);
  return 0.8;
}

/** Saw teeth across the front of a Discontinua roof. */
const teeth = (w: number) => Math.max(2, Math.min(6, Math.round(w / 7)));

/** A plane of the roof: corners eave-start, eave-end, top-end, top-start (metres, local). */
export type Plane = readonly [P3, P3, P3, P3];

/** The front wall's outline from the left eave to the right one, and each roof plane, back to front. */
export interface RoofShape {
  profile: [number, number][];
  planes: Plane[];
  /** Vertical glass strips of a saw-tooth roof (facing the viewer's side). */
  glazing: Plane[];
  /** Height of the side (right) wall. */
  sideTop: number;
}

const E = 0.45;

/** The geometry of each roof design over a w × l building with walls h high. */
export function roofShape(design: string, w: number, l: number, h: number): RoofShape {
  const r = roofRise(design, w);
  if (design === 'Doble pendiente') {
    const drop = E * (r / (w / 2));
    return {
      profile: [
        [0, h],
        [w / 2, h + r],
        [w, h],
      ],
      planes: [
        [
          [-E, h - drop, -E],
          [-E, h - drop, l + E],
          [w / 2, h + r, l + E],
          [w / 2, h + r, -E],
        ],
        [
          [w + E, h - drop, -E],
          [w + E, h - drop, l + E],
          [w / 2, h + r, l + E],
          [w / 2, h + r, -E],
        ],
      ],
      glazing: [],
      sideTop: h,
    };
  }
  if (design === 'Una sola pendiente') {
    const t = r / w;
    return {
      profile: [
        [0, h + r],
        [w, h],
      ],
      planes: [
        [
          [w + E, h - E * t, -E],
          [w + E, h - E * t, l + E],
          [-E, h + r + E * t, l + E],
          [-E, h + r + E * t, -E],
        ],
      ],
      glazing: [],
      sideTop: h,
    };
  }
  if (design === 'Arco') {
    const y = (x: number) => h - 0.2 + (r + 0.2) * Math.sqrt(Math.max(0, 1 - ((x - w / 2) / (w / 2 + E)) ** 2));
    const xs = Array.from({ length: 25 }, (_, i) => -E + ((w + 2 * E) * i) / 24);
    const planes: Plane[] = [];
    for (let i = 0; i < xs.length - 1; i += 1) {
      const [a, b] = [xs[i]!, xs[i + 1]!];
      // Only the strips facing the viewer (slope below 30° or going down): the others are behind.
      if ((y(b) - y(a)) / (b - a) < 0.57)
        planes.push([
          [a, y(a), -E],
          [a, y(a), l + E],
          [b, y(b), l + E],
          [b, y(b), -E],
        ]);
    }
    return {
      profile: xs
        .filter((x) => x >= 0 && x <= w)
        .concat(w)
        .map((x) => [x, y(x)]),
      planes,
      glazing: [],
      sideTop: y(w),
    };
  }
  if (design === 'Discontinua') {
    const n = teeth(w);
    const tw = w / n;
    const profile: [number, number][] = [[0, h]];
    const planes: Plane[] = [];
    const glazing: Plane[] = [];
    for (let i = 0; i < n; i += 1) {
      const [a, b] = [i * tw, (i + 1) * tw];
      profile.push([b, h + r]);
      if (i < n - 1) profile.push([b, h]);
      planes.push([
        [a, h, 0],
        [a, h, l],
        [b, h + r, l],
        [b, h + r, 0],
      ]);
      glazing.push([
        [b, h, 0],
        [b, h, l],
        [b, h + r, l],
        [b, h + r, 0],
      ]);
    }
    return { profile, planes, glazing, sideTop: h };
  }
  // Plano: a parapet 0.8 m above the roof, seen from above.
  return {
    profile: [
      [0, h + r],
      [w, h + r],
    ],
    planes: [
      [
        [0.3, h + r, 0.3],
        [w - 0.3, h + r, 0.3],
        [w - 0.3, h + r, l - 0.3],
        [0.3, h + r, l - 0.3],
      ],
    ],
    glazing: [],
    sideTop: h + r,
  };
}

const lerp = (a: P3, b: P3, t: number): P3 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const dist = (a: P3, b: P3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** Brightness of a plane under a sun from the front left, 0.55 (away) to 1 (facing it). */
function light([a, b, , d]: Plane): number {
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v = [d[0] - a[0], d[1] - a[1], d[2] - a[2]];
  let n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
  if (n[1]! < 0 || (n[1] === 0 && n[0]! < 0)) n = n.map((c) => -c);
  const len = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
  const sun = [-0.45, 0.8, -0.4];
  return 0.55 + 0.45 * Math.max(0, (n[0]! * sun[0]! + n[1]! * sun[1]! + n[2]! * sun[2]!) / len / Math.hypot(...sun));
}

/** The shapes of one roof plane: material, texture lines, shading and outline. */
export function planeShapes(plane: Plane, look: RoofLook, frame: Frame, move: (p: P3) => P3): Shape[] {
  const at = (p: P3) => frame.at(move(p));
  const [a, b, c, d] = plane;
  const outline = path(plane.map(at));
  const lines: string[] = [];
  const eave = dist(a, b);
  const slope = dist(a, d);
  if (look.courses) {
    const rows = Math.max(2, Math.round(slope / look.courses));
    for (let i = 1; i < rows; i += 1) lines.push(path([at(lerp(a, d, i / rows)), at(lerp(b, c, i / rows))], false));
    if (look.joints && eave / look.joints < 400) {
      const cols = Math.round(eave / look.joints);
      for (let i = 0; i < rows; i += 1) {
        for (let j = 1; j < cols; j += 1) {
          const g = Math.min(1, (j + (i % 2) * 0.5) / cols);
          lines.push(
            path([at(lerp(lerp(a, b, g), lerp(d, c, g), i / rows)), at(lerp(lerp(a, b, g), lerp(d, c, g), (i + 0.55) / rows))], false),
          );
        }
      }
    }
  }
  const highlights: string[] = [];
  if (look.ribs) {
    const cols = Math.max(2, Math.round(eave / look.ribs));
    for (let j = 1; j < cols; j += 1) {
      lines.push(path([at(lerp(a, b, j / cols)), at(lerp(d, c, j / cols))], false));
      highlights.push(path([at(lerp(a, b, (j + 0.18) / cols)), at(lerp(d, c, (j + 0.18) / cols))], false));
    }
  }
  const shade = 1 - light(plane);
  return [
    { d: outline, fill: look.fill, flat: look.flat },
    ...(lines.length ? [{ d: lines.join(''), stroke: look.line, width: Math.max(0.6, frame.s / 30), opacity: 0.75 }] : []),
    ...(highlights.length ? [{ d: highlights.join(''), stroke: '#ffffff', width: Math.max(0.5, frame.s / 45), opacity: 0.35 }] : []),
    ...(shade > 0.02 ? [{ d: outline, fill: '#0b1420', opacity: Math.round(shade * 0.9 * 100) / 100 }] : []),
    { d: outline, stroke: '#2a2623', width: 1, opacity: 0.55 },
  ];
}
