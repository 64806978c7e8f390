import type { ImageSpec } from '@obra/schema';

/** A filled and/or stroked path in the 1200×800 picture (y down). */
export interface Shape {
  d: string;
  /** A colour, or `url(#id)` of a gradient or pattern in {@link Scene.defs}. */
  fill?: string;
  /** The plain colour standing in for a `url(#…)` fill where patterns cannot be drawn (the PDF). */
  flat?: string;
  stroke?: string;
  width?: number;
  opacity?: number;
}

/** A drawing: SVG `<defs>` (patterns, gradients) and the shapes, back to front. */
export interface Scene {
  width: number;
  height: number;
  defs: string[];
  shapes: Shape[];
  /** One line of text for `<title>`/`<desc>`. */
  title: string;
}

/** The canonical spec: every field present, empty when not chosen. */
export type Spec = { [K in keyof ImageSpec]-?: string };

/** A point in metres: x across the front, y up, z back along the length. */
export type P3 = readonly [x: number, y: number, z: number];
