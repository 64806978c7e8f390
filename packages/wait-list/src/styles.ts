/** Layout of the wait list inside its card (uiStyles); it follows the widget's own width (container query), not the page's. */
export const waitListStyles = /* css */ `
.obra-root{container-type:inline-size}
.wait-list .contact{display:grid;gap:16px}
.wait-list .actions{display:flex;justify-content:flex-end}
.wait-list .delivery{margin:12px 0 0;padding:10px 14px;border:1px solid var(--_border);border-inline-start-width:6px;border-radius:var(--_radius);font-weight:600}
@container (min-width:560px){.wait-list .contact{grid-template-columns:1fr 1fr}.wait-list .contact .field:first-child{grid-column:1 / -1}}
`;
