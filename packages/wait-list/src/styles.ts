/** Layout of the wait list inside its card (uiStyles); it follows the widget's own width (container query), not the page's. */
export const waitListStyles = /* css */ `
.obra-root{container-type:inline-size}
.wait-list .contact{display:grid;gap:16px}
.wait-list .actions{display:flex;justify-content:flex-end}
.wait-list .delivery{margin:8px 0 0;text-align:end;color:var(--_muted);font-size:14px}
@container (min-width:560px){.wait-list .contact{grid-template-columns:1fr 1fr}.wait-list .contact .field:first-child{grid-column:1 / -1}}
`;
