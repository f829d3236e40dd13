/**
 * Demo images drawn as SVG (the seed renders them locally with sharp): no network, and no text in the
 * drawings (a fresh machine may lack fonts). A seeded random generator makes the scattered
 * details (granules, strands, stalks) irregular yet identical on every start.
 */
import { seededRandom as random, type Random } from '../lib/seeded-random.js';

export const WIDTH = 1200;
export const HEIGHT = 900;

const between = (r: Random, min: number, max: number) => min + r() * (max - min);
const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const f = (n: number) => n.toFixed(1);

function svg(defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs>
  <filter id="shadow" x="-20%" y="-20%" width="140%" height="160%"><feGaussianBlur stdDeviation="14"/></filter>
  <filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="3"/></filter>
  <radialGradient id="vignette" cx="50%" cy="45%" r="75%">
    <stop offset="60%" stop-color="#000" stop-opacity="0"/><stop offset="100%" stop-color="#000" stop-opacity="0.35"/>
  </radialGradient>
  ${defs}
</defs>
${body}
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#vignette)"/>
</svg>`;
}

/** A wall above a wooden table top made of planks. */
function tableScene(r: Random, wall: [string, string], wood: [string, string], horizon = 360): string {
  const planks: string[] = [];
  const plankHeight = (HEIGHT - horizon) / 5;
  for (let i = 0; i < 5; i++) {
    const y = horizon + i * plankHeight;
    planks.push(
      `<rect x="0" y="${f(y)}" width="${WIDTH}" height="${f(plankHeight)}" fill="url(#wood)" opacity="${f(0.85 + r() * 0.15)}"/>`,
    );
    planks.push(`<line x1="0" y1="${f(y)}" x2="${WIDTH}" y2="${f(y)}" stroke="#000" stroke-opacity="0.25" stroke-width="3"/>`);
    for (let g = 0; g < 6; g++) {
      const gy = y + between(r, 8, plankHeight - 8);
      const x0 = between(r, -100, WIDTH);
      planks.push(
        `<path d="M${f(x0)} ${f(gy)} q 120 ${f(between(r, -6, 6))} 260 0 t 260 0" stroke="#000" stroke-opacity="0.08" stroke-width="2" fill="none"/>`,
      );
    }
  }
  return `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall[0]}"/><stop offset="1" stop-color="${wall[1]}"/></linearGradient>
<linearGradient id="wood" x1="0" y1="0" x2="1" y2="0.2"><stop offset="0" stop-color="${wood[0]}"/><stop offset="0.5" stop-color="${wood[1]}"/><stop offset="1" stop-color="${wood[0]}"/></linearGradient>
|<rect width="${WIDTH}" height="${horizon}" fill="url(#wall)"/>${planks.join('')}`;
}

/** Split "defs|body" scenes so defs land in <defs>. */
function compose(scene: string, ...parts: string[]): string {
  const [defs, body] = scene.split('|') as [string, string];
  return svg(defs, body + parts.join(''));
}

function shadow(cx: number, cy: number, rx: number, ry: number, opacity = 0.35): string {
  return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="#000" opacity="${opacity}" filter="url(#shadow)"/>`;
}

/** A sugarcane stalk: segmented green-yellow cane with leaves. */
function caneStalk(r: Random, x: number, yTop: number, yBottom: number, width: number, lean: number): string {
  const parts: string[] = [];
  const segments = Math.max(3, Math.round((yBottom - yTop) / 90));
  const seg = (yBottom - yTop) / segments;
  for (let i = 0; i < segments; i++) {
    const y = yTop + i * seg;
    const dx = lean * (i / segments);
    parts.push(
      `<rect x="${f(x + dx - width / 2)}" y="${f(y)}" width="${f(width)}" height="${f(seg - 3)}" rx="${f(width / 3)}" fill="${pick(r, ['#8fae3c', '#9cb848', '#a9b947', '#7f9f35'])}"/>`,
      `<rect x="${f(x + dx - width / 2)}" y="${f(y + seg - 6)}" width="${f(width)}" height="6" fill="#5d7424" opacity="0.8"/>`,
    );
  }
  for (let l = 0; l < 3; l++) {
    const ly = yTop + between(r, 0, seg * 1.5);
    const dir = r() < 0.5 ? -1 : 1;
    parts.push(
      `<path d="M${f(x + lean * 0.1)} ${f(ly)} q ${f(dir * between(r, 60, 120))} ${f(-between(r, 40, 90))} ${f(dir * between(r, 150, 230))} ${f(between(r, -20, 60))} q ${f(-dir * 90)} ${f(-10)} ${f(-dir * between(r, 150, 230))} ${f(between(r, -40, 0))} z" fill="${pick(r, ['#5f8f2f', '#6fa03a', '#4f7f2a'])}" opacity="0.9"/>`,
    );
  }
  return parts.join('');
}

/** An irregular jaggery block seen from the front-top: three shaded faces. */
function jaggeryBlock(r: Random, x: number, y: number, w: number, h: number, d: number, hue: string[]): string {
  const j = () => between(r, -6, 6);
  const top = `M${f(x + j())} ${f(y)} L${f(x + w + j())} ${f(y + j())} L${f(x + w + d + j())} ${f(y - d * 0.55 + j())} L${f(x + d + j())} ${f(y - d * 0.55 + j())} Z`;
  const front = `M${f(x)} ${f(y)} L${f(x + w)} ${f(y)} L${f(x + w + j())} ${f(y + h)} Q ${f(x + w / 2)} ${f(y + h + 8)} ${f(x + j())} ${f(y + h)} Z`;
  const side = `M${f(x + w)} ${f(y)} L${f(x + w + d)} ${f(y - d * 0.55)} L${f(x + w + d + j())} ${f(y + h - d * 0.55)} L${f(x + w)} ${f(y + h)} Z`;
  const specks: string[] = [];
  for (let i = 0; i < 14; i++) {
    specks.push(
      `<circle cx="${f(x + between(r, 6, w - 6))}" cy="${f(y + between(r, 6, h - 6))}" r="${f(between(r, 1.5, 4))}" fill="#3b1d08" opacity="${f(between(r, 0.15, 0.45))}"/>`,
    );
  }
  return `${shadow(x + w / 2 + d / 2, y + h + 6, w * 0.75, 16)}
<path d="${side}" fill="${hue[2]}"/><path d="${front}" fill="url(#blockFront)"/><path d="${top}" fill="${hue[0]}"/>${specks.join('')}
<path d="${top}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="2"/>`;
}

const JAGGERY_HUES = [
  ['#c98a3c', '#a4652a', '#7a4519'],
  ['#b8782f', '#94561f', '#6a3a13'],
  ['#d39a4a', '#ad6f30', '#83501f'],
];

function blockDefs(hue: string[]): string {
  return `<linearGradient id="blockFront" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hue[1]}"/><stop offset="1" stop-color="${hue[2]}"/></linearGradient>`;
}

/** A heap of granules (powder or flakes) as many small dots over a mound. */
function granuleMound(r: Random, cx: number, cy: number, rx: number, ry: number, colors: string[], count: number): string {
  const dots: string[] = [`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#mound)"/>`];
  for (let i = 0; i < count; i++) {
    const a = r() * Math.PI * 2;
    const d = Math.sqrt(r());
    const x = cx + Math.cos(a) * rx * d;
    const y = cy + Math.sin(a) * ry * d;
    dots.push(
      `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(r, 1.2, 3.4))}" fill="${pick(r, colors)}" opacity="${f(between(r, 0.5, 1))}"/>`,
    );
  }
  return dots.join('');
}

/** A round bowl seen at an angle; `contents` is drawn inside the rim. */
function bowl(cx: number, cy: number, rx: number, color: [string, string], contents: string): string {
  const ry = rx * 0.32;
  return `${shadow(cx, cy + rx * 0.55, rx * 1.05, ry * 0.9)}
<path d="M${f(cx - rx)} ${f(cy)} Q ${f(cx - rx)} ${f(cy + rx * 0.75)} ${f(cx)} ${f(cy + rx * 0.75)} Q ${f(cx + rx)} ${f(cy + rx * 0.75)} ${f(cx + rx)} ${f(cy)} Z" fill="${color[1]}"/>
<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${color[0]}"/>
<ellipse cx="${f(cx)}" cy="${f(cy + 4)}" rx="${f(rx * 0.93)}" ry="${f(ry * 0.85)}" fill="#2b1a0e" opacity="0.5"/>
<g>${contents}</g>
<path d="M${f(cx - rx)} ${f(cy)} Q ${f(cx - rx * 0.95)} ${f(cy + rx * 0.6)} ${f(cx)} ${f(cy + rx * 0.7)}" stroke="#fff" stroke-opacity="0.15" stroke-width="6" fill="none"/>`;
}

/** A crisp fried-onion strand: a short curved stroke in golden browns. */
function onionStrand(r: Random, x: number, y: number, size: number): string {
  const color = pick(r, ['#c7782a', '#b3631d', '#d88f3a', '#9c5218', '#e0a04b', '#8a4512']);
  const a = r() * Math.PI * 2;
  const x2 = x + Math.cos(a) * size;
  const y2 = y + Math.sin(a) * size * 0.6;
  const cx = (x + x2) / 2 + between(r, -size, size) * 0.6;
  const cy = (y + y2) / 2 + between(r, -size, size) * 0.6;
  return `<path d="M${f(x)} ${f(y)} Q ${f(cx)} ${f(cy)} ${f(x2)} ${f(y2)}" stroke="${color}" stroke-width="${f(between(r, 3, 7))}" stroke-linecap="round" fill="none"/>`;
}

function onionPile(r: Random, cx: number, cy: number, rx: number, ry: number, count: number): string {
  const strands: string[] = [];
  for (let i = 0; i < count; i++) {
    const a = r() * Math.PI * 2;
    const d = Math.sqrt(r());
    strands.push(onionStrand(r, cx + Math.cos(a) * rx * d, cy + Math.sin(a) * ry * d - (1 - d) * ry * 0.6, between(r, 14, 34)));
  }
  return strands.join('');
}

/** A jute sack (used for jaggery, onions and in the warehouse). */
function sack(r: Random, x: number, y: number, w: number, h: number, fill: string, band?: string): string {
  const tie = `<path d="M${f(x + w * 0.38)} ${f(y + h * 0.08)} L${f(x + w * 0.62)} ${f(y + h * 0.08)}" stroke="#6b5231" stroke-width="8" stroke-linecap="round"/>`;
  const weave: string[] = [];
  for (let i = 1; i < 9; i++) {
    weave.push(
      `<path d="M${f(x + w * 0.08)} ${f(y + h * (0.12 + i * 0.095))} q ${f(w * 0.42)} ${f(between(r, -4, 4))} ${f(w * 0.84)} 0" stroke="#000" stroke-opacity="0.08" stroke-width="3" fill="none"/>`,
    );
  }
  return `${shadow(x + w / 2, y + h, w * 0.55, 18)}
<path d="M${f(x + w * 0.3)} ${f(y)} Q ${f(x + w / 2)} ${f(y + h * 0.12)} ${f(x + w * 0.7)} ${f(y)} L ${f(x + w * 0.68)} ${f(y + h * 0.1)} Q ${f(x + w * 1.02)} ${f(y + h * 0.2)} ${f(x + w)} ${f(y + h * 0.7)} Q ${f(x + w * 0.98)} ${f(y + h)} ${f(x + w / 2)} ${f(y + h)} Q ${f(x + w * 0.02)} ${f(y + h)} ${f(x)} ${f(y + h * 0.7)} Q ${f(x - w * 0.02)} ${f(y + h * 0.2)} ${f(x + w * 0.32)} ${f(y + h * 0.1)} Z" fill="${fill}"/>
${weave.join('')}${band ? `<rect x="${f(x + w * 0.12)} " y="${f(y + h * 0.45)}" width="${f(w * 0.76)}" height="${f(h * 0.16)}" rx="6" fill="${band}" opacity="0.85"/>` : ''}${tie}`;
}

/** A stand-up retail pouch with a window showing the contents colour. */
function pouch(x: number, y: number, w: number, h: number, body: string, window: string, accent: string): string {
  return `${shadow(x + w / 2, y + h, w * 0.6, 14)}
<path d="M${f(x)} ${f(y + 16)} Q ${f(x)} ${f(y)} ${f(x + 16)} ${f(y)} L ${f(x + w - 16)} ${f(y)} Q ${f(x + w)} ${f(y)} ${f(x + w)} ${f(y + 16)} L ${f(x + w + 6)} ${f(y + h)} L ${f(x - 6)} ${f(y + h)} Z" fill="${body}"/>
<rect x="${f(x)}" y="${f(y + 10)}" width="${f(w)}" height="10" fill="#000" opacity="0.15"/>
<rect x="${f(x + w * 0.2)}" y="${f(y + h * 0.35)}" width="${f(w * 0.6)}" height="${f(h * 0.38)}" rx="${f(w * 0.3)}" fill="${window}"/>
<rect x="${f(x + w * 0.15)}" y="${f(y + h * 0.14)}" width="${f(w * 0.7)}" height="${f(h * 0.1)}" rx="6" fill="${accent}"/>
<rect x="${f(x + w * 0.25)}" y="${f(y + h * 0.8)}" width="${f(w * 0.5)}" height="${f(h * 0.05)}" rx="4" fill="${accent}" opacity="0.7"/>`;
}

/** A corrugated export carton. */
function carton(x: number, y: number, w: number, h: number, d: number, tone: [string, string, string]): string {
  return `${shadow(x + w / 2 + d / 2, y + h, w * 0.6, 14)}
<path d="M${f(x)} ${f(y)} L${f(x + w)} ${f(y)} L${f(x + w)} ${f(y + h)} L${f(x)} ${f(y + h)} Z" fill="${tone[1]}"/>
<path d="M${f(x + w)} ${f(y)} L${f(x + w + d)} ${f(y - d * 0.5)} L${f(x + w + d)} ${f(y + h - d * 0.5)} L${f(x + w)} ${f(y + h)} Z" fill="${tone[2]}"/>
<path d="M${f(x)} ${f(y)} L${f(x + d)} ${f(y - d * 0.5)} L${f(x + w + d)} ${f(y - d * 0.5)} L${f(x + w)} ${f(y)} Z" fill="${tone[0]}"/>
<rect x="${f(x + w * 0.44)}" y="${f(y)}" width="${f(w * 0.12)}" height="${f(h)}" fill="#d9c7a0" opacity="0.6"/>
<rect x="${f(x + w * 0.15)}" y="${f(y + h * 0.55)}" width="${f(w * 0.22)}" height="${f(h * 0.25)}" fill="none" stroke="#5a3d1c" stroke-width="3" opacity="0.6"/>`;
}

// ---------------------------------------------------------------------------------------------
// Products

export function jaggeryBlocks(seed: number, variant: 0 | 1 | 2): string {
  const r = random(seed);
  const hue = JAGGERY_HUES[variant]!;
  const scene = tableScene(r, ['#f3e3c6', '#e4c99b'], ['#7a4a25', '#8d5a30']);
  const parts: string[] = [];
  if (variant === 0) {
    parts.push(caneStalk(r, 120, 40, 380, 34, 30), caneStalk(r, 190, 80, 380, 30, -20), caneStalk(r, 1080, 60, 380, 36, -30));
    const positions: [number, number][] = [
      [300, 520],
      [520, 500],
      [740, 520],
      [400, 650],
      [640, 660],
      [860, 640],
    ];
    for (const [x, y] of positions) parts.push(jaggeryBlock(r, x, y, between(r, 150, 180), between(r, 95, 115), 60, hue));
  } else if (variant === 1) {
    parts.push(sack(r, 120, 250, 420, 520, '#c8a467'));
    parts.push(granuleMound(r, 330, 300, 170, 48, ['#a4652a', '#7a4519', '#c98a3c'], 120));
    for (const [x, y] of [
      [620, 560],
      [820, 600],
      [700, 700],
    ] as [number, number][]) {
      parts.push(jaggeryBlock(r, x, y, 160, 105, 58, hue));
    }
  } else {
    parts.push(carton(180, 470, 320, 250, 120, ['#d6b27a', '#c29a5e', '#a07d45']));
    parts.push(pouch(620, 430, 180, 300, '#f1e6d0', hue[1]!, '#5b8c3a'));
    parts.push(pouch(840, 460, 160, 270, '#e9dcc0', hue[0]!, '#b5452b'));
    parts.push(jaggeryBlock(r, 560, 760, 140, 80, 50, hue));
  }
  return compose(
    scene.replace(
      '|',
      `${blockDefs(hue)}<radialGradient id="mound"><stop offset="0" stop-color="${hue[0]}"/><stop offset="1" stop-color="${hue[2]}"/></radialGradient>|`,
    ),
    ...parts,
  );
}

export function jaggeryPowder(seed: number, variant: 0 | 1 | 2): string {
  const r = random(seed);
  const scene = tableScene(r, ['#f6ead4', '#e8d2a8'], ['#6f4424', '#845530'], 340);
  const colors = ['#c98a3c', '#b8782f', '#d8a45a', '#a4652a', '#e2b46c'];
  const mound = `<radialGradient id="mound" cx="50%" cy="35%"><stop offset="0" stop-color="#dca65e"/><stop offset="1" stop-color="#a86a2d"/></radialGradient>`;
  const parts: string[] = [];
  if (variant === 0) {
    parts.push(bowl(600, 560, 300, ['#f4efe6', '#d8cfc0'], granuleMound(r, 600, 548, 260, 70, colors, 450)));
    parts.push(`<path d="M880 700 L1120 820" stroke="#b07a45" stroke-width="26" stroke-linecap="round"/>`);
    parts.push(`<ellipse cx="860" cy="690" rx="70" ry="34" fill="#b07a45"/>`, granuleMound(r, 860, 684, 55, 20, colors, 120));
    for (let i = 0; i < 160; i++)
      parts.push(
        `<circle cx="${f(between(r, 200, 1000))}" cy="${f(between(r, 760, 880))}" r="${f(between(r, 1, 3))}" fill="${pick(r, colors)}"/>`,
      );
  } else if (variant === 1) {
    parts.push(granuleMound(r, 600, 640, 420, 160, colors, 900));
    parts.push(`<ellipse cx="600" cy="560" rx="160" ry="60" fill="#e5b36b" opacity="0.35" filter="url(#soft)"/>`);
  } else {
    parts.push(pouch(200, 360, 220, 380, '#f3ead8', '#c98a3c', '#5b8c3a'));
    parts.push(pouch(460, 330, 240, 410, '#ede0c4', '#d8a45a', '#5b8c3a'));
    parts.push(bowl(900, 620, 180, ['#efe7da', '#d3c8b6'], granuleMound(r, 900, 612, 150, 42, colors, 400)));
  }
  return compose(scene.replace('|', `${mound}|`), ...parts);
}

export function friedOnions(seed: number, variant: 0 | 1 | 2): string {
  const r = random(seed);
  const scene = tableScene(r, ['#f0ece4', '#dcd3c2'], ['#4e3423', '#5f412c'], 330);
  const parts: string[] = [];
  if (variant === 0) {
    parts.push(bowl(600, 560, 310, ['#ffffff', '#dcdcdc'], onionPile(r, 600, 540, 260, 80, 520)));
    parts.push(onionPile(r, 600, 420, 140, 50, 160));
  } else if (variant === 1) {
    parts.push(
      `<ellipse cx="600" cy="640" rx="470" ry="170" fill="#f7f2ea"/><ellipse cx="600" cy="640" rx="430" ry="150" fill="#ece3d5"/>`,
    );
    parts.push(onionPile(r, 600, 620, 380, 120, 650));
    // Two whole onions beside the plate for scale.
    for (const [x, y] of [
      [1040, 470],
      [150, 480],
    ] as [number, number][]) {
      parts.push(
        shadow(x, y + 70, 80, 18),
        `<path d="M${x} ${y - 90} Q ${x + 95} ${y - 10} ${x + 70} ${y + 55} Q ${x} ${y + 95} ${x - 70} ${y + 55} Q ${x - 95} ${y - 10} ${x} ${y - 90} Z" fill="#b0583a"/>`,
        `<path d="M${x} ${y - 90} Q ${x + 30} ${y} ${x} ${y + 80}" stroke="#7c3522" stroke-width="4" fill="none" opacity="0.6"/>`,
      );
    }
  } else {
    parts.push(pouch(180, 330, 240, 420, '#2f5d3a', '#d88f3a', '#f0c04a'));
    parts.push(carton(540, 450, 300, 260, 110, ['#d6b27a', '#c29a5e', '#a07d45']));
    parts.push(onionPile(r, 760, 790, 260, 40, 400));
  }
  return compose(
    scene.replace(
      '|',
      `<radialGradient id="mound"><stop offset="0" stop-color="#c7782a"/><stop offset="1" stop-color="#8a4512"/></radialGradient>|`,
    ),
    ...parts,
  );
}

/** Brushed coir fibres in a woven grid, with a darker border. */
function coirMat(r: Random, x: number, y: number, w: number, h: number, skewX: number, inlay: boolean): string {
  const fibres: string[] = [];
  for (let i = 0; i < 450; i++) {
    const fx = x + r() * w;
    const fy = y + r() * h;
    const len = between(r, 6, 16);
    const a = between(r, -0.6, 0.6) + (r() < 0.5 ? 0 : Math.PI / 2);
    fibres.push(
      `<line x1="${f(fx)}" y1="${f(fy)}" x2="${f(fx + Math.cos(a) * len)}" y2="${f(fy + Math.sin(a) * len)}" stroke="${pick(r, ['#8a5a2b', '#a06a34', '#6e4521', '#b98245'])}" stroke-width="2" opacity="0.7"/>`,
    );
  }
  const grid: string[] = [];
  for (let gx = x + 20; gx < x + w; gx += 28)
    grid.push(`<line x1="${gx}" y1="${y}" x2="${gx}" y2="${y + h}" stroke="#5a381a" stroke-opacity="0.35" stroke-width="3"/>`);
  for (let gy = y + 20; gy < y + h; gy += 28)
    grid.push(`<line x1="${x}" y1="${gy}" x2="${x + w}" y2="${gy}" stroke="#5a381a" stroke-opacity="0.35" stroke-width="3"/>`);
  const pattern = inlay
    ? `<rect x="${x + w * 0.2}" y="${y + h * 0.25}" width="${w * 0.6}" height="${h * 0.5}" fill="none" stroke="#3e2410" stroke-width="22" rx="30"/><circle cx="${x + w / 2}" cy="${y + h / 2}" r="${Math.min(w, h) * 0.12}" fill="#3e2410" opacity="0.85"/>`
    : `<path d="M${x + w * 0.15} ${y + h / 2} q ${w * 0.175} ${-h * 0.35} ${w * 0.35} 0 t ${w * 0.35} 0" stroke="#3e2410" stroke-width="20" fill="none"/>`;
  return `<g transform="skewX(${skewX})">${shadow(x + w / 2, y + h, w * 0.55, 20)}
<rect x="${x - 14}" y="${y - 14}" width="${w + 28}" height="${h + 28}" rx="16" fill="#5c3a1b"/>
<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="#a87a44"/>${grid.join('')}${fibres.join('')}${pattern}</g>`;
}

export function coirDoormats(seed: number, variant: 0 | 1 | 2): string {
  const r = random(seed);
  const floor = `<linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d7d2c8"/><stop offset="1" stop-color="#b9b2a5"/></linearGradient>`;
  const tiles: string[] = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#floor)"/>`];
  for (let x = 0; x <= WIDTH; x += 150)
    tiles.push(`<line x1="${x}" y1="0" x2="${x}" y2="${HEIGHT}" stroke="#fff" stroke-opacity="0.35" stroke-width="3"/>`);
  for (let y = 0; y <= HEIGHT; y += 150)
    tiles.push(`<line x1="0" y1="${y}" x2="${WIDTH}" y2="${y}" stroke="#fff" stroke-opacity="0.35" stroke-width="3"/>`);
  const parts: string[] = [];
  if (variant === 0) {
    parts.push(
      `<rect x="0" y="0" width="${WIDTH}" height="200" fill="#7d5a3a"/><rect x="420" y="0" width="360" height="200" fill="#5a3e26"/><circle cx="750" cy="110" r="10" fill="#d8b25a"/>`,
    );
    parts.push(coirMat(r, 300, 330, 600, 380, -6, true));
  } else if (variant === 1) {
    parts.push(coirMat(r, 140, 140, 430, 300, 0, false), coirMat(r, 640, 180, 430, 300, 0, true), coirMat(r, 380, 500, 460, 320, 0, false));
  } else {
    for (let i = 0; i < 5; i++) {
      const y = 640 - i * 70;
      parts.push(
        `<rect x="${330 + between(r, -10, 10)}" y="${y}" width="560" height="64" rx="10" fill="${pick(r, ['#a87a44', '#9a6c3a', '#b3854d'])}" stroke="#5c3a1b" stroke-width="10"/>`,
      );
      for (let k = 0; k < 60; k++)
        parts.push(
          `<line x1="${f(340 + r() * 540)}" y1="${f(y + 8 + r() * 48)}" x2="${f(340 + r() * 540)}" y2="${f(y + 8 + r() * 48)}" stroke="#6e4521" stroke-width="2" opacity="0.4"/>`,
        );
    }
    parts.push(shadow(610, 720, 320, 24, 0.3));
  }
  return svg(floor, tiles.join('') + parts.join(''));
}

function toteBag(r: Random, x: number, y: number, w: number, h: number, fabric: string, trim: string, pocket: boolean): string {
  const weave: string[] = [];
  for (let gx = x + 8; gx < x + w; gx += 10)
    weave.push(`<line x1="${gx}" y1="${y}" x2="${gx}" y2="${y + h}" stroke="#000" stroke-opacity="0.06" stroke-width="3"/>`);
  for (let gy = y + 8; gy < y + h; gy += 10)
    weave.push(`<line x1="${x}" y1="${gy}" x2="${x + w}" y2="${gy}" stroke="#fff" stroke-opacity="0.06" stroke-width="3"/>`);
  const handle = (hx: number) =>
    `<path d="M${f(hx)} ${f(y + 4)} Q ${f(hx + w * 0.14)} ${f(y - h * 0.55)} ${f(hx + w * 0.28)} ${f(y + 4)}" stroke="${trim}" stroke-width="16" fill="none" stroke-linecap="round"/>`;
  return `${shadow(x + w / 2, y + h, w * 0.6, 18)}${handle(x + w * 0.2)}${handle(x + w * 0.52)}
<path d="M${x} ${y} L${x + w} ${y} L${x + w + 10} ${y + h} L${x - 10} ${y + h} Z" fill="${fabric}"/>${weave.join('')}
<rect x="${x}" y="${y}" width="${w}" height="${f(h * 0.1)}" fill="${trim}"/>
${pocket ? `<rect x="${f(x + w * 0.25)}" y="${f(y + h * 0.38)}" width="${f(w * 0.5)}" height="${f(h * 0.34)}" rx="6" fill="#efe6d2" stroke="${trim}" stroke-width="5"/>` : ''}
<path d="M${f(x + w * 0.1)} ${f(y + h * 0.9)} L${f(x + w * 0.9)} ${f(y + h * 0.9)}" stroke="#000" stroke-opacity="${f(0.1 + r() * 0.1)}" stroke-width="4" stroke-dasharray="10 8"/>`;
}

export function juteBags(seed: number, variant: 0 | 1 | 2): string {
  const r = random(seed);
  const scene = tableScene(r, ['#eef0ea', '#d9ddd2'], ['#a98a63', '#bb9c74'], 420);
  const parts: string[] = [];
  if (variant === 0) {
    parts.push(toteBag(r, 230, 380, 360, 400, '#c8a46c', '#6b4a2a', true), toteBag(r, 640, 410, 330, 370, '#e8dcc4', '#8a6a3a', false));
  } else if (variant === 1) {
    for (let i = 0; i < 4; i++)
      parts.push(
        toteBag(
          r,
          150 + i * 240,
          420 + (i % 2) * 30,
          220,
          300,
          pick(r, ['#c8a46c', '#d9c29a', '#b8925a']),
          pick(r, ['#6b4a2a', '#2f5d3a', '#8c2f2f']),
          i % 2 === 0,
        ),
      );
  } else {
    for (let i = 0; i < 6; i++) {
      const y = 700 - i * 34;
      parts.push(
        `<rect x="${300 + between(r, -12, 12)}" y="${y}" width="600" height="40" rx="8" fill="${pick(r, ['#c8a46c', '#d2b07a', '#bd9860'])}" stroke="#6b4a2a" stroke-width="4"/>`,
      );
    }
    parts.push(toteBag(r, 480, 250, 240, 270, '#e8dcc4', '#2f5d3a', true));
  }
  return compose(scene, ...parts);
}

// ---------------------------------------------------------------------------------------------
// Gallery

export function sugarcaneField(seed: number): string {
  const r = random(seed);
  const defs = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb6e6"/><stop offset="1" stop-color="#f3e2b8"/></linearGradient>
<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7a6a3a"/><stop offset="1" stop-color="#4e4122"/></linearGradient>`;
  const parts = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>`, `<circle cx="950" cy="170" r="70" fill="#fff3c4"/>`];
  parts.push(`<path d="M0 430 Q 300 360 600 420 T 1200 400 L1200 900 L0 900 Z" fill="#6f8f4a" opacity="0.6"/>`);
  parts.push(`<rect y="640" width="${WIDTH}" height="260" fill="url(#ground)"/>`);
  for (let row = 0; row < 4; row++) {
    const base = 520 + row * 110;
    for (let x = -20; x < WIDTH + 40; x += between(r, 26, 44)) {
      parts.push(caneStalk(r, x, base - between(r, 260, 360) + row * 30, base + 60, 12 + row * 4, between(r, -20, 20)));
    }
  }
  return svg(defs, parts.join(''));
}

export function jaggeryKitchen(seed: number): string {
  const r = random(seed);
  const defs = `<radialGradient id="syrup" cx="50%" cy="40%"><stop offset="0" stop-color="#f2b84b"/><stop offset="1" stop-color="#a85b17"/></radialGradient>
<radialGradient id="fire" cx="50%" cy="100%" r="80%"><stop offset="0" stop-color="#fff2a8"/><stop offset="0.4" stop-color="#ff9a2e"/><stop offset="1" stop-color="#c2361a" stop-opacity="0"/></radialGradient>`;
  const parts = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#3a2a20"/>`,
    `<rect y="600" width="${WIDTH}" height="300" fill="#5a4030"/>`,
  ];
  parts.push(`<rect x="170" y="560" width="860" height="200" rx="20" fill="#6b4a35"/>`);
  parts.push(`<ellipse cx="600" cy="760" rx="360" ry="110" fill="url(#fire)"/>`);
  parts.push(
    `<ellipse cx="600" cy="520" rx="450" ry="130" fill="#2e2e2e"/><ellipse cx="600" cy="510" rx="420" ry="112" fill="url(#syrup)"/>`,
  );
  for (let i = 0; i < 60; i++)
    parts.push(
      `<circle cx="${f(600 + between(r, -360, 360))}" cy="${f(510 + between(r, -80, 80))}" r="${f(between(r, 5, 18))}" fill="#ffd27a" opacity="${f(between(r, 0.3, 0.8))}" stroke="#b86a1c" stroke-width="2"/>`,
    );
  for (let i = 0; i < 6; i++)
    parts.push(
      `<path d="M${f(300 + i * 110)} 380 q 30 -60 0 -120 t 0 -120" stroke="#fff" stroke-opacity="0.18" stroke-width="26" fill="none" filter="url(#soft)"/>`,
    );
  parts.push(
    `<path d="M980 300 L760 520" stroke="#8a623f" stroke-width="22" stroke-linecap="round"/><ellipse cx="750" cy="530" rx="60" ry="24" fill="#8a623f"/>`,
  );
  return svg(defs, parts.join(''));
}

export function warehouse(seed: number): string {
  const r = random(seed);
  const defs = `<linearGradient id="wh" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfd6dc"/><stop offset="1" stop-color="#9aa3ab"/></linearGradient>`;
  const parts = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#wh)"/>`,
    `<rect y="640" width="${WIDTH}" height="260" fill="#8e8a84"/>`,
  ];
  for (let x = 0; x < WIDTH; x += 120)
    parts.push(`<line x1="${x}" y1="0" x2="${x + 60}" y2="640" stroke="#fff" stroke-opacity="0.2" stroke-width="4"/>`);
  for (let stack = 0; stack < 3; stack++) {
    const sx = 80 + stack * 370;
    parts.push(`<rect x="${sx - 10}" y="740" width="340" height="26" fill="#a0763f"/>`);
    for (let row = 0; row < 4; row++) {
      for (let col = 0; col < 3 - (row > 2 ? 1 : 0); col++) {
        parts.push(
          sack(
            r,
            sx + col * 105 + (row % 2) * 50,
            620 - row * 110,
            120,
            130,
            pick(r, ['#cfae72', '#c4a165', '#d8b97e']),
            row % 2 === 0 ? '#2f5d3a' : undefined,
          ),
        );
      }
    }
  }
  return svg(defs, parts.join(''));
}

export function containerPort(seed: number): string {
  const r = random(seed);
  const defs = `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2d6e9a"/><stop offset="1" stop-color="#173d5c"/></linearGradient>
<linearGradient id="sky2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6c27a"/><stop offset="1" stop-color="#f4e3c3"/></linearGradient>`;
  const parts = [
    `<rect width="${WIDTH}" height="520" fill="url(#sky2)"/>`,
    `<rect y="520" width="${WIDTH}" height="380" fill="url(#sea)"/>`,
    `<circle cx="240" cy="200" r="80" fill="#fff1cf" opacity="0.9"/>`,
  ];
  parts.push(
    `<path d="M120 560 L1080 560 L1010 680 L190 680 Z" fill="#3b3f46"/><rect x="880" y="420" width="120" height="140" fill="#e9e9e9"/><rect x="900" y="440" width="80" height="20" fill="#5a7d9a"/>`,
  );
  const colors = ['#c0392b', '#2e86c1', '#27ae60', '#f39c12', '#8e44ad', '#16a085', '#d35400'];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 7; col++) {
      const x = 200 + col * 96;
      const y = 520 - row * 46;
      parts.push(`<rect x="${x}" y="${y}" width="92" height="42" fill="${pick(r, colors)}"/>`);
      for (let k = 1; k < 6; k++)
        parts.push(
          `<line x1="${x + k * 15}" y1="${y + 4}" x2="${x + k * 15}" y2="${y + 38}" stroke="#000" stroke-opacity="0.2" stroke-width="3"/>`,
        );
    }
  }
  for (let i = 0; i < 40; i++)
    parts.push(
      `<path d="M${f(r() * WIDTH)} ${f(between(r, 700, 880))} q 20 -8 40 0" stroke="#fff" stroke-opacity="0.35" stroke-width="3" fill="none"/>`,
    );
  parts.push(`<path d="M1040 180 L1040 560 M1040 200 L860 200 M900 200 L900 300" stroke="#e0a526" stroke-width="14" fill="none"/>`);
  return svg(defs, parts.join(''));
}
