import { spawn } from "node:child_process";
import { toolCommand } from "./tools.ts";

/** What a finished command printed. */
export interface RunResult {
  stdout: string;
  stderr: string;
}

/** Runs a command, resolving with its output; rejects with the tail of stderr on failure. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; onStdout?: (chunk: string) => void } = {},
): Promise<RunResult> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(toolCommand(command), args, { cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      if (options.onStdout) options.onStdout(chunk);
      else stdout += chunk;
    });
    child.stderr.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-8000);
    });
    child.on("error", (error) => reject(error));
    child.on("close", (code) => {
      if (code === 0) resolvePromise({ stdout, stderr });
      else reject(new Error(`${command} exited with code ${code}: ${stderr.trim().split("\n").slice(-6).join("\n")}`));
    });
  });
}
