/**
 * Shadow-root CSS shared by every widget: the isolation reset, the theme tokens and the
 * primitives. Theme through `--obra-*` custom properties on the element or any ancestor.
 */
export const uiStyles = /* css */ `
:host{display:block;contain:content}
:host([hidden]){display:none}
${
  /* Inherited properties (font, color, line-height …) flow from the page into a shadow root; a page
   rule like "* { font: 10px serif !important }" would restyle the widget. all:initial cuts that. */ ''
}
.obra-root{all:initial;display:block;box-sizing:border-box;
  --_primary:var(--obra-color-primary,#b45309);--_on-primary:var(--obra-color-on-primary,#fff);
  --_text:var(--obra-color-text,#1f2937);--_muted:var(--obra-color-muted,#4b5563);
  --_bg:var(--obra-color-background,#fff);--_surface:var(--obra-color-surface,#f9fafb);
  --_border:var(--obra-color-border,#6b7280);--_error:var(--obra-color-error,#b91c1c);
  --_success:var(--obra-color-success,#047857);--_radius:var(--obra-radius,8px);
  font-family:var(--obra-font,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif);
  font-size:16px;line-height:1.5;color:var(--_text);background:var(--_bg);text-align:start}
.obra-root *,.obra-root *::before,.obra-root *::after{box-sizing:border-box}
h2,h3,p,fieldset,legend{margin:0;padding:0}
.stack{display:grid;gap:16px}
.trap{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}
.field{display:grid;gap:4px;align-content:start;min-width:0;border:0}
label,legend{font-weight:600;font-size:15px;color:var(--_text)}
.required{color:var(--_error)}
input:not([type=radio]):not([type=checkbox]),textarea,select{font:inherit;color:var(--_text);background:var(--_bg);
  border:1px solid var(--_border);border-radius:var(--_radius);padding:10px 12px;width:100%;min-height:44px}
textarea{resize:vertical;min-height:96px}
:is(input,textarea):disabled{background:#f3f4f6;color:var(--_muted);cursor:not-allowed}
.field :is(input,textarea,select)[aria-invalid=true]{border-color:var(--_error);box-shadow:0 0 0 1px var(--_error)}
:focus-visible{outline:3px solid var(--obra-color-focus,#1d4ed8);outline-offset:2px}
.hint,.counter{font-size:14px;color:var(--_muted)}
.counter{justify-self:end}
.counter[data-full]{color:var(--_error);font-weight:600}
.error{font-size:14px;color:var(--_error);font-weight:600}
:is(.radio-group,.checkbox-group) .options{display:flex;flex-wrap:wrap;gap:8px 24px;margin-top:4px}
.option{display:inline-flex;align-items:center;gap:8px;font-weight:400;min-height:44px;cursor:pointer}
.option input{width:20px;height:20px;margin:0;accent-color:var(--_primary)}
.button{font:inherit;font-weight:600;display:inline-flex;align-items:center;justify-content:center;gap:8px;
  min-height:44px;padding:10px 20px;border-radius:var(--_radius);border:2px solid var(--_primary);cursor:pointer}
.button.primary{background:var(--_primary);color:var(--_on-primary)}
.button.secondary{background:transparent;color:var(--_primary)}
${/* A busy button keeps its colours: its label says the state (sending, saved and pending), and faded to .75 it was 3.3:1 (docs/contributors/behaviour.md#states). */ ''}
.button[aria-disabled=true]{cursor:progress}
.spinner{width:16px;height:16px;border:2px solid currentColor;border-right-color:transparent;border-radius:50%;
  animation:obra-spin .8s linear infinite}
@keyframes obra-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation-duration:2.4s}}
.dialog{font:inherit;color:var(--_text);background:var(--_bg);border:0;border-radius:calc(var(--_radius) * 1.5);
  padding:24px;max-width:min(420px,calc(100vw - 32px));box-shadow:0 20px 50px rgb(0 0 0 / .3)}
.dialog::backdrop{background:rgb(17 24 39 / .55)}
.obra-root .dialog h2{font-size:20px;margin-bottom:8px}
.dialog.success h2{color:var(--_success)}
.dialog.error h2{color:var(--_error)}
.dialog .detail{font-size:14px;color:var(--_muted);margin-top:8px}
.dialog-actions{display:flex;justify-content:flex-end;margin-top:20px}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
${/* A form widget's card: its heading, intro and a form of stacked rows; narrow containers get less padding. */ ''}
.card{display:grid;gap:20px;padding:24px;background:var(--_surface);border-radius:calc(var(--_radius) * 1.5)}
.card h2{font-size:24px;line-height:1.25}
.card .intro{color:var(--_muted)}
.card form{display:grid;gap:16px}
@container (max-width:360px){.card{padding:16px}.card .actions .button{width:100%}}
`;

/** The CSS of {@link Select}, added only by the widgets that use it. */
export const selectStyles = /* css */ `
${
  /* Select: the native arrow differs per browser and ignores the theme, so it is drawn with borders
   (a data: URI image would break under a partner's strict CSP, whose img-src rarely allows data:). */ ''
}
.select-control{position:relative;display:grid}
.select-control select{appearance:none;padding-inline-end:40px;cursor:pointer;text-overflow:ellipsis}
.select-control::after{content:"";position:absolute;inset-inline-end:16px;top:50%;width:8px;height:8px;pointer-events:none;
  border:solid var(--_text);border-width:0 2px 2px 0;transform:translateY(-70%) rotate(45deg)}
`;

/** The CSS of {@link PhoneInput} and of the list boxes of its country search (the design form's location search uses them too). */
export const phoneStyles = /* css */ `
.listbox{list-style:none;margin:0;padding:4px;max-height:192px;overflow:auto;background:var(--_bg);border:1px solid var(--_border);border-radius:var(--_radius);box-shadow:0 8px 20px rgb(0 0 0 / .15)}
.listbox[hidden]{display:none}
.listbox [role=option]{padding:8px 10px;border-radius:6px;cursor:pointer}
.listbox [role=option]:hover{background:var(--_surface)}
.listbox [role=option][aria-selected=true]{background:var(--_primary);color:var(--_on-primary)}
.country-button:focus-visible{outline:3px solid var(--obra-color-focus,#1d4ed8);outline-offset:2px}
.phone{position:relative}
.phone-row{display:flex;gap:8px}
.country-button{flex:none;font:inherit;min-height:44px;padding:0 12px;border:1px solid var(--_border);border-radius:var(--_radius);background:var(--_bg);color:var(--_text);cursor:pointer}
.country-popup{display:grid;gap:6px;padding:8px;background:var(--_bg);border:1px solid var(--_border);border-radius:var(--_radius);box-shadow:0 8px 20px rgb(0 0 0 / .15)}
.country-popup .listbox{box-shadow:none}
.dial{color:inherit;opacity:.8}
${/* On the highlighted option (white on the primary colour) a faded code would fall under 4.5:1. */ ''}
[aria-selected=true] .dial{opacity:1}
`;
