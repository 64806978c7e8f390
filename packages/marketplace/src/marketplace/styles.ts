/** Layout of the catalogue; columns follow the widget's own width (container queries), not the page's. */
export const marketplaceStyles = /* css */ `
.obra-root{container-type:inline-size}
.marketplace{display:grid;gap:20px;padding:24px}
.marketplace .head{display:grid;gap:4px}
.marketplace h2{font-size:28px;line-height:1.2}
.marketplace .intro,.marketplace .category,.option-category{color:var(--_muted)}
.search{display:grid;gap:6px}
.search-row{display:flex;gap:8px}
.combo{position:relative;flex:1;min-width:0}
.suggestions{position:absolute;inset-inline:0;top:calc(100% + 4px);z-index:1;margin:0;padding:4px;list-style:none;
  background:var(--_bg);border:1px solid var(--_border);border-radius:var(--_radius);box-shadow:0 10px 30px rgb(0 0 0 / .15)}
.suggestions[hidden]{display:none}
.suggestions li{padding:8px 10px;border-radius:calc(var(--_radius) - 2px);cursor:pointer;display:flex;flex-wrap:wrap;gap:0 8px;align-items:baseline}
.suggestions li:hover{background:var(--_surface)}
.suggestions li[aria-selected=true]{background:var(--_primary);color:var(--_on-primary);outline:2px solid var(--obra-color-focus,#1d4ed8)}
.suggestions li[aria-selected=true] .option-category{color:inherit}
.option-name{font-weight:600}
.option-category{font-size:14px}
.grid{list-style:none;margin:0;padding:0;display:grid;gap:16px;grid-template-columns:1fr}
.software-card{display:grid;grid-template-columns:64px 1fr;grid-template-rows:auto auto 1fr auto;gap:4px 16px;align-items:start;padding:16px;
  background:var(--_surface);border:1px solid #e5e7eb;border-radius:calc(var(--_radius) * 1.5)}
.software-card img{grid-row:1 / 4;border-radius:14px}
.software-card h3{margin:0;font-size:18px;line-height:1.3}
.software-card .category{margin:0;font-size:14px}
.software-card .price{margin:0;font-weight:600}
.software-card .more{grid-column:1 / -1;justify-self:start;margin-top:8px;text-decoration:none}
.no-results{padding:16px;background:var(--_surface);border-radius:var(--_radius)}
.pagination{display:flex;flex-wrap:wrap;justify-content:center;gap:8px}
.pagination button{font:inherit;min-width:44px;min-height:44px;padding:0 12px;border-radius:var(--_radius);border:1px solid var(--_border);
  background:var(--_bg);color:var(--_text);cursor:pointer}
.pagination button[aria-current=page]{background:var(--_primary);border-color:var(--_primary);color:var(--_on-primary);font-weight:700}
.pagination button[aria-disabled=true]{opacity:.45;cursor:not-allowed}
.page-arrow span{font-size:22px;line-height:1}
@container (min-width:560px){.grid{grid-template-columns:repeat(2,1fr)}}
@container (min-width:900px){.grid{grid-template-columns:repeat(3,1fr)}}
@container (max-width:400px){.marketplace{padding:16px 12px}}
@container (max-width:360px){.search-row{flex-direction:column}.marketplace h2{font-size:24px}}
`;
