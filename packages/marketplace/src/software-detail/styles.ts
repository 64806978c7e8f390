import { SLIDES_FROM } from './use-carousel.ts';

/**
 * The carousel's slides per view and whether its controls show, by its own width (SLIDES_FROM):
 * a carousel whose slides all fit (`data-count` up to the slides in view) does not move. Built
 * from the table, so it comes after the minified template (which takes no interpolation).
 */
const carouselWidths = SLIDES_FROM.map(([from, slides]) => {
  const fit = Array.from({ length: slides - 1 }, (_, i) => `[data-count="${i + 2}"]`).join();
  return `@container carousel (min-width:${from}px){.carousel-viewport{--per-view:${slides}}.carousel:is(${fit}) .carousel-controls{display:none}}`;
}).join('');

/** Layout of a software's page, its carousel and video overlay; it follows the widget's own width (container queries). */
export const softwareDetailStyles =
  /* css */ `
.obra-root{container-type:inline-size}
.software-detail{display:grid;gap:28px;padding:24px}
.software-detail h2{font-size:30px;line-height:1.2}
.software-detail h3{margin:0 0 8px;font-size:20px}
.hero{display:grid;gap:20px}
.hero-image{position:relative;margin:0}
.hero-image svg{display:block;width:100%;height:auto;border-radius:calc(var(--_radius) * 1.5)}
.badge{position:absolute;top:12px;inset-inline-start:12px;padding:4px 12px;border-radius:999px;font-weight:700;font-size:15px;
  background:var(--_bg);color:var(--_text);box-shadow:0 2px 8px rgb(0 0 0 / .25)}
.summary{display:grid;gap:12px;align-content:start}
.summary .category{color:var(--_muted);font-weight:600}
.summary .visit{justify-self:start;text-decoration:none}
.buy{display:grid;gap:6px;justify-items:start}
.buy-error{margin:0;color:var(--_error);font-weight:600}
.buy-error:empty{display:none}
.facts{display:grid;gap:20px}
.bullets{margin:0;padding-inline-start:20px;display:grid;gap:4px}
.pricing{font-weight:600}
.gallery{list-style:none;margin:0;padding:0;display:grid;gap:8px;grid-template-columns:repeat(3,1fr)}
.gallery img{display:block;width:100%;height:auto;border-radius:var(--_radius)}
.not-found p{padding:16px;background:var(--_surface);border-radius:var(--_radius);font-weight:600}
.carousel{display:grid;gap:8px;container:carousel / inline-size}
.carousel-controls{display:flex;gap:8px;justify-content:flex-end}
.carousel-controls button{font:inherit;min-width:44px;min-height:44px;border-radius:var(--_radius);border:1px solid var(--_border);
  background:var(--_bg);color:var(--_text);cursor:pointer;font-size:18px}
.carousel-viewport{overflow:hidden;--per-view:1}
.carousel-track{display:flex}
.carousel-slide{flex:0 0 calc(100% / var(--per-view));padding:4px;display:flex}
.video-card{font:inherit;color:var(--_text);text-align:start;width:100%;display:grid;align-content:start;gap:6px;padding:0 0 8px;background:var(--_surface);
  border:1px solid #e5e7eb;border-radius:var(--_radius);cursor:pointer;overflow:hidden}
.thumb{position:relative;display:block;background:#d1d5db}
.thumb img{position:relative;display:block;width:100%;height:auto;aspect-ratio:4 / 3;object-fit:cover;background:#d1d5db}
${/* A thumbnail the network or a blocker keeps away: a broken image renders its ::after, which covers the browser's broken-image icon with the grey card (no script needed, so the pre-rendered view has it too). */ ''}
.thumb img::after{content:"";position:absolute;inset:0;background:#d1d5db}
.play{position:absolute;inset:0;margin:auto;width:56px;height:56px;display:grid;place-items:center;border-radius:50%;
  background:rgb(0 0 0 / .65);color:#fff;font-size:22px}
.video-title{padding:0 10px;font-weight:600}
.video-channel{padding:0 10px;font-size:14px;color:var(--_muted)}
.video-overlay{font:inherit;color:var(--_text);background:var(--_bg);border:0;border-radius:calc(var(--_radius) * 1.5);padding:16px;
  width:min(960px,calc(100vw - 24px));max-width:none;box-shadow:0 20px 50px rgb(0 0 0 / .4)}
.video-overlay::backdrop{background:rgb(17 24 39 / .75)}
.video-head{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between;margin-bottom:12px}
.video-head h2{flex:1 1 12em}
.video-overlay .close{flex:none;white-space:nowrap}
.obra-root .video-overlay h2{font-size:18px;line-height:1.3}
.video-frame{position:relative;aspect-ratio:16 / 9}
.video-frame iframe{position:absolute;inset:0;width:100%;height:100%;border:0;border-radius:var(--_radius)}
@media (prefers-reduced-motion:reduce){.carousel-track{transition:none !important}}
@container (max-width:400px){.software-detail{padding:16px 12px}}
@container (min-width:640px){.facts{grid-template-columns:repeat(3,1fr)}.gallery{gap:12px}}
@container (min-width:880px){.hero{grid-template-columns:1.2fr 1fr;align-items:start}}
` + carouselWidths;
