/**
 * Turns real audio or video files into an item of the catalogue:
 *
 *   npm run content:ingest -- voice-m.wav voice-f.wav --name "Evening Calm" --model meditation-sleep \
 *     --type Meditations --variant audio_male,audio_female --free --tags sleep,evening
 *
 * Each file is packaged to HLS (AAC-LC in fMP4, 6 s segments; video as H.264 at most 640x360)
 * under MEDIA_DIR (default: the shipped pack, content/media), a cover is generated, the streams
 * are added to manifest.json and the item is registered in the product's database.
 */
import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import type { DatabaseHandle } from "@serene/db";
import { type MediaManifest, type MediaVariant, MEDIA_VARIANTS } from "./catalogue.ts";
import { INGEST_USAGE, IngestUsageError, inferVariant, parseIngestArgs, slugify, type IngestArgs } from "./ingest-args.ts";
import { MissingToolsError, mediaDirFromEnv, probe, requireTools, updateManifest, writeCover } from "./media-build/hls.ts";
import { packageRecording, RecordingRefused } from "./media-build/package-recording.ts";
import { serverIsRunning } from "../scripts/operator-database.ts";
import { openProductDatabase, registerIngestedItem, slugInUse } from "./ingest.repository.ts";

/** Normal output goes to stdout (progress bars and errors to stderr). */
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const args = parseIngestArgs(process.argv.slice(2));
  requireTools(["ffmpeg", "ffprobe"]);
  const mediaDir = mediaDirFromEnv();

  for (const file of args.files) if (!existsSync(file)) throw new IngestUsageError(`File not found: ${file}`);

  if (!process.env.DATABASE_URL && (await serverIsRunning())) {
    throw new IngestUsageError(
      `The product is running on the embedded database (port ${process.env.PORT ?? 3000}); stop it first, or ingest against PostgreSQL with DATABASE_URL.`,
    );
  }
  const database = await openProductDatabase();
  try {
    let slug = args.slug ?? slugify(args.name);
    if (await slugInUse(database, slug)) {
      if (args.slug) throw new IngestUsageError(`--slug ${slug} is already used by another item.`);
      slug = `${slug}-${Date.now().toString(36)}`;
    }
    await ingestInto(database, mediaDir, slug, args);
  } finally {
    await database.close();
  }
}

async function ingestInto(database: DatabaseHandle, mediaDir: string, slug: string, args: IngestArgs): Promise<void> {
  // Decide every file's variant before encoding anything.
  const plans: Array<{ file: string; variant: MediaVariant; kind: "audio" | "video"; duration: number }> = [];
  for (const [index, file] of args.files.entries()) {
    const facts = await probe(file);
    const variant = args.variants[index] ?? inferVariant(args.model, facts.hasVideo, file);
    const kind = variant.startsWith("video") ? "video" : "audio";
    if (kind === "video" && !facts.hasVideo) throw new IngestUsageError(`${file} has no video stream, so it cannot be ${variant}.`);
    if (kind === "audio" && !facts.hasAudio) throw new IngestUsageError(`${file} has no audio stream, so it cannot be ${variant}.`);
    if (plans.some((plan) => plan.variant === variant))
      throw new IngestUsageError(`Two files would both be ${variant}: name them with --variant.`);
    plans.push({ file, variant, kind, duration: facts.duration });
  }

  const base = `${args.free ? "free" : "premium"}/${slug}`;
  const media: Partial<Record<MediaVariant, string>> = {};
  const streams: MediaManifest = {};
  for (const plan of plans) {
    const folder = MEDIA_VARIANTS[plan.variant];
    const path = `${base}/${folder}`;
    process.stderr.write(`${basename(plan.file)} -> ${path}\n`);
    streams[path] = await packageRecording({
      file: plan.file,
      variant: plan.variant,
      model: args.model,
      outDir: join(mediaDir, path),
      label: folder,
    });
    media[plan.variant] = path;
  }

  await writeCover(mediaDir, { slug, name: args.name, type: args.type, tags: args.tags });
  await updateManifest(mediaDir, streams);
  const item = {
    slug,
    model: args.model,
    type: args.type,
    name: args.name,
    description: args.description,
    free: args.free,
    tags: args.tags,
    goal: args.goal,
    media,
    soundscape: args.soundscape,
  };
  const id = await registerIngestedItem(database, { ...item, streams });

  say(`Ingested #${id} "${args.name}" (/${args.model}/${id})`);
  for (const [streamPath, entry] of Object.entries(streams)) {
    say(`  ${streamPath}  ${entry.kind}, ${entry.duration.toFixed(1)} s, ${(entry.bytes / 1024).toFixed(0)} KB`);
  }
  say(
    `  cover: covers/${slug}.svg\n  media dir: ${mediaDir}\n  registered in the ${database.driver === "postgres" ? "PostgreSQL" : "embedded"} database`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof RecordingRefused) {
    console.error(`Error: ${error.message}`);
    process.exit(2);
  }
  if (error instanceof IngestUsageError) {
    if (error.message) console.error(`Error: ${error.message}\n`);
    console.error(INGEST_USAGE);
    process.exit(2);
  }
  console.error(error instanceof MissingToolsError ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
});
