import { backdropShapes, baseDefs, foreground } from './backdrop.ts';
import { buildingShapes } from './building.ts';
import { HEIGHT, WIDTH, frameFor, random } from './geometry.ts';
import { roofRise } from './roof.ts';
import type { Scene, Spec } from './types.ts';

export type { Matrix, Pattern, Scene, Shape, Spec } from './types.ts';

/**
 * The illustration of the described building (docs/contributors/behaviour.md#image-generation): roof design, dimensions to scale,
 * facade and roof materials, wall type, use and zone. A pure function of the spec: the same spec
 * draws the same picture, so it can be stored under the spec's hash.
 */
export function drawScene(input: Spec): Scene {
  const spec = { ...input, diseno: input.diseno || 'Doble pendiente', zona: input.zona || 'zone1' };
  const frame = frameFor(spec, (w) => roofRise(spec.diseno, w));
  const rand = random(JSON.stringify(spec));
  const building = buildingShapes(spec, frame);
  return {
    width: WIDTH,
    height: HEIGHT,
    patterns: building.patterns,
    defs: baseDefs(spec.zona),
    shapes: [...backdropShapes(spec.zona, frame, rand), ...building.shapes, ...foreground(spec.zona, frame, rand)],
    title: `${frame.w} × ${frame.l} × ${frame.h} m`,
  };
}
