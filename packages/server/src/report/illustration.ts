// The report's picture drawn as vectors: the same scene as the SVG the API serves (images/scene),
// kept inside its frame, its textures (brick, boards, glass, panels, a green roof) drawn as PDF
// tiling patterns from the same description as the SVG's <pattern>s. Gradients fall back to their
// plain colour.
import {
  LineCapStyle,
  LineJoinStyle,
  PDFDict,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  clip,
  concatTransformationMatrix,
  endPath,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  setGraphicsState,
  setLineCap,
  setLineJoin,
  setLineWidth,
  setStrokingRgbColor,
  stroke,
  type PDFDocument,
  type PDFPage,
} from 'pdf-lib';
// pdf-lib's own SVG path reader (drawSvgPath uses it), not in its index: patterns need the bare operators.
import { svgPathToOperators } from 'pdf-lib/cjs/api/svgPath.js';
import { drawScene, type Matrix, type Pattern, type Shape, type Spec } from '../images/scene/index.ts';

/** The red, green and blue of `#rrggbb`, 0..1 each. */
export const channels = (colour: string): [number, number, number] => {
  const n = Number.parseInt(colour.slice(1).padEnd(6, '0').slice(0, 6), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
};

/** `first`, then `then`: the matrix of both transforms in that order. */
function compose(first: Matrix, then: Matrix): Matrix {
  const [a1, b1, c1, d1, e1, f1] = first;
  const [a2, b2, c2, d2, e2, f2] = then;
  return [a2 * a1 + c2 * b1, b2 * a1 + d2 * b1, a2 * c1 + c2 * d1, b2 * c1 + d2 * d1, a2 * e1 + c2 * f1 + e2, b2 * e1 + d2 * f1 + f2];
}

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** Paints one shape with plain colours (`gs` names the graphics state of an opacity); a `url(…)` fill falls back to `flat`. */
function paint(shape: Shape, gs: (opacity: number) => string): PDFOperator[] {
  const colour = shape.fill?.startsWith('url(') ? shape.flat : shape.fill;
  const ops = [pushGraphicsState()];
  if (shape.opacity !== undefined && shape.opacity < 1) ops.push(setGraphicsState(gs(shape.opacity)));
  if (colour) ops.push(setFillingRgbColor(...channels(colour)), ...svgPathToOperators(shape.d), fill());
  if (shape.stroke)
    ops.push(
      setStrokingRgbColor(...channels(shape.stroke)),
      setLineWidth(shape.width ?? 1),
      setLineCap(LineCapStyle.Round),
      setLineJoin(LineJoinStyle.Round),
      ...svgPathToOperators(shape.d),
      stroke(),
    );
  ops.push(popGraphicsState());
  return ops;
}

/**
 * A tiling pattern of `pattern`, as it lands on the page: its matrix maps the tile through the
 * pattern's own transform and then `toPage` (the scene's placement), so it lines up as in the SVG.
 */
function tilingPattern(pdf: PDFDocument, pattern: Pattern, toPage: Matrix) {
  const states = new Map<string, number>();
  const gs = (opacity: number) => {
    const name = `GS${Math.round(opacity * 100)}`;
    states.set(name, opacity);
    return name;
  };
  // No background in the tile: the shape is filled with it first (drawIllustration), since a
  // renderer that antialiases each cell's edges (poppler) would show the seams between cells.
  const ops = pattern.shapes.flatMap((shape) => paint(shape, gs));
  const stream = pdf.context.contentStream(ops, {
    Type: 'Pattern',
    PatternType: 1,
    PaintType: 1,
    TilingType: 1,
    BBox: [0, 0, pattern.width, pattern.height],
    XStep: pattern.width,
    YStep: pattern.height,
    Matrix: [...compose(pattern.transform ?? IDENTITY, toPage)],
    Resources: {
      ExtGState: Object.fromEntries([...states].map(([name, opacity]) => [name, { Type: 'ExtGState', ca: opacity, CA: opacity }])),
    },
  });
  return pdf.context.register(stream);
}

/** Puts `pattern` in the page's resources under its id, and returns the name to fill with. */
function patternName(pdf: PDFDocument, page: PDFPage, pattern: Pattern, toPage: Matrix): string {
  const { Resources } = page.node.normalizedEntries();
  let patterns = Resources.lookupMaybe(PDFName.of('Pattern'), PDFDict);
  if (!patterns) {
    patterns = pdf.context.obj({});
    Resources.set(PDFName.of('Pattern'), patterns);
  }
  const name = `Obra-${pattern.id}`;
  if (!patterns.has(PDFName.of(name))) patterns.set(PDFName.of(name), tilingPattern(pdf, pattern, toPage));
  return name;
}

/**
 * Draws the illustration of `spec` `width` points wide with its top-left corner at (`x`, `top`),
 * clipped to that frame (the skyline runs past the picture's edges), with a thin border; returns
 * its height.
 */
export function drawIllustration(pdf: PDFDocument, page: PDFPage, spec: Spec, x: number, top: number, width: number): number {
  const scene = drawScene(spec);
  const scale = width / scene.width;
  const height = scene.height * scale;
  const toPage: Matrix = [scale, 0, 0, -scale, x, top];
  const patterns = new Map(scene.patterns.map((pattern) => [`url(#${pattern.id})`, pattern]));
  page.pushOperators(pushGraphicsState(), rectangle(x, top - height, width, height), clip(), endPath());
  for (const shape of scene.shapes) {
    const pattern = shape.fill ? patterns.get(shape.fill) : undefined;
    if (!pattern) {
      const [r, g, b] = channels((shape.fill?.startsWith('url(') ? shape.flat : shape.fill) ?? '#000000');
      page.drawSvgPath(shape.d, {
        x,
        y: top,
        scale,
        ...(shape.fill ? { color: rgb(r, g, b), opacity: shape.opacity ?? 1 } : {}),
        ...(shape.stroke
          ? { borderColor: rgb(...channels(shape.stroke)), borderWidth: (shape.width ?? 1) * scale, borderOpacity: shape.opacity ?? 1 }
          : {}),
      });
      continue;
    }
    const name = patternName(pdf, page, pattern, toPage);
    page.drawSvgPath(shape.d, { x, y: top, scale, color: rgb(...channels(pattern.flat)) });
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(...toPage),
      PDFOperator.of(PDFOperatorNames.NonStrokingColorspace, [PDFName.of('Pattern')]),
      PDFOperator.of(PDFOperatorNames.NonStrokingColorN, [PDFName.of(name)]),
      ...svgPathToOperators(shape.d),
      fill(),
      popGraphicsState(),
    );
  }
  page.pushOperators(popGraphicsState());
  page.drawRectangle({ x, y: top - height, width, height, borderColor: rgb(...channels('#c9ccd0')), borderWidth: 0.5 });
  return height;
}
