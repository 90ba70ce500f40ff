import sharp from 'sharp';

/**
 * Pictures for the demo community, drawn as SVG and rasterised with sharp: no network, no
 * binary files in the repository. A seed picks every colour and shape, so the same demo
 * always gets the same pictures.
 */

/** A small seeded random generator (mulberry32): the same seed gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed from a word, so pictures follow names rather than their order. */
export function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

type Random = () => number;

const between = (random: Random, low: number, high: number) => low + (high - low) * random();
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${Math.round(((hue % 360) + 360) % 360)}, ${Math.round(saturation)}%, ${Math.round(lightness)}%)`;

/** Escapes text for an SVG text node. */
function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

/** A ridge line across the picture: `points` peaks between `low` and `high` (y). */
function ridge(random: Random, width: number, height: number, low: number, high: number, points: number): string {
  const step = width / points;
  let path = `M0 ${height} L0 ${between(random, high, low).toFixed(0)}`;
  for (let index = 1; index <= points; index++) {
    const x = index * step;
    const y = between(random, high, low);
    path += ` L${(x - step / 2 + between(random, -step / 4, step / 4)).toFixed(0)} ${(y - between(random, 0, 60)).toFixed(0)} L${x.toFixed(0)} ${y.toFixed(0)}`;
  }
  return `${path} L${width} ${height} Z`;
}

/** Mountains at dawn or dusk: a sky gradient, a sun, ridges fading into the distance. */
function mountains(random: Random, width: number, height: number): string {
  const hue = between(random, 0, 360);
  const sky = [hsl(hue, 60, 78), hsl(hue + 30, 70, 70), hsl(hue + 60, 75, 84)];
  const sunX = between(random, 0.2, 0.8) * width;
  const sunY = between(random, 0.25, 0.45) * height;
  let layers = '';
  for (let layer = 0; layer < 4; layer++) {
    const top = height * (0.35 + layer * 0.12);
    layers += `<path d="${ridge(random, width, height, top + 120, top, 5 + layer * 2)}" fill="${hsl(hue + 200 + layer * 8, 30 + layer * 6, 62 - layer * 14)}"/>`;
  }
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="0.6" stop-color="${sky[1]}"/><stop offset="1" stop-color="${sky[2]}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="${sunY}" r="${height * 0.09}" fill="${hsl(hue + 40, 90, 92)}" opacity="0.9"/>
    ${layers}`;
}

/** A sunset over water: bands of colour, a low sun and its broken reflection. */
function sunset(random: Random, width: number, height: number): string {
  const hue = between(random, -20, 40);
  const horizon = height * between(random, 0.52, 0.62);
  const sunX = width * between(random, 0.3, 0.7);
  let reflections = '';
  for (let index = 0; index < 16; index++) {
    const y = horizon + 14 + index * ((height - horizon) / 16);
    const half = height * 0.12 * (1 - index / 20) * between(random, 0.5, 1.2);
    reflections += `<rect x="${(sunX - half).toFixed(0)}" y="${y.toFixed(0)}" width="${(half * 2).toFixed(0)}" height="${between(random, 3, 9).toFixed(0)}" rx="3" fill="${hsl(hue + 45, 95, 80)}" opacity="${(0.7 - index * 0.035).toFixed(2)}"/>`;
  }
  return `<defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 250, 45, 30)}"/><stop offset="0.55" stop-color="${hsl(hue + 10, 75, 58)}"/><stop offset="1" stop-color="${hsl(hue + 40, 95, 72)}"/></linearGradient>
      <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue + 230, 35, 32)}"/><stop offset="1" stop-color="${hsl(hue + 235, 45, 14)}"/></linearGradient>
      <radialGradient id="glow"><stop offset="0" stop-color="${hsl(hue + 45, 100, 85)}" stop-opacity="0.8"/><stop offset="1" stop-color="${hsl(hue + 45, 100, 70)}" stop-opacity="0"/></radialGradient>
      </defs>
    <rect width="100%" height="${horizon}" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="${horizon}" r="${height * 0.35}" fill="url(#glow)"/>
    <circle cx="${sunX}" cy="${horizon}" r="${height * 0.09}" fill="${hsl(hue + 45, 100, 88)}"/>
    <rect y="${horizon}" width="100%" height="${height - horizon}" fill="url(#sea)"/>
    ${reflections}`;
}

/** A workbench from above: planks with grain lines, a round blade, a square and some dowels. */
function workshop(random: Random, width: number, height: number): string {
  const wood = between(random, 20, 38);
  let planks = '';
  const plankHeight = height / 6;
  for (let index = 0; index < 6; index++) {
    const lightness = between(random, 38, 58);
    planks += `<rect y="${index * plankHeight}" width="${width}" height="${plankHeight - 4}" fill="${hsl(wood, 45, lightness)}"/>`;
    for (let line = 0; line < 5; line++) {
      const y = index * plankHeight + between(random, 8, plankHeight - 12);
      planks += `<path d="M0 ${y.toFixed(0)} C ${width * 0.3} ${(y + between(random, -18, 18)).toFixed(0)}, ${width * 0.6} ${(y + between(random, -18, 18)).toFixed(0)}, ${width} ${y.toFixed(0)}" stroke="${hsl(wood, 40, lightness - 12)}" stroke-width="2" fill="none" opacity="0.6"/>`;
    }
  }
  const bladeX = width * between(random, 0.62, 0.78);
  const bladeY = height * between(random, 0.35, 0.6);
  const bladeRadius = height * 0.22;
  let teeth = '';
  for (let tooth = 0; tooth < 36; tooth++) {
    const angle = (tooth / 36) * Math.PI * 2;
    const x = bladeX + Math.cos(angle) * bladeRadius;
    const y = bladeY + Math.sin(angle) * bladeRadius;
    teeth += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="9" fill="#c9ced6"/>`;
  }
  let dowels = '';
  for (let index = 0; index < 5; index++) {
    const x = width * 0.1 + index * 46;
    dowels += `<rect x="${x}" y="${height * 0.62}" width="26" height="${height * 0.28}" rx="13" fill="${hsl(wood + 8, 55, 70)}" stroke="${hsl(wood, 40, 40)}" stroke-width="2"/>`;
  }
  return `<rect width="100%" height="100%" fill="${hsl(wood, 40, 22)}"/>${planks}
    <rect x="${width * 0.08}" y="${height * 0.1}" width="${width * 0.36}" height="${height * 0.08}" fill="#2b2f36" transform="rotate(${between(random, -8, 8).toFixed(1)} ${width * 0.26} ${height * 0.14})"/>
    <rect x="${width * 0.08}" y="${height * 0.1}" width="${width * 0.08}" height="${height * 0.42}" fill="#2b2f36" transform="rotate(${between(random, -8, 8).toFixed(1)} ${width * 0.26} ${height * 0.14})"/>
    ${teeth}<circle cx="${bladeX}" cy="${bladeY}" r="${bladeRadius}" fill="#dfe3e8"/>
    <circle cx="${bladeX}" cy="${bladeY}" r="${bladeRadius * 0.72}" fill="none" stroke="#b5bcc6" stroke-width="6"/>
    <circle cx="${bladeX}" cy="${bladeY}" r="${bladeRadius * 0.14}" fill="#6b7480"/>
    ${dowels}`;
}

/** Sound: layered sine waves over a dark gradient, like a recording or an equaliser. */
function waveform(random: Random, width: number, height: number): string {
  const hue = between(random, 160, 320);
  let waves = '';
  for (let index = 0; index < 7; index++) {
    const amplitude = height * between(random, 0.05, 0.2);
    const frequency = between(random, 1.5, 5);
    const phase = between(random, 0, Math.PI * 2);
    let path = '';
    for (let x = 0; x <= width; x += 16) {
      const envelope = Math.sin((x / width) * Math.PI);
      const y = height / 2 + Math.sin((x / width) * Math.PI * 2 * frequency + phase) * amplitude * envelope;
      path += `${x === 0 ? 'M' : 'L'}${x} ${y.toFixed(1)} `;
    }
    waves += `<path d="${path}" stroke="${hsl(hue + index * 18, 85, 62)}" stroke-width="${between(random, 2, 6).toFixed(1)}" fill="none" opacity="${between(random, 0.45, 0.95).toFixed(2)}"/>`;
  }
  let bars = '';
  for (let index = 0; index < 60; index++) {
    const barHeight = height * 0.25 * random() * Math.sin((index / 60) * Math.PI);
    bars += `<rect x="${(index * width) / 60 + 4}" y="${height - 40 - barHeight}" width="${width / 60 - 8}" height="${barHeight}" rx="3" fill="${hsl(hue + 40, 70, 55)}" opacity="0.35"/>`;
  }
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue + 200, 45, 12)}"/><stop offset="1" stop-color="${hsl(hue + 240, 50, 22)}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#bg)"/>${bars}${waves}`;
}

/** Piano keys at an angle under warm stage light. */
function pianoKeys(random: Random, width: number, height: number): string {
  const keyWidth = width / 18;
  let keys = '';
  for (let index = -4; index < 26; index++) {
    keys += `<rect x="${index * keyWidth}" y="0" width="${keyWidth - 3}" height="${height * 1.4}" fill="#f6f1e7" stroke="#c7bfae" stroke-width="2"/>`;
  }
  for (let index = -4; index < 26; index++) {
    if ([2, 6].includes(((index % 7) + 7) % 7)) continue;
    keys += `<rect x="${index * keyWidth + keyWidth * 0.66}" y="0" width="${keyWidth * 0.62}" height="${height * 0.85}" rx="6" fill="#15161a"/>`;
  }
  const hue = between(random, 20, 45);
  return `<defs><radialGradient id="light" cx="${between(random, 0.3, 0.7)}" cy="0.2" r="0.9"><stop offset="0" stop-color="${hsl(hue, 90, 65)}" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.75"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="#111"/>
    <g transform="rotate(${between(random, -24, -12).toFixed(1)} ${width / 2} ${height / 2}) translate(0 ${-height * 0.1})">${keys}</g>
    <rect width="100%" height="100%" fill="url(#light)"/>`;
}

/** A table from above with bowls of colourful food. */
function bowls(random: Random, width: number, height: number): string {
  const table = between(random, 25, 45);
  let items = '';
  const spots: [number, number, number][] = [
    [0.27, 0.38, 0.2],
    [0.66, 0.3, 0.16],
    [0.5, 0.74, 0.17],
    [0.85, 0.72, 0.11],
    [0.12, 0.8, 0.09],
  ];
  for (const [fx, fy, fr] of spots) {
    const cx = width * fx;
    const cy = height * fy;
    const radius = height * fr * 1.4;
    items += `<circle cx="${cx + 10}" cy="${cy + 14}" r="${radius}" fill="#000" opacity="0.15"/>`;
    items += `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#fbfaf7"/>`;
    items += `<circle cx="${cx}" cy="${cy}" r="${radius * 0.82}" fill="${hsl(table + 10, 20, 90)}"/>`;
    for (let piece = 0; piece < 14; piece++) {
      const angle = random() * Math.PI * 2;
      const distance = random() * radius * 0.6;
      const hue = pick(random, [5, 30, 50, 95, 120, 140, 330]);
      items += `<circle cx="${(cx + Math.cos(angle) * distance).toFixed(0)}" cy="${(cy + Math.sin(angle) * distance).toFixed(0)}" r="${between(random, radius * 0.08, radius * 0.2).toFixed(0)}" fill="${hsl(hue, 70, between(random, 42, 60))}"/>`;
    }
  }
  return `<rect width="100%" height="100%" fill="${hsl(table, 30, 62)}"/>${items}`;
}

/** A pixel-art landscape, as an indie game's title screen. */
function pixelWorld(random: Random, width: number, height: number): string {
  const cell = 40;
  const columns = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const hue = between(random, 180, 230);
  let cells = '';
  let ground = rows * between(random, 0.55, 0.65);
  for (let column = 0; column < columns; column++) {
    ground = Math.max(rows * 0.4, Math.min(rows * 0.8, ground + pick(random, [-1, 0, 0, 1])));
    const top = Math.round(ground);
    for (let row = top; row < rows; row++) {
      const fill = row === top ? hsl(110, 55, 45) : hsl(28, 40, 30 + ((row + column) % 2) * 4);
      cells += `<rect x="${column * cell}" y="${row * cell}" width="${cell}" height="${cell}" fill="${fill}"/>`;
    }
    if (random() < 0.12 && top > 3) {
      cells += `<rect x="${column * cell + cell * 0.35}" y="${(top - 2) * cell}" width="${cell * 0.3}" height="${cell * 2}" fill="${hsl(25, 45, 25)}"/>`;
      cells += `<rect x="${(column - 1) * cell}" y="${(top - 4) * cell}" width="${cell * 3}" height="${cell * 2}" fill="${hsl(130, 50, 32)}"/>`;
    }
  }
  let clouds = '';
  for (let index = 0; index < 5; index++) {
    const x = Math.floor(random() * columns) * cell;
    const y = Math.floor(between(random, 1, rows * 0.3)) * cell;
    clouds += `<rect x="${x}" y="${y}" width="${cell * 4}" height="${cell}" fill="#fff" opacity="0.9"/><rect x="${x + cell}" y="${y - cell}" width="${cell * 2}" height="${cell}" fill="#fff" opacity="0.9"/>`;
  }
  return `<rect width="100%" height="100%" fill="${hsl(hue, 70, 70)}"/>
    <rect x="${width * 0.78}" y="${height * 0.1}" width="${cell * 3}" height="${cell * 3}" fill="${hsl(48, 95, 65)}"/>
    ${clouds}${cells}`;
}

/** Melting ice and a warming-stripes band, for the climate researcher. */
function climateStripes(random: Random, width: number, height: number): string {
  let stripes = '';
  const count = 60;
  let anomaly = -0.6;
  for (let index = 0; index < count; index++) {
    anomaly += between(random, -0.12, 0.16) + 0.02;
    const clamped = Math.max(-1, Math.min(1, anomaly));
    const color = clamped < 0 ? hsl(210, 70, 45 + (1 + clamped) * 40) : hsl(5, 75, 85 - clamped * 45);
    stripes += `<rect x="${(index * width) / count}" y="0" width="${width / count + 1}" height="${height}" fill="${color}"/>`;
  }
  return stripes;
}

/** A startup's whiteboard: sticky notes in a loose grid, with a rising line drawn over them. */
function stickyNotes(random: Random, width: number, height: number): string {
  let notes = '';
  for (let row = 0; row < 3; row++) {
    for (let column = 0; column < 6; column++) {
      if (random() < 0.2) continue;
      const x = 90 + column * ((width - 180) / 6) + between(random, -14, 14);
      const y = 110 + row * ((height - 200) / 3) + between(random, -14, 14);
      const size = between(random, 150, 190);
      const color = pick(random, ['#ffe77a', '#ffb3c7', '#9ee6c9', '#a7c8ff', '#ffc98b']);
      notes += `<g transform="rotate(${between(random, -6, 6).toFixed(1)} ${x + size / 2} ${y + size / 2})"><rect x="${x + 6}" y="${y + 8}" width="${size}" height="${size}" fill="#000" opacity="0.12"/><rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${color}"/>`;
      for (let line = 0; line < 3; line++) {
        notes += `<rect x="${x + 20}" y="${y + 40 + line * 34}" width="${size * between(random, 0.4, 0.75)}" height="8" rx="4" fill="#333" opacity="0.35"/>`;
      }
      notes += '</g>';
    }
  }
  let line = `M60 ${height - 90}`;
  for (let index = 1; index <= 10; index++) {
    line += ` L${60 + index * ((width - 120) / 10)} ${(height - 90 - index * index * ((height - 200) / 100) + between(random, -20, 20)).toFixed(0)}`;
  }
  return `<rect width="100%" height="100%" fill="#f4f5f2"/>${notes}<path d="${line}" stroke="#1f6feb" stroke-width="10" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** Soft overlapping circles: an abstract picture for anything. */
function softShapes(random: Random, width: number, height: number): string {
  const hue = between(random, 0, 360);
  let shapes = '';
  for (let index = 0; index < 9; index++) {
    shapes += `<circle cx="${between(random, 0, width).toFixed(0)}" cy="${between(random, 0, height).toFixed(0)}" r="${between(random, height * 0.15, height * 0.45).toFixed(0)}" fill="${hsl(hue + between(random, -60, 60), 70, between(random, 55, 75))}" opacity="0.65"/>`;
  }
  return `<defs><filter id="soft"><feGaussianBlur stdDeviation="40"/></filter></defs>
    <rect width="100%" height="100%" fill="${hsl(hue + 180, 40, 92)}"/><g filter="url(#soft)">${shapes}</g>`;
}

export const SCENES = {
  mountains,
  sunset,
  workshop,
  waveform,
  pianoKeys,
  bowls,
  pixelWorld,
  climateStripes,
  stickyNotes,
  softShapes,
} as const;
export type SceneName = keyof typeof SCENES;

/** A post picture: a landscape JPEG of `scene`, 1600 × 1000 unless told. */
export async function sceneJpeg(
  scene: SceneName,
  seed: number,
  size: { width: number; height: number } = { width: 1600, height: 1000 },
): Promise<Buffer> {
  const body = SCENES[scene](seededRandom(seed), size.width, size.height);
  return sharp(svg(size.width, size.height, body))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 86 })
    .toBuffer();
}

/** A group picture: a square scene (groups show it small: 800 px is plenty). */
export async function groupJpeg(scene: SceneName, seed: number, size = 800): Promise<Buffer> {
  const body = SCENES[scene](seededRandom(seed), size, size);
  return sharp(svg(size, size, body))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 86 })
    .toBuffer();
}

/** An avatar: a soft two-colour gradient, a few shapes, and the person's initials. */
export async function avatarPng(name: string, size = 512): Promise<Buffer> {
  const random = seededRandom(seedOf(name));
  const hue = between(random, 0, 360);
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
  let shapes = '';
  for (let index = 0; index < 3; index++) {
    shapes += `<circle cx="${between(random, 0, size).toFixed(0)}" cy="${between(random, 0, size).toFixed(0)}" r="${between(random, size * 0.2, size * 0.45).toFixed(0)}" fill="${hsl(hue + between(random, 20, 90), 70, 72)}" opacity="0.45"/>`;
  }
  const body = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 65, 55)}"/><stop offset="1" stop-color="${hsl(hue + 50, 70, 40)}"/></linearGradient>
      <filter id="blur"><feGaussianBlur stdDeviation="${size / 16}"/></filter></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><g filter="url(#blur)">${shapes}</g>
    <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-weight="700" font-size="${size * 0.36}" fill="#ffffff" fill-opacity="0.94">${escapeXml(initials)}</text>`;
  return sharp(svg(size, size, body))
    .png()
    .toBuffer();
}
