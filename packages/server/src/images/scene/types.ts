import type { ImageSpec } from '@obra/schema';

/** A filled and/or stroked path in the 1200×800 picture (y down). */
export interface Shape {
  d: string;
  /** A colour, or `url(#id)` of a pattern in {@link Scene.patterns} or a gradient in {@link Scene.defs}. */
  fill?: string;
  /** The plain colour standing in for a `url(#…)` fill where it cannot be drawn (a gradient in the PDF). */
  flat?: string;
  stroke?: string;
  width?: number;
  opacity?: number;
}

/** An SVG transform matrix `[a, b, c, d, e, f]`: (x, y) → (a·x + c·y + e, b·x + d·y + f). */
export type Matrix = readonly [a: number, b: number, c: number, d: number, e: number, f: number];

/**
 * A texture (brick, boards, glass, panels, a green roof): a `width` × `height` tile in the
 * picture's units, filled with `flat` and the tile's shapes, repeated from the picture's origin
 * through `transform`. Drawn as an SVG `<pattern>` and as a PDF tiling pattern from this one description.
 */
export interface Pattern {
  id: string;
  width: number;
  height: number;
  flat: string;
  shapes: Shape[];
  transform?: Matrix;
}

/** A drawing: its textures, SVG `<defs>` (gradients) and the shapes, back to front. */
export interface Scene {
  width: number;
  height: number;
  patterns: Pattern[];
  defs: string[];
  shapes: Shape[];
  /** One line of text for `<title>`/`<desc>`. */
  title: string;
}

/** The canonical spec: every field present, empty when not chosen. */
export type Spec = { [K in keyof ImageSpec]-?: string };

/** A point in metres: x across the front, y up, z back along the length. */
export type P3 = readonly [x: number, y: number, z: number];
