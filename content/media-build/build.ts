/**
 * Builds the demo media pack from content/demo/catalogue.json into content/media/ (the pack alone):
 *   - voices: espeak-ng speaks each item's script (male and/or female), paragraphs become pauses,
 *     and captions.vtt is timed from the length of each spoken paragraph (./captions.ts);
 *   - soundscape beds (free/ambient/<name>) and music items: synthesised with sox as closed
 *     stereo loops (no fade at either end, the seam cross-faded);
 *   - video variants: the item's own cover, slowly zooming and drifting, under the audio;
 *   - every source brought to -16 LUFS (./loudness.ts), packaged to HLS on its ladder by ./hls.ts;
 *     cover SVGs; manifest.json.
 *
 *   npx tsx content/media-build/build.ts [--force] [--only <slug>|<ambient name>] [--jobs N]
 *
 * Existing stream folders are kept unless --force (or --only for that item). Covers and the
 * manifest are always rewritten (cheap and deterministic).
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { type Catalogue, type CatalogueItem, type MediaManifest, type MediaVariant, MEDIA_VARIANTS } from "../catalogue.ts";
import { layoutCaptions, toWebVtt, type SpokenParagraph } from "./captions.ts";
import { hashString, seededRandom } from "./cover.ts";
import {
  AUDIO_LADDER,
  type AudioLadder,
  MissingToolsError,
  SHIPPED_MEDIA_DIR,
  SOURCE_SAMPLE_RATE,
  folderBytes,
  packageToHls,
  readManifest,
  requireTools,
  run,
  streamFacts,
  writeCover,
  writeManifest,
  type HlsInput,
} from "./hls.ts";
import { normaliseToWav } from "./loudness.ts";

/** Normal output goes to stdout (progress bars and errors to stderr). */
const say = (line: string) => process.stdout.write(`${line}\n`);

const RATE = SOURCE_SAMPLE_RATE;
const PAUSE_SECONDS = 2.5;
/** Beds are 20 s closed loops; music items loop too, 15-20 s (short demo tracks, said so in the README). */
const BED_SECONDS = 20;
const MUSIC_SECONDS: [number, number] = [15, 20];
/** The cross-fade of a loop's seam, seconds. */
const LOOP_OVERLAP = 3;
/** The right channel of a stereo bed or track is this much later than the left: width without a second source. */
const STEREO_DELAY = 0.013;
/** Peak of a synthesised source before loudness normalisation (headroom for mixing). */
const SOURCE_PEAK_DB = -3;
const MEDIA_DIR = SHIPPED_MEDIA_DIR;
/** The shipped pack stays within 60 MB (`du -sb content/media`). */
const MEDIA_BUDGET_BYTES = 60_000_000;
const CATALOGUE_PATH = new URL("../demo/catalogue.json", import.meta.url);

interface BuildOptions {
  force: boolean;
  /** Item slugs or ambient bed names (comma-separated on the command line). */
  only: string[] | null;
  jobs: number;
  /** Keep the rendered and normalised sources (to listen to or measure them). */
  keepWork: boolean;
}

function parseBuildArgs(argv: string[]): BuildOptions {
  const options: BuildOptions = { keepWork: false, force: false, only: null, jobs: Math.max(1, Math.min(2, availableParallelism())) };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index];
    if (arg === "--force") options.force = true;
    else if (arg === "--only")
      options.only = (argv[++index] ?? "")
        .split(",")
        .map((value) => value.trim())
        .filter(Boolean);
    else if (arg === "--keep-work") options.keepWork = true;
    else if (arg === "--jobs") options.jobs = Math.max(1, Number(argv[++index]) || 1);
    else if (arg === "--help" || arg === "-h") {
      say("Usage: npx tsx content/media-build/build.ts [--force] [--only <item slug | ambient bed name>[,...]] [--jobs N] [--keep-work]");
      process.exit(0);
    } else throw new Error(`Unknown argument: ${arg} (try --help)`);
  }
  if (options.only?.length === 0) throw new Error("--only needs an item slug or an ambient bed name");
  return options;
}

// ---------------------------------------------------------------------------------------------
// sox helpers

const sox = (args: string[]) => run("sox", ["-R", "-V1", ...args]);
const seconds = async (wav: string) => Number((await run("soxi", ["-D", wav])).stdout.trim());
const midi = (note: number) => 440 * 2 ** ((note - 69) / 12);
const f2 = (value: number) => value.toFixed(2);
const mono = ["-r", String(RATE), "-c", "1", "-b", "16"];

async function silence(path: string, length: number): Promise<string> {
  await sox(["-n", ...mono, path, "trim", "0", f2(length)]);
  return path;
}

/**
 * Makes a closed stereo loop of `length` seconds from a longer mono render (at least length +
 * overlap): the right channel a few milliseconds behind the left for width, and the part beyond
 * `length` cross-faded (equal power) into the head, so the end runs straight into the start with
 * no fade at either end, no dip and no click.
 */
async function makeLoop(raw: string, out: string, length: number, overlap = LOOP_OVERLAP): Promise<void> {
  const wide = `${out}.wide.wav`;
  const head = `${out}.head.wav`;
  const tail = `${out}.tail.wav`;
  const body = `${out}.body.wav`;
  const joint = `${out}.joint.wav`;
  await sox([raw, "-c", "2", wide, "remix", "1", "1", "delay", "0", f2(STEREO_DELAY), "trim", "0", f2(length + overlap)]);
  await sox([wide, head, "trim", "0", f2(overlap), "fade", "q", f2(overlap)]);
  await sox([wide, tail, "trim", f2(length), f2(overlap), "fade", "q", "0", f2(overlap), f2(overlap)]);
  await sox([wide, body, "trim", f2(overlap), f2(length - overlap)]);
  await sox(["-m", "-v", "1", head, "-v", "1", tail, joint]);
  await sox([joint, body, out, "gain", "-n", f2(SOURCE_PEAK_DB)]);
  await Promise.all([wide, head, tail, body, joint].map((file) => rm(file, { force: true })));
}

// ---------------------------------------------------------------------------------------------
// Voices

const VOICES = {
  male: { voice: "en-gb+m3", speed: 138, pitch: 34 },
  female: { voice: "en-gb+f3", speed: 140, pitch: 52 },
} as const;
type Gender = keyof typeof VOICES;

function paragraphs(script: string): string[] {
  return script
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** Speaks the script to `out` and returns where each paragraph is spoken (for the captions). */
async function renderVoice(script: string, gender: Gender, work: string, out: string): Promise<SpokenParagraph[]> {
  const { voice, speed, pitch } = VOICES[gender];
  const lead = 1;
  const parts: string[] = [await silence(join(work, "lead.wav"), lead)];
  const pause = await silence(join(work, "pause.wav"), PAUSE_SECONDS);
  const texts = paragraphs(script);
  const spokenParagraphs: SpokenParagraph[] = [];
  let time = lead;
  for (const [index, text] of texts.entries()) {
    const spoken = join(work, `p${index}.wav`);
    await run("espeak-ng", ["-v", voice, "-s", String(speed), "-p", String(pitch), "-g", "2", "-w", spoken, text]);
    const resampled = join(work, `p${index}r.wav`);
    await sox([spoken, ...mono, resampled]);
    const length = await seconds(resampled);
    spokenParagraphs.push({ text, start: time, end: time + length });
    time += length + PAUSE_SECONDS;
    parts.push(resampled);
    if (index < texts.length - 1) parts.push(pause);
  }
  const raw = join(work, "voice-raw.wav");
  await sox([...parts, raw]);
  const length = (await seconds(raw)) + 2.5;
  // Soften the synthetic voice a little: trim the extremes, a small room, a gentle fade out.
  await sox([
    raw,
    out,
    "highpass",
    "70",
    "lowpass",
    "6800",
    "pad",
    "0",
    "2.5",
    "reverb",
    "18",
    "50",
    "45",
    "gain",
    "-n",
    "-3",
    "fade",
    "t",
    "0.4",
    f2(length),
    "3",
  ]);
  return spokenParagraphs;
}

// ---------------------------------------------------------------------------------------------
// Soundscapes and music

type Recipe = "rain" | "ocean" | "forest" | "brown-noise" | "night" | "piano" | "pads" | "drone";

/** Which sound an item gets: nature items by their tags, music by tag and type. */
function recipeFor(item: CatalogueItem): Recipe {
  const has = (tag: string) => item.tags.includes(tag);
  if (item.type === "Nature Soundscapes") {
    if (has("rain")) return "rain";
    if (has("ocean")) return "ocean";
    if (has("evening") || has("sleep")) return has("forest") ? "night" : "brown-noise";
    return "forest";
  }
  if (has("piano")) return "piano";
  if (has("focus")) return "drone";
  return "pads";
}

/** A series of short sounds separated by random gaps, concatenated to `length` seconds. */
async function sparseTrack(
  work: string,
  name: string,
  length: number,
  random: () => number,
  makeCall: (path: string, index: number) => Promise<number>,
  gap: [number, number],
): Promise<string> {
  const parts: string[] = [];
  let time = 0;
  let index = 0;
  while (time < length - 2) {
    const wait = gap[0] + random() * (gap[1] - gap[0]);
    parts.push(await silence(join(work, `${name}-gap${index}.wav`), wait));
    const call = join(work, `${name}-call${index}.wav`);
    time += wait + (await makeCall(call, index));
    parts.push(call);
    index += 1;
  }
  parts.push(await silence(join(work, `${name}-end.wav`), Math.max(0.1, length - time + 0.5)));
  const out = join(work, `${name}.wav`);
  await sox([...parts, out, "trim", "0", f2(length)]);
  return out;
}

async function renderNature(recipe: Recipe, seed: string, length: number, work: string, out: string): Promise<void> {
  const random = seededRandom(hashString(seed));
  const total = length + LOOP_OVERLAP + 0.5;
  const raw = join(work, "raw.wav");
  const layer = (name: string) => join(work, `${name}.wav`);
  const synth = (file: string, ...effects: string[]) => sox(["-n", ...mono, file, "synth", f2(total), ...effects]);
  const swell = f2(0.07 + random() * 0.05);

  switch (recipe) {
    case "rain": {
      const heavy = random() < 0.5;
      await synth(
        layer("hiss"),
        "pinknoise",
        "highpass",
        String(400 + Math.floor(random() * 300)),
        "lowpass",
        String(4500 + Math.floor(random() * 1500)),
        "tremolo",
        f2(0.1 + random() * 0.1),
        "12",
      );
      await synth(layer("body"), "brownnoise", "lowpass", "700", "tremolo", swell, "20");
      await sox(["-m", "-v", "1", layer("hiss"), "-v", heavy ? "0.9" : "0.5", layer("body"), raw]);
      break;
    }
    case "ocean": {
      await synth(layer("deep"), "brownnoise", "lowpass", String(500 + Math.floor(random() * 300)), "tremolo", swell, "85");
      await synth(layer("foam"), "pinknoise", "highpass", "900", "lowpass", "3200", "tremolo", swell, "95");
      await sox(["-m", "-v", "1", layer("deep"), "-v", "0.45", layer("foam"), raw]);
      break;
    }
    case "forest": {
      await synth(layer("leaves"), "pinknoise", "sinc", "300-2800", "tremolo", f2(0.15 + random() * 0.2), "35");
      const birds = await sparseTrack(
        work,
        "birds",
        total,
        random,
        async (path) => {
          const base = 2600 + random() * 1800;
          const notes = 2 + Math.floor(random() * 3);
          const chirp = `${path}.one.wav`;
          await sox([
            "-n",
            ...mono,
            chirp,
            "synth",
            "0.11",
            "sine",
            `${Math.round(base)}-${Math.round(base * 1.35)}`,
            "fade",
            "t",
            "0.01",
            "0.11",
            "0.05",
            "pad",
            "0",
            "0.07",
          ]);
          await sox(Array.from({ length: notes }, () => chirp).concat([path]));
          return notes * 0.18;
        },
        [1.5, 5],
      );
      await sox(["-m", "-v", "1", layer("leaves"), "-v", "0.22", birds, raw]);
      break;
    }
    case "brown-noise": {
      await synth(raw, "brownnoise", "lowpass", String(900 + Math.floor(random() * 500)), "tremolo", swell, "10");
      break;
    }
    case "night": {
      await synth(layer("air"), "pinknoise", "lowpass", "1200", "tremolo", swell, "20");
      const crickets = async (name: string, pitch: number) =>
        sparseTrack(
          work,
          name,
          total,
          random,
          async (path) => {
            const length = 0.18 + random() * 0.12;
            await sox([
              "-n",
              ...mono,
              path,
              "synth",
              f2(length),
              "sine",
              String(pitch),
              "tremolo",
              String(26 + Math.floor(random() * 8)),
              "100",
              "fade",
              "t",
              "0.02",
              f2(length),
              "0.04",
            ]);
            return length;
          },
          [0.35, 1.1],
        );
      const first = await crickets("cricket-a", 4300 + Math.floor(random() * 500));
      const second = await crickets("cricket-b", 3700 + Math.floor(random() * 400));
      await sox(["-m", "-v", "1", layer("air"), "-v", "0.10", first, "-v", "0.06", second, raw]);
      break;
    }
    default:
      throw new Error(`Not a nature recipe: ${recipe}`);
  }
  await makeLoop(raw, out, length);
}

const PROGRESSIONS = [
  [
    [0, 4, 7, 11],
    [5, 9, 12, 16],
    [9, 12, 16, 19],
    [7, 11, 14, 17],
  ],
  [
    [0, 7, 14, 16],
    [-3, 4, 9, 12],
    [5, 12, 16, 21],
    [2, 9, 14, 17],
  ],
  [
    [0, 4, 9, 14],
    [-5, 2, 7, 11],
    [-3, 4, 7, 12],
    [5, 9, 12, 17],
  ],
];
const PENTATONIC = [0, 2, 4, 7, 9, 12, 14, 16, 19, 21];

async function renderPads(
  random: () => number,
  length: number,
  work: string,
  out: string,
  root: number,
  brightness: number,
): Promise<void> {
  const progression = PROGRESSIONS[Math.floor(random() * PROGRESSIONS.length)]!;
  const chords = progression.length;
  const overlap = 4;
  const step = (length + overlap) / chords;
  const files: string[] = [];
  for (const [index, chord] of progression.entries()) {
    const file = join(work, `chord${index}.wav`);
    const tones: string[] = [];
    chord.forEach((interval, voice) => {
      tones.push(voice % 2 === 0 ? "sine" : "triangle");
      if (voice > 0) tones.push("mix");
      tones.push(f2(midi(root + interval) * (1 + (random() - 0.5) * 0.004)));
    });
    const start = index * (step - overlap);
    await sox([
      "-n",
      ...mono,
      file,
      "synth",
      f2(step + overlap),
      ...tones,
      "tremolo",
      f2(0.15 + random() * 0.2),
      "25",
      "lowpass",
      String(brightness),
      "fade",
      "q",
      f2(overlap),
      f2(step + overlap),
      f2(overlap),
      "pad",
      f2(start),
    ]);
    files.push(file);
  }
  await sox(["-m", ...files, out, "trim", "0", f2(length)]);
}

async function renderMusic(recipe: Recipe, seed: string, loopLength: number, work: string, out: string): Promise<void> {
  const random = seededRandom(hashString(seed));
  const raw = join(work, "music-raw.wav");
  // Rendered well past the loop's end, so the part cross-faded into the head (makeLoop) is still
  // at full level: the chords' own fade-out comes after it.
  const length = loopLength + LOOP_OVERLAP + 9;
  if (recipe === "pads") {
    await renderPads(random, length, work, raw, 45 + Math.floor(random() * 8), 1800 + Math.floor(random() * 1200));
  } else if (recipe === "drone") {
    const base = midi(33 + Math.floor(random() * 5));
    const tones = join(work, "drone-tones.wav");
    const air = join(work, "drone-air.wav");
    await sox([
      "-n",
      ...mono,
      tones,
      "synth",
      f2(length),
      "sine",
      f2(base),
      "sine",
      "mix",
      f2(base * 1.5),
      "sine",
      "mix",
      f2(base * 2.003),
      "triangle",
      "mix",
      f2(base * 3.01),
      "tremolo",
      f2(0.05 + random() * 0.05),
      "30",
      "lowpass",
      "900",
    ]);
    await sox(["-n", ...mono, air, "synth", f2(length), "brownnoise", "lowpass", "500"]);
    await sox(["-m", "-v", "1", tones, "-v", "0.35", air, raw]);
  } else if (recipe === "piano") {
    const root = 57 + Math.floor(random() * 6);
    const pad = join(work, "piano-pad.wav");
    await renderPads(random, length, work, pad, root - 12, 1200);
    const beat = 0.7 + random() * 0.6;
    const notes: string[] = [];
    let time = 1;
    const lead = await silence(join(work, "piano-lead.wav"), 1);
    notes.push(lead);
    let degree = Math.floor(random() * 5);
    for (let index = 0; time < length - 4; index += 1) {
      degree = Math.max(0, Math.min(PENTATONIC.length - 1, degree + Math.floor(random() * 5) - 2));
      const hold = beat * (random() < 0.25 ? 2 : 1);
      const note = join(work, `note${index}.wav`);
      if (random() < 0.12) await silence(note, hold);
      else
        await sox([
          "-n",
          ...mono,
          note,
          "synth",
          f2(hold),
          "pluck",
          f2(midi(root + PENTATONIC[degree]!)),
          "fade",
          "t",
          "0.005",
          f2(hold),
          f2(Math.min(0.3, hold / 2)),
        ]);
      notes.push(note);
      time += hold;
    }
    const melody = join(work, "piano-melody.wav");
    await sox([...notes, melody, "pad", "0", f2(Math.max(0, length - time))]);
    await sox(["-m", "-v", "1", melody, "-v", "0.5", pad, raw, "trim", "0", f2(length)]);
  } else {
    await renderNature(recipe, seed, loopLength, work, out);
    return;
  }
  const room = join(work, "music-room.wav");
  await sox([raw, room, "reverb", "60", "50", "100", "gain", "-n", "-4"]);
  await makeLoop(room, out, loopLength);
}

// ---------------------------------------------------------------------------------------------
// Video

const VIDEO_FPS = 15;
/** The cover is rasterised this large so the slow zoom moves in steps far below one output pixel. */
const VIDEO_RASTER = 2560;

/**
 * Inputs and graph for a calm visual made from the item's own cover: the square art cut to 16:9
 * (sky and horizon kept), a slow eased zoom (1.0 to 1.1) with a gentle sideways drift over the
 * whole session, and a fine moving grain so the soft gradients do not band.
 */
function coverVisual(
  coverPath: string,
  seed: string,
  length: number,
  audio: string,
): { inputs: HlsInput[]; filterComplex: string; maps: string[] } {
  const random = seededRandom(hashString(`${seed}:video`));
  const frames = Math.ceil(length * VIDEO_FPS) + 1;
  const drift = (random() < 0.5 ? -1 : 1) * (0.2 + random() * 0.15);
  const ease = `(0.5-0.5*cos(PI*on/${frames}))`;
  const height = Math.round((VIDEO_RASTER * 9) / 16);
  return {
    inputs: [{ path: coverPath, options: ["-width", String(VIDEO_RASTER), "-height", String(VIDEO_RASTER)] }, { path: audio }],
    filterComplex:
      `[0:v]format=rgb24,crop=${VIDEO_RASTER}:${height}:0:${Math.round((VIDEO_RASTER - height) * 0.42)},` +
      `zoompan=z='1+0.1*${ease}':x='(iw-iw/zoom)*(0.5+${drift.toFixed(3)}*(${ease}-0.5))':y='(ih-ih/zoom)*0.5':d=${frames}:s=640x360:fps=${VIDEO_FPS},` +
      `noise=alls=4:allf=t,format=yuv420p[v]`,
    maps: ["[v]", "1:a:0"],
  };
}

// ---------------------------------------------------------------------------------------------
// Tasks

interface StreamTask {
  path: string;
  kind: "audio" | "video";
  ladder: AudioLadder;
  /** Renders the source wav (cached per key); a voice returns where its paragraphs are spoken. */
  source: { key: string; render: (work: string, out: string) => Promise<SpokenParagraph[] | void> };
  seed: string;
}

function variantKind(variant: MediaVariant): "audio" | "video" {
  return variant.startsWith("video") ? "video" : "audio";
}

/** Seconds of a music item's loop, seeded from its slug. */
function musicSeconds(slug: string): number {
  const random = seededRandom(hashString(`${slug}:length`));
  return MUSIC_SECONDS[0] + Math.floor(random() * (MUSIC_SECONDS[1] - MUSIC_SECONDS[0] + 1));
}

function streamTasks(catalogue: Catalogue): StreamTask[] {
  const tasks: StreamTask[] = [];
  const beds = new Set(catalogue.items.map((item) => item.soundscape).filter((bed): bed is string => Boolean(bed)));
  for (const bed of [...beds].sort()) {
    const name = bed.split("/").pop() as Recipe;
    tasks.push({
      path: bed,
      kind: "audio",
      ladder: "music",
      seed: bed,
      source: { key: bed, render: (work, out) => renderNature(name, `ambient-${name}`, BED_SECONDS, work, out) },
    });
  }
  for (const item of catalogue.items) {
    for (const [variant, path] of Object.entries(item.media ?? {}) as Array<[MediaVariant, string]>) {
      if (!path.endsWith(`/${MEDIA_VARIANTS[variant]}`))
        throw new Error(`${item.slug}: ${variant} path ${path} does not end in /${MEDIA_VARIANTS[variant]}`);
      const voiced = item.model === "meditation-sleep" || item.model === "cbt";
      if (voiced) {
        if (!item.script) throw new Error(`${item.slug} has voiced media but no script`);
        const gender: Gender = variant.endsWith("female") ? "female" : "male";
        const script = item.script;
        tasks.push({
          path,
          kind: variantKind(variant),
          ladder: "speech",
          seed: item.slug,
          source: { key: `${item.slug}:${gender}`, render: (work, out) => renderVoice(script, gender, work, out) },
        });
      } else {
        const recipe = recipeFor(item);
        const length = musicSeconds(item.slug);
        tasks.push({
          path,
          kind: variantKind(variant),
          ladder: "music",
          seed: item.slug,
          source: { key: `${item.slug}:music`, render: (work, out) => renderMusic(recipe, item.slug, length, work, out) },
        });
      }
    }
  }
  return tasks;
}

async function pool<T>(items: T[], jobs: number, worker: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  await Promise.all(
    Array.from({ length: Math.min(jobs, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        try {
          await worker(item);
        } catch (error) {
          errors.push(error);
        }
      }
    }),
  );
  if (errors.length > 0) throw errors[0];
}

async function main(): Promise<void> {
  const options = parseBuildArgs(process.argv.slice(2));
  requireTools(["espeak-ng", "sox", "ffmpeg", "ffprobe"]);
  const catalogue = JSON.parse(await readFile(CATALOGUE_PATH, "utf8")) as Catalogue;
  const only = options.only;
  const selected = (task: StreamTask) =>
    !only || only.some((name) => task.seed === name || task.path === `free/ambient/${name}` || task.path === name);
  const all = streamTasks(catalogue);
  const tasks = all.filter(selected);
  const unknown = (only ?? []).filter(
    (name) =>
      !all.some((task) => task.seed === name || task.path === `free/ambient/${name}` || task.path === name) &&
      !catalogue.items.some((item) => item.slug === name),
  );
  if (unknown.length > 0) throw new Error(`--only: no item slug or ambient bed named ${unknown.join(", ")}`);

  const scratch = await mkdtemp(join(tmpdir(), "serene-media-"));
  // Covers first: the video variants are made from them.
  for (const item of catalogue.items) {
    if (!only || only.includes(item.slug)) await writeCover(MEDIA_DIR, item);
  }

  const sources = new Map<string, Promise<{ wav: string; captions?: string }>>();
  const sourceFor = (task: StreamTask) => {
    let pending = sources.get(task.source.key);
    if (!pending) {
      pending = (async () => {
        const work = join(scratch, task.source.key.replace(/[^a-z0-9]+/gi, "_"));
        await mkdir(work, { recursive: true });
        const raw = join(work, "source.wav");
        const spoken = await task.source.render(work, raw);
        // One loudness for every stream: -16 LUFS, true peak under -1.5 dBTP (loudness.ts).
        const wav = join(work, "normalised.wav");
        // Beds and music are closed loops (whole seconds at RATE): normalised as loops.
        const loopSamples = spoken ? null : Math.round((await seconds(raw)) * RATE);
        const loudness = await normaliseToWav(raw, wav, AUDIO_LADDER[task.ladder][0].channels, SOURCE_SAMPLE_RATE, loopSamples);
        say(
          `source ${task.source.key}: ${loudness.measured.input_i.toFixed(1)} LUFS -> ${loudness.result.integrated.toFixed(1)} LUFS, ` +
            `true peak ${loudness.result.truePeak.toFixed(1)} dBTP (${loudness.limited ? "limited, " : ""}${loudness.normalization})`,
        );
        return spoken ? { wav, captions: toWebVtt(layoutCaptions(spoken)) } : { wav };
      })();
      sources.set(task.source.key, pending);
    }
    return pending;
  };

  let built = 0;
  let skipped = 0;
  const started = Date.now();
  try {
    await pool(tasks, options.jobs, async (task) => {
      const outDir = join(MEDIA_DIR, task.path);
      if (existsSync(join(outDir, "index.m3u8")) && !options.force && !only) {
        skipped += 1;
        return;
      }
      const { wav, captions } = await sourceFor(task);
      const length = await seconds(wav);
      const common = { outDir, ladder: task.ladder, duration: length, progress: "none" as const, ...(captions ? { captions } : {}) };
      const cover = join(MEDIA_DIR, "covers", `${task.seed}.svg`);
      const stream =
        task.kind === "video"
          ? await packageToHls({ ...coverVisual(cover, task.seed, length, wav), ...common, kind: "video" })
          : await packageToHls({ inputs: [{ path: wav }], ...common, kind: "audio" });
      built += 1;
      say(`built ${task.path.padEnd(62)} ${stream.duration.toFixed(1).padStart(5)} s ${(stream.bytes / 1024).toFixed(0).padStart(5)} KB`);
    });
  } finally {
    if (options.keepWork) say(`work files kept in ${scratch}`);
    else await rm(scratch, { recursive: true, force: true });
  }

  // The manifest: every stream of the catalogue that exists, plus earlier entries (ingested
  // items) whose folders are still there.
  const manifest: MediaManifest = {};
  for (const [path, entry] of Object.entries(await readManifest(MEDIA_DIR))) {
    if (existsSync(join(MEDIA_DIR, path, "index.m3u8"))) manifest[path] = entry;
  }
  const missing: string[] = [];
  for (const task of all) {
    const dir = join(MEDIA_DIR, task.path);
    if (existsSync(join(dir, "index.m3u8"))) manifest[task.path] = await streamFacts(dir, task.kind);
    else missing.push(task.path);
  }
  await writeManifest(MEDIA_DIR, manifest);

  const total = await folderBytes(MEDIA_DIR);
  say(
    `\n${built} built, ${skipped} kept, ${Object.keys(manifest).length} streams in the manifest, ${catalogue.items.length} covers; ` +
      `content/media is ${(total / 1024 / 1024).toFixed(1)} MB (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  if (missing.length > 0) say(`${missing.length} streams not built yet, e.g. ${missing.slice(0, 3).join(", ")}`);
  if (total > MEDIA_BUDGET_BYTES) console.warn(`warning: the media pack is over its budget of ${MEDIA_BUDGET_BYTES} bytes`);
}

main().catch((error: unknown) => {
  if (error instanceof MissingToolsError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
