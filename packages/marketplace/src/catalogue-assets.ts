// Every image the catalogue names, located with new URL(…, import.meta.url) so the bundle build copies it
// next to the bundle. Kept one level under the package root so the same paths hold in src/ and in
// tsup's dist/ chunks. A new image in the catalogue (@obra/catalogue's software.json) needs its line here (a test checks).
/** Catalogue image path (relative to catalogue/) → its URL. */
export const catalogueAssets: Record<string, string> = {
  'gallery/model.svg': new URL('../catalogue/gallery/model.svg', import.meta.url).href,
  'gallery/plan.svg': new URL('../catalogue/gallery/plan.svg', import.meta.url).href,
  'gallery/render.svg': new URL('../catalogue/gallery/render.svg', import.meta.url).href,
  'gallery/section.svg': new URL('../catalogue/gallery/section.svg', import.meta.url).href,
  'gallery/site.svg': new URL('../catalogue/gallery/site.svg', import.meta.url).href,
  'gallery/structure.svg': new URL('../catalogue/gallery/structure.svg', import.meta.url).href,
  'logos/archicad.svg': new URL('../catalogue/logos/archicad.svg', import.meta.url).href,
  'logos/autocad.svg': new URL('../catalogue/logos/autocad.svg', import.meta.url).href,
  'logos/blender.svg': new URL('../catalogue/logos/blender.svg', import.meta.url).href,
  'logos/enscape.svg': new URL('../catalogue/logos/enscape.svg', import.meta.url).href,
  'logos/lumion.svg': new URL('../catalogue/logos/lumion.svg', import.meta.url).href,
  'logos/revit.svg': new URL('../catalogue/logos/revit.svg', import.meta.url).href,
  'logos/rhino.svg': new URL('../catalogue/logos/rhino.svg', import.meta.url).href,
  'logos/sketchup.svg': new URL('../catalogue/logos/sketchup.svg', import.meta.url).href,
  'logos/twinmotion.svg': new URL('../catalogue/logos/twinmotion.svg', import.meta.url).href,
  'logos/v-ray.svg': new URL('../catalogue/logos/v-ray.svg', import.meta.url).href,
};

/** The URL of a catalogue image path, as copied next to the bundle; empty for a path the asset table lacks. */
export const assetUrl = (path: string): string => catalogueAssets[path] ?? '';
