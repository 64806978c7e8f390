/** Layout of the wait list; it follows the widget's own width (container query), not the page's. */
export const waitListStyles = /* css */ `
.obra-root{container-type:inline-size}
.wait-list{display:grid;gap:20px;padding:24px;background:var(--_surface);border-radius:calc(var(--_radius) * 1.5)}
.wait-list h2{font-size:24px;line-height:1.25}
.wait-list .intro{color:var(--_muted)}
.wait-list form{display:grid;gap:16px}
.wait-list .contact{display:grid;gap:16px}
.wait-list .actions{display:flex;justify-content:flex-end}
@container (min-width:560px){.wait-list .contact{grid-template-columns:1fr 1fr}.wait-list .contact .field:first-child{grid-column:1 / -1}}
@container (max-width:360px){.wait-list{padding:16px}.wait-list .actions .button{width:100%}}
`;
