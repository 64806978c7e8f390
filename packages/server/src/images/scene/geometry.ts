import type { P3, Spec } from './types.ts';

export const WIDTH = 1200;
export const HEIGHT = 800;
/** Where the ground line of the land's front edge sits. */
const GROUND_Y = 690;
/** Oblique projection: one metre of depth goes this far right and up (30°, halved). */
const DEPTH_X = 0.5 * Math.cos(Math.PI / 6);
const DEPTH_Y = 0.5 * Math.sin(Math.PI / 6);

const metres = (value: string, fallback: number, min: number, max: number) => {
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? Math.min(max, Math.max(min, n)) : fallback;
};

/** Sizes in metres (defaults when empty, clamped to something drawable) and the projection. */
export interface Frame {
  w: number;
  l: number;
  h: number;
  landW: number;
  landL: number;
  /** Pixels per metre. */
  s: number;
  /** Screen point of a point in metres, relative to the land's front-left corner. */
  at(p: P3): [number, number];
  /** Where the building's front-left corner stands on the land, in metres. */
  origin: P3;
}

/** Fits the land, and the building on it, into the picture; the building always reads clearly. */
export function frameFor(spec: Spec, roofRise: (w: number) => number): Frame {
  const w = metres(spec.anchoEdificacion, 12, 3, 300);
  const l = metres(spec.largoEdificacion, 15, 3, 300);
  const h = metres(spec.altoEdificacion, w > 20 ? 8 : 6, 2.5, 80);
  const landW = Math.max(metres(spec.ancho, w + 8, 3, 3000), w + 1);
  const landL = Math.max(metres(spec.longitud, l + 10, 3, 3000), l + 1);
  const top = h + roofRise(w);
  const fit = (lw: number, ll: number, hh: number) => Math.min(1000 / (lw + ll * DEPTH_X), 470 / (hh + ll * DEPTH_Y));
  // The land is to scale with the building, but a huge plot must not shrink the building to a dot
  // (the plot then runs off the picture).
  const s = Math.min(45, Math.max(fit(landW, landL, top), fit(w, l, top) * 0.55));
  const origin: P3 = [(landW - w) / 2, 0, Math.min((landL - l) / 2, 3 + l * 0.15)];
  const left = WIDTH / 2 - (origin[0] + w / 2 + (origin[2] + l / 2) * DEPTH_X) * s;
  const at = ([x, y, z]: P3): [number, number] => [left + (x + z * DEPTH_X) * s, GROUND_Y - (y + z * DEPTH_Y) * s];
  return { w, l, h, landW, landL, s, at, origin };
}

const n = (value: number) => Math.round(value * 10) / 10;

/** An SVG path through screen points, closed by default. */
export const path = (points: readonly (readonly [number, number])[], close = true) =>
  points.map(([x, y], i) => `${i ? 'L' : 'M'}${n(x)} ${n(y)}`).join('') + (close ? 'Z' : '');

/** A circle as a path (the PDF draws paths only). */
export const circle = (cx: number, cy: number, r: number) =>
  `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0Z`;

/** An axis-aligned rectangle as a path. */
export const rect = (x: number, y: number, w: number, h: number) =>
  path([
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ]);

/** A small deterministic random source (mulberry32) seeded from a string. */
export function random(seedText: string): () => number {
  let seed = 0;
  for (const ch of seedText) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) | 0;
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
