import { HEIGHT, WIDTH, circle, path, rect, type Frame } from './geometry.ts';
import type { Shape } from './types.ts';

/** Gradients shared by every picture: sky, ground and window glass. */
export function baseDefs(zone: string): string[] {
  const sky = zone === 'zone3' ? ['#aeb9c2', '#e3dfd6'] : zone === 'zone2' ? ['#7fb0d9', '#dbe9f2'] : ['#6fa8dc', '#e2eef5'];
  const ground = zone === 'zone1' ? ['#9bbd74', '#6f9a4c'] : zone === 'zone2' ? ['#b9b7b0', '#98968f'] : ['#b3ab9c', '#8f887b'];
  return [
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>`,
    `<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ground[0]}"/><stop offset="1" stop-color="${ground[1]}"/></linearGradient>`,
    '<linearGradient id="window-glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a9c7dc"/><stop offset=".45" stop-color="#5d7f99"/><stop offset=".55" stop-color="#7d9db4"/><stop offset="1" stop-color="#3b5870"/></linearGradient>',
  ];
}

const tree = (x: number, y: number, size: number, tone: number): Shape[] => {
  const greens = ['#4f7f3a', '#5e8f44', '#3f6c30', '#6b9a4c'];
  return [
    { d: rect(x - size * 0.07, y - size * 0.55, size * 0.14, size * 0.55), fill: '#6b4f36' },
    { d: circle(x, y - size * 0.95, size * 0.48), fill: greens[tone % 4] },
    { d: circle(x - size * 0.28, y - size * 0.7, size * 0.33), fill: greens[(tone + 1) % 4] },
    { d: circle(x + size * 0.3, y - size * 0.75, size * 0.34), fill: greens[(tone + 2) % 4] },
    { d: circle(x + size * 0.12, y - size * 1.15, size * 0.22), fill: '#ffffff', opacity: 0.12 },
  ];
};

/** The part of a polygon below the line y = `top` (a deep plot must not cover the sky). */
function below(top: number, points: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length]!;
    if (p[1] >= top) out.push(p);
    if (p[1] >= top !== q[1] >= top) out.push([p[0] + ((q[0] - p[0]) * (top - p[1])) / (q[1] - p[1]), top]);
  });
  return out;
}

/** Sky, distant landscape of the zone, ground and the plot; `horizon` is the ground's far edge. */
export function backdropShapes(zone: string, frame: Frame, rand: () => number): Shape[] {
  const plotBack = frame.at([0, 0, frame.landL])[1];
  const horizon = Math.max(250, Math.min(430, plotBack - 12));
  const shapes: Shape[] = [{ d: rect(0, 0, WIDTH, horizon + 2), fill: 'url(#sky)', flat: '#a9cbe6' }];
  shapes.push({ d: circle(170, 110, 38), fill: '#fff6d8', opacity: 0.85 }, { d: circle(170, 110, 70), fill: '#fff6d8', opacity: 0.25 });
  for (let i = 0; i < 3; i += 1) {
    const [cx, cy] = [300 + rand() * 800, 70 + rand() * 110];
    shapes.push({
      d: `${circle(cx, cy, 26)}${circle(cx + 30, cy - 10, 32)}${circle(cx + 64, cy, 24)}`,
      fill: '#ffffff',
      opacity: zone === 'zone3' ? 0.45 : 0.7,
    });
  }
  if (zone === 'zone2') {
    for (let x = -20; x < WIDTH; x += 70 + rand() * 60) {
      const [bw, bh] = [60 + rand() * 70, 90 + rand() * 210];
      const tone = ['#b8c3cc', '#a9b4bf', '#c7cdd2', '#9fabb6'][Math.floor(rand() * 4)]!;
      shapes.push({ d: rect(x, horizon - bh, bw, bh), fill: tone });
      const rows: string[] = [];
      for (let y = horizon - bh + 12; y < horizon - 14; y += 18)
        for (let wx = x + 8; wx < x + bw - 12; wx += 16) rows.push(rect(wx, y, 8, 10));
      shapes.push({ d: rows.join(''), fill: '#7d8c99', opacity: 0.55 });
    }
  } else if (zone === 'zone3') {
    for (let x = -40; x < WIDTH; x += 170 + rand() * 90) {
      const [sw, sh] = [140 + rand() * 80, 50 + rand() * 40];
      const ridge = horizon - sh - 30;
      shapes.push({
        d: path([
          [x, horizon],
          [x, horizon - sh],
          [x + sw / 2, ridge],
          [x + sw, horizon - sh],
          [x + sw, horizon],
        ]),
        fill: '#9aa1a6',
      });
      shapes.push({ d: rect(x + 10, horizon - sh * 0.55, sw - 20, 6), fill: '#7b8388', opacity: 0.7 });
    }
    for (const cx of [250 + rand() * 150, 820 + rand() * 200]) {
      const top = horizon - 210 - rand() * 60;
      shapes.push({
        d: path([
          [cx - 12, horizon],
          [cx - 8, top],
          [cx + 8, top],
          [cx + 12, horizon],
        ]),
        fill: '#8d8f91',
      });
      shapes.push({ d: `${rect(cx - 8.5, top + 10, 17, 14)}${rect(cx - 9, top + 40, 18, 14)}`, fill: '#b5483a' });
      shapes.push({
        d: `${circle(cx + 14, top - 18, 16)}${circle(cx + 40, top - 36, 22)}${circle(cx + 76, top - 48, 26)}`,
        fill: '#eceae6',
        opacity: 0.55,
      });
    }
    shapes.push({
      d: `${rect(560, horizon - 70, 90, 70)}${path([
        [560, horizon - 70],
        [605, horizon - 84],
        [650, horizon - 70],
      ])}`,
      fill: '#a7adb1',
    });
  } else {
    shapes.push({
      d: `M0 ${horizon - 70}C220 ${horizon - 150} 380 ${horizon - 40} 600 ${horizon - 95}S980 ${horizon - 150} ${WIDTH} ${horizon - 80}V${horizon + 2}H0Z`,
      fill: '#9fbf9a',
    });
    shapes.push({
      d: `M0 ${horizon - 30}C160 ${horizon - 75} 420 ${horizon - 10} 640 ${horizon - 50}S1000 ${horizon - 60} ${WIDTH} ${horizon - 30}V${horizon + 2}H0Z`,
      fill: '#86ad73',
    });
    for (let i = 0; i < 9; i += 1) shapes.push(...tree(rand() * WIDTH, horizon - 8 - rand() * 30, 22 + rand() * 14, i));
  }
  shapes.push({
    d: rect(0, horizon, WIDTH, HEIGHT - horizon),
    fill: 'url(#ground)',
    flat: zone === 'zone1' ? '#86ab5f' : zone === 'zone2' ? '#a9a7a0' : '#a39b8c',
  });
  const plot = path(
    below(horizon, [
      frame.at([0, 0, 0]),
      frame.at([frame.landW, 0, 0]),
      frame.at([frame.landW, 0, frame.landL]),
      frame.at([0, 0, frame.landL]),
    ]),
  );
  shapes.push(
    { d: plot, fill: zone === 'zone1' ? '#a9c97f' : '#c9c4b8', opacity: 0.85 },
    { d: plot, stroke: '#f4f1e8', width: 2, opacity: 0.9 },
  );
  if (zone === 'zone2')
    shapes.push(
      { d: rect(0, 735, WIDTH, 65), fill: '#6f7275' },
      { d: `M0 767${Array.from({ length: 12 }, (_, i) => `M${i * 110 + 20} 767h60`).join('')}`, stroke: '#f2efe6', width: 4 },
      { d: rect(0, 722, WIDTH, 13), fill: '#cfccc4' },
    );
  return shapes;
}

/** Foreground trees beside the building (rural and urban streets). */
export function foreground(zone: string, frame: Frame, rand: () => number): Shape[] {
  if (zone === 'zone3') return [];
  const [left] = frame.at(frame.origin);
  const [right] = frame.at([frame.origin[0] + frame.w, 0, frame.origin[2]]);
  const base = zone === 'zone2' ? 728 : 700 + rand() * 40;
  const shapes: Shape[] = [];
  if (left > 90) shapes.push(...tree(Math.max(60, left - 60 - rand() * 40), base, 90 + rand() * 30, 1));
  if (right < WIDTH - 90) shapes.push(...tree(Math.min(WIDTH - 60, right + 70 + rand() * 40), base + 10, 80 + rand() * 30, 2));
  return shapes;
}
