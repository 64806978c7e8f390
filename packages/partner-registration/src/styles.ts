/** Layout of the partner registration inside its card (uiStyles); it follows the widget's own width (container query), not the page's. */
export const partnerRegistrationStyles = /* css */ `
.obra-root{container-type:inline-size}
.partner-registration .fields{display:grid;gap:16px}
.partner-registration .actions{display:grid;justify-items:end}
.notice{display:grid;gap:4px;padding:12px 16px;border-radius:var(--_radius);border:1px solid;border-inline-start-width:6px;
  background:var(--_bg);font-weight:600;margin-top:12px}
.notice[data-tone=success]{border-color:var(--_success);color:var(--_success)}
.notice[data-tone=error]{border-color:var(--_error);color:var(--_error)}
.notice[data-tone=waiting]{border-color:var(--_border);color:var(--_text)}
.notice .detail{font-weight:400;font-size:14px;color:var(--_text)}
${
  /* The outcome regions stay in the page while empty (so the message is announced when it
   arrives) and take no room: their notice carries the spacing. */ ''
}
.outcomes{justify-self:stretch}
@container (min-width:560px){.partner-registration .fields{grid-template-columns:1fr 1fr}.partner-registration .fields .field:first-child{grid-column:1 / -1}}
`;
