/**
 * Layout of the design form. Two panels side by side when the widget itself is wide, stacked when
 * it is narrow (container queries: the widget follows its own width, not the page's).
 */
export const designFormStyles = /* css */ `
.obra-root{container-type:inline-size}
.design-form{display:grid;gap:20px;padding:20px;background:var(--_surface);border-radius:calc(var(--_radius) * 1.5)}
.design-form h2{font-size:24px;line-height:1.25}
.design-form h3{font-size:18px;margin:0}
.intro{color:var(--_muted)}
.layout{display:grid;gap:20px}
.image-panel{display:grid;gap:10px;align-content:start;padding:16px;background:var(--_bg);border-radius:var(--_radius);border:1px solid #d1d5db}
.bolt-hint{display:flex;gap:6px;align-items:center}
.bolt-hint svg{flex:none;color:var(--_primary)}
.preview{aspect-ratio:4/3;border-radius:var(--_radius);overflow:hidden;background:#e5e7eb}
.preview img,.preview svg{display:block;width:100%;height:100%;object-fit:cover}
.skeleton{width:100%;height:100%;background:linear-gradient(90deg,#e5e7eb 0%,#f3f4f6 50%,#e5e7eb 100%);background-size:200% 100%;animation:obra-shimmer 1.2s linear infinite}
@keyframes obra-shimmer{to{background-position:-200% 0}}
@media (prefers-reduced-motion:reduce){.skeleton{animation:none}.chevron{transition:none}}
.image-status{font-size:14px;color:var(--_muted);min-height:1.5em}
.form-column{display:grid;gap:16px;align-content:start;min-width:0}
.sections{display:grid;gap:10px;align-content:start}
.section{background:var(--_bg);border:1px solid #d1d5db;border-radius:var(--_radius)}
.section-head{display:flex;align-items:center;gap:8px;padding-inline-end:8px}
.section-head h3{flex:1}
.toggle{all:unset;box-sizing:border-box;display:flex;align-items:center;gap:10px;width:100%;min-height:48px;padding:10px 16px;font:inherit;font-weight:600;color:var(--_text);cursor:pointer;border-radius:var(--_radius)}
.toggle:focus-visible,.bolt:focus-visible,.close:focus-visible{outline:3px solid var(--obra-color-focus,#1d4ed8);outline-offset:2px}
.chevron{width:8px;height:8px;border:solid currentColor;border-width:0 2px 2px 0;transform:rotate(-45deg);transition:transform .15s}
.section[data-open] .chevron{transform:rotate(45deg)}
.bolt{display:inline-grid;place-items:center;flex:none;width:44px;height:44px;border-radius:50%;border:2px solid var(--_primary);background:transparent;color:var(--_primary);cursor:pointer}
.bolt:hover{background:var(--_primary);color:var(--_on-primary)}
.bolt[aria-disabled=true]{opacity:.6;cursor:progress}
.section-body{display:grid;gap:16px;padding:4px 16px 16px}
.section-body[hidden]{display:none}
.dimensions .row{display:grid;gap:12px;margin-top:4px}
.checkbox-group .options,.choice-group .options{display:flex;flex-wrap:wrap;gap:4px 24px;margin-top:0}
.grouped-radio-group{gap:12px}
.group-title{font-size:14px;font-weight:600;color:var(--_muted);margin-top:4px}
.choice-description{min-height:4.5em;padding:8px 12px;border-radius:6px;background:var(--_surface);font-size:14px;color:var(--_text)}
.grouped-radio-group .option[data-shown] span{text-decoration:underline;text-underline-offset:3px}
.combobox{position:relative}
.combobox .listbox{position:absolute;z-index:3;inset-inline:0;top:76px}
.chosen{font-size:14px;color:var(--_text)}
.actions{display:flex;flex-wrap:wrap;justify-content:flex-end}
.modal{font:inherit;color:var(--_text);background:var(--_bg);border:0;border-radius:calc(var(--_radius) * 1.5);padding:24px;
  width:min(560px,calc(100vw - 24px));max-height:calc(100dvh - 24px);box-shadow:0 20px 50px rgb(0 0 0 / .3)}
.modal::backdrop{background:rgb(17 24 39 / .55)}
.modal h2{font-size:22px;margin:0 44px 8px 0}
.modal form{display:grid;gap:14px;margin-top:16px}
.image-needed{display:grid;gap:8px;justify-items:start;margin-top:14px;padding:12px 14px;border:1px solid var(--_error);border-inline-start-width:6px;border-radius:var(--_radius)}
.image-needed-title{font-weight:700;color:var(--_error)}
.image-ready{margin-top:8px;color:var(--_success);font-weight:600}
.image-ready:empty{margin:0}
.close{position:absolute;top:12px;inset-inline-end:12px;display:inline-grid;place-items:center;width:44px;height:44px;border:0;border-radius:50%;background:transparent;color:var(--_text);cursor:pointer}
.close:hover{background:var(--_surface)}
${/* The sending and offline texts sit on a solid panel; the page and the modal are dimmed by the backdrop. Drawn on a see-through overlay, the white text crossed the modal's fields and labels on a phone. */ ''}
.overlay{border:0;margin:auto;padding:24px 20px;width:min(100% - 32px,30em);max-width:none;max-height:calc(100dvh - 32px);overflow:auto;box-sizing:border-box;
  background:#111827;color:#fff;border-radius:calc(var(--_radius) * 1.5);box-shadow:0 12px 32px rgb(0 0 0 / .4);
  display:none;place-items:center;align-content:center;gap:16px;font:inherit;font-size:20px;font-weight:600}
.overlay[open]{display:grid}
.overlay::backdrop{background:rgb(17 24 39 / .8)}
.overlay .spinner{width:40px;height:40px;border-width:4px}
.overlay p{margin:0;text-align:center}
.overlay .overlay-close{justify-self:center;font-size:16px;color:#fff;border-color:#fff;background:transparent}
.form-column>.actions .delivery{flex-basis:100%;margin:8px 0 0;text-align:end;color:var(--_muted);font-size:14px}
@container (min-width:760px){
  .layout{grid-template-columns:minmax(260px,2fr) 3fr;align-items:start}
  .image-panel{position:sticky;top:0}
  .sections{max-height:min(70vh,860px);overflow:auto;padding-inline-end:4px}
  .form-column>.actions{padding-inline-end:4px}
  .dimensions .row{grid-template-columns:repeat(3,1fr)}
}
@container (max-width:400px){.design-form{padding:12px}.section-body{padding:4px 10px 12px}}
`;
