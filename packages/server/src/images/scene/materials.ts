// Facade and roof materials: SVG patterns for the walls (drawn on the front as is and sheared onto
// the side wall), explicit lines for the roof planes (so they follow each plane's slope, in the
// SVG and the PDF alike), and the plain colour each one falls back to.

/** A facade finish: its colour, and the fills of the front and side walls. */
export interface Finish {
  flat: string;
  front: string;
  side: string;
  defs: string[];
}

// The side wall recedes at 30° and is foreshortened by half, like the projection in geometry.ts.
const SIDE = 'skewY(-30) scale(0.5 1)';

const twin = (id: string, size: [number, number], body: string, flat: string): Finish => {
  const pattern = (suffix: string, transform: string) =>
    `<pattern id="${id}-${suffix}" patternUnits="userSpaceOnUse" width="${size[0]}" height="${size[1]}"${transform ? ` patternTransform="${transform}"` : ''}><rect width="${size[0]}" height="${size[1]}" fill="${flat}"/>${body}</pattern>`;
  return { flat, front: `url(#${id}-front)`, side: `url(#${id}-side)`, defs: [pattern('front', ''), pattern('side', SIDE)] };
};

const r = (v: number) => Math.round(v * 10) / 10;

/** The finish of a facade material at `s` pixels per metre; `smooth` renders it over (SATE). */
export function facadeFinish(material: string, s: number, smooth: boolean): Finish {
  const u = Math.min(2.2, Math.max(0.7, s / 22));
  if (smooth) {
    const tint = { Ladrillo: '#e4c9b4', Madera: '#e8dcc6', Vidrio: '#dfe6ea', 'Panel Sandwich': '#e3e5e6' }[material] ?? '#ece6da';
    return twin('render', [r(40 * u), r(40 * u)], `<path d="M0 ${r(39.5 * u)}h${r(40 * u)}" stroke="#000" stroke-opacity=".04"/>`, tint);
  }
  if (material === 'Ladrillo') {
    const [b, c] = [r(16 * u), r(6 * u)];
    const bricks =
      `<path d="M0 0h${2 * b}M0 ${c}h${2 * b}M0 0v${c}M${b} 0v${c}M${b / 2} ${c}v${c}M${b * 1.5} ${c}v${c}" stroke="#e8d9c8" stroke-width="${r(0.9 * u)}"/>` +
      `<rect x="${r(b + 0.6)}" y="0.6" width="${r(b - 1.2)}" height="${r(c - 1.2)}" fill="#8e3b26" opacity=".35"/><rect x="${r(b / 2 + 0.6)}" y="${r(c + 0.6)}" width="${r(b - 1.2)}" height="${r(c - 1.2)}" fill="#d07a58" opacity=".3"/>`;
    return twin('brick', [2 * b, 2 * c], bricks, '#b0573b');
  }
  if (material === 'Madera') {
    const b = r(7 * u);
    const boards = [0, 1, 2]
      .map(
        (i) =>
          `<rect x="${i * b}" width="${b}" height="${r(60 * u)}" fill="${['#a8754a', '#9a6a41', '#b3804f'][i]}"/><path d="M${i * b + r(b * 0.45)} 0v${r(60 * u)}" stroke="#7b5232" stroke-opacity=".25" stroke-width=".6"/>`,
      )
      .join('');
    return twin(
      'wood',
      [3 * b, r(60 * u)],
      `${boards}<path d="M0 0v${r(60 * u)}M${b} 0v${r(60 * u)}M${2 * b} 0v${r(60 * u)}" stroke="#5c3b22" stroke-width="${r(0.9 * u)}"/>`,
      '#a5734a',
    );
  }
  if (material === 'Vidrio') {
    const [gw, gh] = [r(30 * u), r(34 * u)];
    const panel =
      `<path d="M0 0h${gw}v${gh}H0Z" fill="#6f98b8"/><path d="M${r(gw * 0.15)} ${gh}L${r(gw * 0.75)} 0h${r(gw * 0.2)}L${r(gw * 0.35)} ${gh}Z" fill="#fff" opacity=".22"/><path d="M0 ${r(gh * 0.55)}L${r(gw * 0.3)} 0h${r(gw * 0.08)}L0 ${r(gh * 0.75)}Z" fill="#fff" opacity=".15"/>` +
      `<path d="M0 0h${gw}M0 0v${gh}" stroke="#39424a" stroke-width="${r(1.6 * u)}"/>`;
    return twin('glass', [gw, gh], panel, '#6f98b8');
  }
  if (material === 'Panel Sandwich') {
    const g = r(8 * u);
    return twin(
      'sandwich',
      [g, r(50 * u)],
      `<path d="M${r(g * 0.3)} 0v${r(50 * u)}" stroke="#8e969e" stroke-width="${r(1.2 * u)}"/><path d="M${r(g * 0.3 + 1.3 * u)} 0v${r(50 * u)}" stroke="#fff" stroke-opacity=".7" stroke-width="${r(0.7 * u)}"/><path d="M0 ${r(49.5 * u)}h${g}" stroke="#8e969e" stroke-width=".7"/>`,
      '#c8cdd1',
    );
  }
  return twin('plaster', [r(40 * u), r(40 * u)], '', '#e9e2d4');
}

/** A roof material: base colour, the lines drawn across each plane and the finish's look. */
export interface RoofLook {
  flat: string;
  fill: string;
  /** Lines along the eave every `courses` metres of slope, and across it every `joints` metres. */
  courses?: number;
  joints?: number;
  /** Standing ribs down the slope every `ribs` metres. */
  ribs?: number;
  line: string;
  defs: string[];
}

/** The look of a roof material (none chosen: grey standing-seam metal). */
export function roofLook(material: string): RoofLook {
  switch (material) {
    case 'Arcilla/Concreto':
      return { flat: '#b5532e', fill: '#b5532e', courses: 0.38, joints: 0.3, line: '#7a2f17', defs: [] };
    case 'Asfalticos':
      return { flat: '#3f4247', fill: '#3f4247', courses: 0.3, joints: 0.9, line: '#1f2124', defs: [] };
    case 'Panel Sandwich':
      return { flat: '#9aa5ae', fill: '#9aa5ae', ribs: 0.5, line: '#66707a', defs: [] };
    case 'Techo Ecologico':
      return {
        flat: '#5f8f3a',
        fill: 'url(#green-roof)',
        line: '#3f6b25',
        defs: [
          `<pattern id="green-roof" patternUnits="userSpaceOnUse" width="24" height="18"><rect width="24" height="18" fill="#5f8f3a"/><circle cx="4" cy="4" r="3" fill="#74a64a"/><circle cx="15" cy="9" r="3.5" fill="#4d7b2e"/><circle cx="8" cy="14" r="2.5" fill="#86b55a"/><circle cx="20" cy="2" r="2" fill="#9cc46c"/><circle cx="21" cy="15" r="1.4" fill="#d9c55a"/></pattern>`,
        ],
      };
    default:
      return { flat: '#8b949b', fill: '#8b949b', ribs: 0.6, line: '#6c757c', defs: [] };
  }
}
