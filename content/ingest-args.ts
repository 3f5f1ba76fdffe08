/** Command-line parsing of `npm run content:ingest` (kept apart from ingest.ts so it can be tested). */
import { CONTENT_MODELS, CONTENT_TYPES, MEDIA_VARIANTS, type ContentModel, type ContentType, type MediaVariant } from "./catalogue.ts";
import { QUIZ_GOALS, type QuizGoal } from "@serene/domain";

export const INGEST_USAGE = `Usage: npm run content:ingest -- <file> [<file> ...] --name "<title>" --model <model> --type "<type>" [options]

  <file>                 audio or video files; each becomes one stream (variant) of the item
  --name "<title>"       display name (required)
  --model <model>        ${["meditation-sleep", "cbt", "music-soundscape"].join(" | ")} (required)
  --type "<type>"        ${CONTENT_TYPES.join(" | ")} (required)
  --variant <v>[,<v>]    one per file, in order: ${Object.keys(MEDIA_VARIANTS).join(", ")}
                         (default: from the file: video or audio; "female" in the file name picks the female voice)
  --free                 playable by free members (stored under free/, else premium/)
  --tags a,b             tag slugs
  --description "..."    short description
  --goal <GOAL>          ${Object.keys(QUIZ_GOALS).join(" | ")}
  --soundscape <path>    looping bed under a voice, e.g. free/ambient/rain
  --slug <slug>          folder and cover name (default: from --name)
  --id <N>               item id (default: the next free id)

Media goes to MEDIA_DIR (default: the shipped pack, content/media).`;

/** The goals an item can serve: the quiz's own goal keys. */
export const GOALS = Object.keys(QUIZ_GOALS) as QuizGoal[];

export class IngestUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "IngestUsageError";
  }
}

export interface IngestArgs {
  files: string[];
  name: string;
  model: ContentModel;
  type: ContentType;
  /** One entry per file; null = decide from the file. */
  variants: Array<MediaVariant | null>;
  free: boolean;
  tags: string[];
  description: string;
  goal: string | null;
  soundscape: string | null;
  slug: string | null;
  id: number | null;
}

const VOICED_VARIANTS: readonly MediaVariant[] = ["audio_male", "audio_female", "video_male", "video_female"];
const MUSIC_VARIANTS: readonly MediaVariant[] = ["audio", "video"];

/** The variants a model's items can have (courses and playlists have none of their own). */
export function variantsForModel(model: ContentModel): readonly MediaVariant[] {
  if (model === "meditation-sleep" || model === "cbt") return VOICED_VARIANTS;
  if (model === "music-soundscape") return MUSIC_VARIANTS;
  return [];
}

const VALUE_OPTIONS = new Set(["name", "model", "type", "variant", "tags", "description", "goal", "soundscape", "slug", "id"]);

export function parseIngestArgs(argv: readonly string[]): IngestArgs {
  const files: string[] = [];
  const values = new Map<string, string>();
  let free = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === "--") continue;
    if (!arg.startsWith("--")) {
      files.push(arg);
      continue;
    }
    const [flag, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (flag === "free") {
      free = true;
      continue;
    }
    if (flag === "help") throw new IngestUsageError("");
    if (!VALUE_OPTIONS.has(flag)) throw new IngestUsageError(`Unknown option --${flag}.`);
    const value = inline ?? argv[++index];
    if (value === undefined || (inline === undefined && value.startsWith("--"))) throw new IngestUsageError(`--${flag} needs a value.`);
    if (values.has(flag)) throw new IngestUsageError(`--${flag} is given twice.`);
    values.set(flag, value);
  }

  if (files.length === 0) throw new IngestUsageError("No input file: give one or more audio or video files before the options.");
  const name = values.get("name")?.trim();
  if (!name) throw new IngestUsageError('Missing --name: every item needs a display name, e.g. --name "Evening Calm".');

  const model = values.get("model");
  if (!model) throw new IngestUsageError("Missing --model: one of meditation-sleep, cbt, music-soundscape.");
  if (!(CONTENT_MODELS as readonly string[]).includes(model))
    throw new IngestUsageError(`Unknown --model "${model}": use one of ${CONTENT_MODELS.join(", ")}.`);
  const allowed = variantsForModel(model as ContentModel);
  if (allowed.length === 0) {
    throw new IngestUsageError(
      `--model ${model} has no media of its own: ingest its sessions or audios (meditation-sleep, cbt or music-soundscape items) instead.`,
    );
  }

  const type = values.get("type");
  if (!type) throw new IngestUsageError(`Missing --type: one of ${CONTENT_TYPES.join(", ")}.`);
  if (!(CONTENT_TYPES as readonly string[]).includes(type))
    throw new IngestUsageError(`Unknown --type "${type}": use one of ${CONTENT_TYPES.join(", ")}.`);

  let variants: Array<MediaVariant | null> = files.map(() => null);
  const variantList = values.get("variant");
  if (variantList !== undefined) {
    const given = variantList
      .split(",")
      .map((value) => value.trim())
      .filter(Boolean);
    if (given.length !== files.length) {
      throw new IngestUsageError(`--variant lists ${given.length} variant(s) for ${files.length} file(s): give one per file, in order.`);
    }
    for (const variant of given) {
      if (!(variant in MEDIA_VARIANTS))
        throw new IngestUsageError(`Unknown --variant "${variant}": use one of ${Object.keys(MEDIA_VARIANTS).join(", ")}.`);
      if (!allowed.includes(variant as MediaVariant))
        throw new IngestUsageError(`--variant ${variant} does not fit --model ${model}: use ${allowed.join(", ")}.`);
    }
    if (new Set(given).size !== given.length) throw new IngestUsageError("--variant names the same variant twice.");
    variants = given as MediaVariant[];
  }

  const tags = (values.get("tags") ?? "")
    .split(",")
    .map((tag) => tag.trim().toLowerCase())
    .filter(Boolean);
  for (const tag of tags)
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(tag))
      throw new IngestUsageError(`Tag "${tag}" is not a slug (lowercase letters, digits and dashes).`);

  const goal = values.get("goal") ?? null;
  if (goal !== null && !(GOALS as readonly string[]).includes(goal))
    throw new IngestUsageError(`Unknown --goal "${goal}": use one of ${GOALS.join(", ")}.`);

  const slug = values.get("slug") ?? null;
  if (slug !== null && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))
    throw new IngestUsageError(`--slug "${slug}" is not a slug (lowercase letters, digits and dashes).`);

  const soundscape = values.get("soundscape") ?? null;
  if (soundscape !== null && !/^free\/ambient\/[a-z0-9-]+$/.test(soundscape))
    throw new IngestUsageError(`--soundscape "${soundscape}" should look like free/ambient/rain.`);

  let id: number | null = null;
  const rawId = values.get("id");
  if (rawId !== undefined) {
    if (!/^[1-9]\d*$/.test(rawId)) throw new IngestUsageError(`--id "${rawId}" is not a positive whole number.`);
    id = Number(rawId);
  }

  return {
    files,
    name,
    model: model as ContentModel,
    type: type as ContentType,
    variants,
    free,
    tags: [...new Set(tags)],
    description: values.get("description")?.trim() ?? "",
    goal,
    soundscape,
    slug,
    id,
  };
}

/** The variant of a file when --variant does not say: by model, by whether it has video, by "female" in its name. */
export function inferVariant(model: ContentModel, hasVideo: boolean, fileName: string): MediaVariant {
  if (model === "music-soundscape") return hasVideo ? "video" : "audio";
  const female = /female|woman|\bf\b/i.test(fileName.split(/[\\/]/).pop() ?? "");
  if (hasVideo) return female ? "video_female" : "video_male";
  return female ? "audio_female" : "audio_male";
}

export { slugify } from "@serene/domain";
