/**
 * The live estimate's box: three figures in a row when there is room, stacked otherwise. A column
 * is at least as wide as an amount in pesos (`COP $ 1.740.000.000` does not break), so two never
 * run into each other on a phone.
 */
export const estimateStyles = /* css */ `
.estimate{display:grid;gap:8px;padding:12px 16px;background:var(--_bg);border:1px solid #d1d5db;border-radius:var(--_radius)}
.estimate h3{font-size:16px}
.estimate dl{display:grid;gap:8px;margin:0;grid-template-columns:repeat(auto-fit,minmax(min(100%,13em),1fr))}
.estimate dt{font-size:13px;color:var(--_muted)}
.estimate dd{margin:0;font-weight:600;font-variant-numeric:tabular-nums}
.estimate-note{font-size:13px;color:var(--_muted);margin:0}
`;
