/**
 * npx tsx scripts/bench-upload.ts: the time from the end of an editor's upload to the item playable (decision
 * 070), for a 10-minute recording (a mono 44.1 kHz WAV, about 53 MB, of a soft tone with a little noise, as a
 * voice recording is long): the `content.package` job's work, run as the job runs it, through the one pipeline
 * (probe, two-pass loudness, HLS), until the item's stream points at the packaged playlist. The queue's own
 * pickup adds at most JOBS_POLL_SECONDS (2 s by default) in production. Also a row of `npm run bench`.
 */
import { copyFile, mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeToneRecording } from "@serene/content";
import { createDatabase, migrate } from "@serene/db";
import { createServices } from "../apps/api/src/app";
import { loadConfig } from "../apps/api/src/config";
import { createEditorRepository } from "../apps/api/src/modules/content/editor.repository";

export const UPLOAD_MINUTES = 10;

export async function measureUploadToPlayable() {
  const scratch = await mkdtemp(path.join(tmpdir(), "serene-bench-upload-"));
  const database = await createDatabase({ driver: "pglite", dataDir: path.join(scratch, "pglite") });
  try {
    await migrate(database);
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: scratch, MEDIA_UPLOAD_DIR: path.join(scratch, "media") });
    const services = createServices({ config, database });
    const recording = path.join(scratch, "recording.wav");
    await writeToneRecording(recording, UPLOAD_MINUTES * 60);
    const repository = createEditorRepository(database.db);
    const item = await repository.create({
      name: "Ten Quiet Minutes",
      description: "A bench recording of ten minutes.",
      type: "Meditations",
      free: false,
      goal: null,
      tags: [],
      model: "meditation-sleep",
      status: "draft",
    });
    const { size } = await stat(recording);
    const upload = await repository.addUpload({
      itemId: item.id,
      variant: "audio_female",
      fileName: "recording.wav",
      bytes: size,
      staffId: null,
    });
    // The upload has ended: the file is in the shared folder, as the route leaves it.
    await mkdir(path.join(config.media.uploadDir, "incoming"), { recursive: true });
    await copyFile(recording, path.join(config.media.uploadDir, "incoming", upload.id));
    const started = performance.now();
    const { outcome } = await services.editor.packageUpload(upload.id);
    const seconds = (performance.now() - started) / 1000;
    const row = await repository.item(item.id);
    await services.close();
    return {
      minutes: UPLOAD_MINUTES,
      megabytes: Math.round(size / 1024 / 1024),
      outcome,
      playable: Boolean(row?.media.audio_female),
      streamSeconds: row?.durationSeconds ?? null,
      seconds: Math.round(seconds * 10) / 10,
    };
  } finally {
    await database.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await measureUploadToPlayable();
  console.log(
    `upload to playable: a ${result.minutes}-minute recording (${result.megabytes} MB WAV) ${result.outcome}, playable ${result.playable} (${result.streamSeconds} s), in ${result.seconds} s`,
  );
}
