import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

/**
 * Where the media tools come from (decision 070). ffmpeg and ffprobe are installed by `npm install` from the
 * npm registry (@ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe, static Linux, macOS and Windows
 * builds), so a fresh machine packages uploads with nothing installed by hand. FFMPEG_PATH and FFPROBE_PATH
 * choose another build; where the packages have no build for the platform, the command on PATH is used.
 * Every other tool (espeak-ng, sox: only the demo pack's builder needs them) is the command on PATH.
 */
const require = createRequire(import.meta.url);

const INSTALLED: Readonly<Record<string, { env: string; module: string }>> = {
  ffmpeg: { env: "FFMPEG_PATH", module: "@ffmpeg-installer/ffmpeg" },
  ffprobe: { env: "FFPROBE_PATH", module: "@ffprobe-installer/ffprobe" },
};

const resolved = new Map<string, string>();

/** The command that runs `tool`. */
export function toolCommand(tool: string, env: NodeJS.ProcessEnv = process.env): string {
  const installed = INSTALLED[tool];
  if (!installed) return tool;
  const chosen = env[installed.env];
  if (chosen) return chosen;
  let found = resolved.get(tool);
  if (found === undefined) {
    try {
      found = (require(installed.module) as { path: string }).path;
    } catch {
      found = tool; // no build for this platform: the one on PATH
    }
    resolved.set(tool, found);
  }
  return found;
}

const options = new Map<string, boolean>();

/** Whether the ffmpeg in use has a global option (the registry's static build is older than Debian's). */
export function ffmpegKnows(option: string): boolean {
  let known = options.get(option);
  if (known === undefined) {
    const help = spawnSync(toolCommand("ffmpeg"), ["-hide_banner", "-h", "full"], { encoding: "utf8", maxBuffer: 16 * 1024 * 1024 });
    known = new RegExp(`^\\s*-${option}\\b`, "m").test(help.stdout ?? "");
    options.set(option, known);
  }
  return known;
}
