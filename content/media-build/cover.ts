/**
 * Generated cover art: a calm 600x600 SVG seeded from the item's slug, so the same slug always
 * gives the same picture and different slugs give different ones (palette, sky, moon or sun,
 * waves or hills, stars).
 */

/** FNV-1a, 32 bit: a stable seed from a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small deterministic random generator, values in [0, 1). */
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

/** Calm palettes: sky top, sky bottom, three land or water layers from far to near, glow. */
const PALETTES: readonly (readonly string[])[] = [
  ["#1f3a5f", "#6f9fc7", "#4f7ea8", "#3b6790", "#284d70", "#f4e9d0"], // night blue
  ["#23485a", "#8cc0bf", "#6aa39b", "#4f877f", "#356a63", "#fbf1d6"], // sea green
  ["#3d3563", "#a79bd0", "#8a7fbf", "#6d62a3", "#4f4785", "#f6e6f2"], // lavender dusk
  ["#c98f6b", "#f2d7b3", "#d9b48f", "#bf9a79", "#9c7c64", "#fff4de"], // sand dawn
  ["#2f5d50", "#a9cfb4", "#86b79b", "#659c80", "#487f66", "#f3f7e0"], // forest morning
  ["#274060", "#b8c9e0", "#93aacb", "#7089b0", "#4f6a94", "#fdf3e1"], // pale winter sky
  ["#4b3b5c", "#e3b8b1", "#c89ea6", "#a7839a", "#7c6482", "#fff0e0"], // rose evening
  ["#16324f", "#3f7f8f", "#2f6a7a", "#235666", "#173f4d", "#e6f1ee"], // deep ocean
];

const r1 = (value: number) => Math.round(value * 10) / 10;

/** A smooth closed band from x=0 to 600 whose top edge undulates around baseY. */
function bandPath(random: () => number, baseY: number, amplitude: number, waves: number): string {
  const points: Array<[number, number]> = [];
  const steps = waves * 2;
  const phase = random() * Math.PI * 2;
  for (let index = 0; index <= steps; index += 1) {
    const x = (600 / steps) * index;
    const y = baseY + Math.sin(phase + (index / steps) * waves * Math.PI * 2) * amplitude * (0.6 + random() * 0.4);
    points.push([x, y]);
  }
  let d = `M0 600L0 ${r1(points[0]![1])}`;
  for (let index = 1; index < points.length; index += 1) {
    const [px, py] = points[index - 1]!;
    const [x, y] = points[index]!;
    const midX = (px + x) / 2;
    d += `C${r1(midX)} ${r1(py)} ${r1(midX)} ${r1(y)} ${r1(x)} ${r1(y)}`;
  }
  return `${d}L600 600Z`;
}

export interface CoverOptions {
  /** Shown to screen readers as the SVG title. */
  title?: string;
}

/** The cover SVG for a slug (deterministic, about 2-4 KB). */
export function coverSvg(slug: string, options: CoverOptions = {}): string {
  const random = seededRandom(hashString(slug));
  const palette = PALETTES[Math.floor(random() * PALETTES.length)]!;
  const [skyTop, skyBottom, far, middle, near, glow] = palette as [string, string, string, string, string, string];
  const night = random() < 0.5;
  const waves = random() < 0.5;
  const angle = Math.floor(random() * 40) - 20;
  const orbX = 140 + random() * 320;
  const orbY = 130 + random() * 120;
  const orbR = 46 + random() * 40;
  const id = `c${hashString(slug).toString(36)}`;

  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img">`,
    `<title>${escapeXml(options.title ?? slug.replace(/-/g, " "))}</title>`,
    "<defs>",
    `<linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>`,
    `<radialGradient id="${id}g"><stop offset="0" stop-color="${glow}" stop-opacity=".55"/><stop offset="1" stop-color="${glow}" stop-opacity="0"/></radialGradient>`,
    "</defs>",
    `<rect width="600" height="600" fill="url(#${id}s)"/>`,
  );
  if (night) {
    const stars = 10 + Math.floor(random() * 14);
    for (let index = 0; index < stars; index += 1) {
      parts.push(
        `<circle cx="${r1(random() * 600)}" cy="${r1(random() * 300)}" r="${r1(0.8 + random() * 1.8)}" fill="${glow}" opacity="${r1(0.3 + random() * 0.6)}"/>`,
      );
    }
  }
  parts.push(`<circle cx="${r1(orbX)}" cy="${r1(orbY)}" r="${r1(orbR * 2.6)}" fill="url(#${id}g)"/>`);
  if (night) {
    // A crescent: the moon disc with a sky-coloured disc slightly offset over it.
    const offset = orbR * (0.35 + random() * 0.25);
    parts.push(
      `<mask id="${id}m"><rect width="600" height="600" fill="#fff"/><circle cx="${r1(orbX + offset)}" cy="${r1(orbY - offset * 0.4)}" r="${r1(orbR)}" fill="#000"/></mask>`,
      `<circle cx="${r1(orbX)}" cy="${r1(orbY)}" r="${r1(orbR)}" fill="${glow}" mask="url(#${id}m)"/>`,
    );
  } else {
    parts.push(`<circle cx="${r1(orbX)}" cy="${r1(orbY)}" r="${r1(orbR)}" fill="${glow}" opacity=".9"/>`);
    for (let ring = 1; ring <= 2; ring += 1) {
      parts.push(
        `<circle cx="${r1(orbX)}" cy="${r1(orbY)}" r="${r1(orbR + ring * 22)}" fill="none" stroke="${glow}" stroke-width="2" opacity="${r1(0.3 / ring)}"/>`,
      );
    }
    const clouds = 2 + Math.floor(random() * 3);
    for (let index = 0; index < clouds; index += 1) {
      const cx = random() * 600;
      const cy = 70 + random() * 200;
      const w = 50 + random() * 60;
      parts.push(
        `<g fill="${glow}" opacity="${r1(0.25 + random() * 0.2)}"><ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(w)}" ry="${r1(w * 0.28)}"/>` +
          `<ellipse cx="${r1(cx - w * 0.3)}" cy="${r1(cy - w * 0.18)}" rx="${r1(w * 0.45)}" ry="${r1(w * 0.3)}"/>` +
          `<ellipse cx="${r1(cx + w * 0.25)}" cy="${r1(cy - w * 0.22)}" rx="${r1(w * 0.38)}" ry="${r1(w * 0.32)}"/></g>`,
      );
    }
    const birds = 2 + Math.floor(random() * 3);
    const flockX = 80 + random() * 400;
    const flockY = 120 + random() * 120;
    for (let index = 0; index < birds; index += 1) {
      const x = flockX + index * (18 + random() * 14);
      const y = flockY + (random() - 0.5) * 30;
      const s = 5 + random() * 4;
      parts.push(
        `<path d="M${r1(x)} ${r1(y)}q${r1(s)} ${r1(-s)} ${r1(s * 2)} 0q${r1(s)} ${r1(-s)} ${r1(s * 2)} 0" fill="none" stroke="${skyTop}" stroke-width="2" stroke-linecap="round" opacity=".55"/>`,
      );
    }
  }
  const layers: Array<[string, number]> = [
    [far, 330 + random() * 40],
    [middle, 400 + random() * 40],
    [near, 470 + random() * 40],
  ];
  layers.forEach(([color, baseY], index) => {
    const amplitude = waves ? 10 + random() * 12 : 25 + random() * 30;
    const count = waves ? 3 + Math.floor(random() * 3) : 1;
    parts.push(`<path d="${bandPath(random, baseY, amplitude, count)}" fill="${color}" opacity="${r1(0.75 + index * 0.1)}"/>`);
  });
  if (waves) {
    const glints = 3 + Math.floor(random() * 4);
    for (let index = 0; index < glints; index += 1) {
      const y = 420 + random() * 150;
      const x = random() * 520;
      parts.push(`<rect x="${r1(x)}" y="${r1(y)}" width="${r1(30 + random() * 60)}" height="3" rx="1.5" fill="${glow}" opacity=".35"/>`);
    }
  }
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
