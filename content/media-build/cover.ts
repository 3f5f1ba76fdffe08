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

/** What a cover is of: anything with a slug, and the item's name, type and tags when known. */
export interface CoverSubject {
  slug: string;
  name?: string;
  type?: string;
  tags?: readonly string[];
}

/** The sky and the ground a cover shows. */
export interface CoverMotif {
  sky: "rain" | "night" | "sunrise" | "day";
  ground: "waves" | "pines" | "hills";
}

const NAME_RAIN = /\b(rain|rainy|storm|drizzle)\b/;
const NAME_NIGHT = /\b(night|evening|moon|moonlit|lullaby|dusk|sleep|bedtime|lantern|lighthouse|blanket|dream)/;
const NAME_MORNING = /\b(morning|dawn|sunrise|bright|waking|wake|arriving)\b/;
const NAME_WAVES = /\b(sea|ocean|tide|shore|shoreline|wave|waves|lighthouse|harbour|harbor)\b/;
const NAME_PINES = /\b(forest|wood|woods|pine|pines|beech|leaves|meadow|greenhouse|brook|garden)\b/;

/**
 * What the cover of an item shows, from its name first (a session called "Waking rested" is a
 * morning even when tagged sleep), then its tags and type: rain shows rain, sleep and evening a
 * night sky, morning a sunrise; ocean shows waves, forest pines, anything else soft hills.
 */
export function coverMotif(subject: CoverSubject): CoverMotif {
  const words = `${subject.name ?? ""} ${subject.slug.replace(/-/g, " ")}`.toLowerCase();
  const tags = new Set(subject.tags ?? []);
  let sky: CoverMotif["sky"] = "day";
  if (NAME_RAIN.test(words)) sky = "rain";
  else if (NAME_MORNING.test(words)) sky = "sunrise";
  else if (NAME_NIGHT.test(words)) sky = "night";
  else if (tags.has("rain")) sky = "rain";
  else if (tags.has("evening") || tags.has("sleep") || subject.type === "Sleepcasts") sky = "night";
  else if (tags.has("morning")) sky = "sunrise";
  let ground: CoverMotif["ground"] = "hills";
  if (NAME_WAVES.test(words)) ground = "waves";
  else if (NAME_PINES.test(words)) ground = "pines";
  else if (tags.has("ocean")) ground = "waves";
  else if (tags.has("forest")) ground = "pines";
  return { sky, ground };
}

/** Calm palettes for each sky: sky top, sky bottom, three land or water layers from far to near, glow. */
const PALETTES: Record<CoverMotif["sky"], readonly (readonly string[])[]> = {
  night: [
    ["#14233d", "#3d5f8a", "#34557d", "#284566", "#1b3350", "#f4e9d0"], // night blue
    ["#2a2548", "#6d62a3", "#574f8c", "#453e75", "#332d5c", "#f6e6f2"], // lavender night
    ["#0f2638", "#2f6a7a", "#285b6a", "#1f4a58", "#163946", "#e6f1ee"], // deep sea night
  ],
  sunrise: [
    ["#c98f6b", "#f6dcb4", "#d9b48f", "#bf9a79", "#9c7c64", "#fff4de"], // sand dawn
    ["#8a6f9c", "#f2c6a8", "#c89ea6", "#a7839a", "#7c6482", "#fff0e0"], // rose dawn
    ["#6f8fb0", "#f7d9a8", "#9fb79a", "#7f9f80", "#5f8166", "#fff6de"], // meadow dawn
  ],
  rain: [
    ["#5c6b7a", "#aab7c2", "#8797a6", "#6c7d8e", "#536576", "#e9eef2"], // slate rain
    ["#4f6661", "#a5bcb4", "#83a198", "#66857c", "#4c6a62", "#e8f0ec"], // green rain
  ],
  day: [
    ["#23485a", "#8cc0bf", "#6aa39b", "#4f877f", "#356a63", "#fbf1d6"], // sea green
    ["#2f5d50", "#a9cfb4", "#86b79b", "#659c80", "#487f66", "#f3f7e0"], // forest day
    ["#274060", "#b8c9e0", "#93aacb", "#7089b0", "#4f6a94", "#fdf3e1"], // pale sky
  ],
};

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

/** A row of pine silhouettes standing on baseY (one path of narrow tiered triangles). */
function pinesPath(random: () => number, baseY: number, height: number, count: number): string {
  let d = "";
  for (let index = 0; index < count; index += 1) {
    const x = (600 / count) * (index + 0.2 + random() * 0.6);
    const h = height * (0.65 + random() * 0.5);
    const w = h * 0.3;
    const y = baseY + random() * 10;
    d += `M${r1(x)} ${r1(y - h)}L${r1(x + w / 2)} ${r1(y)}L${r1(x - w / 2)} ${r1(y)}Z`;
    d += `M${r1(x)} ${r1(y - h * 0.72)}L${r1(x + w * 0.68)} ${r1(y - h * 0.12)}L${r1(x - w * 0.68)} ${r1(y - h * 0.12)}Z`;
  }
  return d;
}

export interface CoverOptions {
  /** Shown to screen readers as the SVG title. */
  title?: string;
  /** What it shows; by default from the slug alone (see coverMotif). */
  motif?: CoverMotif;
}

/** The cover SVG of an item (deterministic from its slug and motif, about 2-5 KB). */
export function coverSvg(slug: string, options: CoverOptions = {}): string {
  const motif = options.motif ?? coverMotif({ slug });
  const random = seededRandom(hashString(slug));
  const palettes = PALETTES[motif.sky];
  const palette = palettes[Math.floor(random() * palettes.length)]!;
  const [skyTop, skyBottom, far, middle, near, glow] = palette as [string, string, string, string, string, string];
  const waves = motif.ground === "waves";
  const angle = Math.floor(random() * 24) - 12;
  const orbX = 140 + random() * 320;
  const orbY = motif.sky === "sunrise" ? 300 + random() * 30 : 130 + random() * 110;
  const orbR = motif.sky === "sunrise" ? 60 + random() * 30 : 40 + random() * 30;
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
  if (motif.sky === "night") {
    const stars = 14 + Math.floor(random() * 14);
    for (let index = 0; index < stars; index += 1) {
      parts.push(
        `<circle cx="${r1(random() * 600)}" cy="${r1(random() * 300)}" r="${r1(0.8 + random() * 1.6)}" fill="${glow}" opacity="${r1(0.3 + random() * 0.6)}"/>`,
      );
    }
    // A crescent: the moon disc with a sky-coloured disc slightly offset over it.
    const offset = orbR * (0.35 + random() * 0.25);
    parts.push(
      `<circle cx="${r1(orbX)}" cy="${r1(orbY)}" r="${r1(orbR * 2.6)}" fill="url(#${id}g)"/>`,
      `<mask id="${id}m"><rect width="600" height="600" fill="#fff"/><circle cx="${r1(orbX + offset)}" cy="${r1(orbY - offset * 0.4)}" r="${r1(orbR)}" fill="#000"/></mask>`,
      `<circle cx="${r1(orbX)}" cy="${r1(orbY)}" r="${r1(orbR)}" fill="${glow}" mask="url(#${id}m)"/>`,
    );
  } else if (motif.sky === "sunrise") {
    // The sun low on the horizon, half behind the far land, with a wide warm glow.
    parts.push(
      `<circle cx="${r1(orbX)}" cy="${r1(orbY)}" r="${r1(orbR * 3.4)}" fill="url(#${id}g)"/>`,
      `<circle cx="${r1(orbX)}" cy="${r1(orbY)}" r="${r1(orbR)}" fill="${glow}" opacity=".95"/>`,
    );
    for (let ring = 1; ring <= 2; ring += 1) {
      parts.push(
        `<circle cx="${r1(orbX)}" cy="${r1(orbY)}" r="${r1(orbR + ring * 26)}" fill="none" stroke="${glow}" stroke-width="2" opacity="${r1(0.35 / ring)}"/>`,
      );
    }
  } else if (motif.sky === "day") {
    parts.push(
      `<circle cx="${r1(orbX)}" cy="${r1(orbY)}" r="${r1(orbR * 2.6)}" fill="url(#${id}g)"/>`,
      `<circle cx="${r1(orbX)}" cy="${r1(orbY)}" r="${r1(orbR)}" fill="${glow}" opacity=".9"/>`,
    );
  }
  if (motif.sky === "day" || motif.sky === "sunrise" || motif.sky === "rain") {
    const clouds = motif.sky === "rain" ? 4 + Math.floor(random() * 2) : 2 + Math.floor(random() * 2);
    for (let index = 0; index < clouds; index += 1) {
      const cx = motif.sky === "rain" ? (600 / clouds) * (index + 0.5) : random() * 600;
      const cy = motif.sky === "rain" ? 70 + random() * 60 : 70 + random() * 140;
      const w = motif.sky === "rain" ? 90 + random() * 40 : 50 + random() * 60;
      const opacity = motif.sky === "rain" ? 0.55 + random() * 0.2 : 0.25 + random() * 0.2;
      parts.push(
        `<g fill="${glow}" opacity="${r1(opacity)}"><ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(w)}" ry="${r1(w * 0.3)}"/>` +
          `<ellipse cx="${r1(cx - w * 0.3)}" cy="${r1(cy - w * 0.18)}" rx="${r1(w * 0.45)}" ry="${r1(w * 0.32)}"/>` +
          `<ellipse cx="${r1(cx + w * 0.25)}" cy="${r1(cy - w * 0.22)}" rx="${r1(w * 0.38)}" ry="${r1(w * 0.34)}"/></g>`,
      );
    }
  }
  const layers: Array<[string, number]> = [
    [far, 330 + random() * 40],
    [middle, 400 + random() * 40],
    [near, 470 + random() * 40],
  ];
  layers.forEach(([color, baseY], index) => {
    const amplitude = waves ? 8 + random() * 10 : 25 + random() * 30;
    const count = waves ? 3 + Math.floor(random() * 3) : 1;
    parts.push(`<path d="${bandPath(random, baseY, amplitude, count)}" fill="${color}"/>`);
    if (motif.ground === "pines" && index > 0) {
      parts.push(`<path d="${pinesPath(random, baseY + 12, index === 1 ? 70 : 110, index === 1 ? 9 : 6)}" fill="${color}"/>`);
    }
  });
  if (waves) {
    const glints = 3 + Math.floor(random() * 4);
    for (let index = 0; index < glints; index += 1) {
      const y = 420 + random() * 150;
      const x = random() * 520;
      parts.push(`<rect x="${r1(x)}" y="${r1(y)}" width="${r1(30 + random() * 60)}" height="3" rx="1.5" fill="${glow}" opacity=".35"/>`);
    }
  }
  if (motif.sky === "rain") {
    // Fine slanted streaks over everything, as one path.
    let d = "";
    for (let index = 0; index < 46; index += 1) {
      const x = random() * 640 - 20;
      const y = 110 + random() * 470;
      const length = 18 + random() * 22;
      d += `M${r1(x)} ${r1(y)}l${r1(-length * 0.25)} ${r1(length)}`;
    }
    parts.push(`<path d="${d}" stroke="${glow}" stroke-width="1.6" stroke-linecap="round" opacity=".45"/>`);
  }
  parts.push("</svg>");
  return `${parts.join("\n")}\n`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
