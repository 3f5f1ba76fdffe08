// Many nodes of Serene on one machine (decision 065): a load balancer (HAProxy) in front of API nodes
// (ROLE=api) and job workers (ROLE=worker), all on one PostgreSQL database and one Redis, sharing one data
// directory (the media signing key). `npm run cluster` and the node-loss test start it.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, mkdirSync, writeFileSync, type WriteStream } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, pollUntil } from "../../apps/api/src/test/ports-and-polls.ts";
import { ensureHaproxy, haproxyConfig } from "./haproxy.ts";

export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

export interface ClusterOptions {
  databaseUrl: string;
  redisUrl?: string;
  /** Where the nodes keep their shared files and each writes its log (`<name>.log`). */
  dir: string;
  /** The load balancer's port; a free one when left out. */
  port?: number;
  apiNodes?: number;
  workers?: number;
  /** More settings for every node. */
  env?: Record<string, string>;
}

export interface ClusterNode {
  name: string;
  role: "api" | "worker";
  port: number;
  /** The running process, or null while stopped. */
  child: ChildProcess | null;
  /** Everything the node wrote since it last started. */
  output(): string;
  /** Sends a signal and waits for the process to end. */
  kill(signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts the node again (same port) and waits until it is ready. */
  start(): Promise<void>;
}

export interface Cluster {
  /** The load balancer's address: the product's one address. */
  url: string;
  nodes: ClusterNode[];
  node(name: string): ClusterNode;
  stop(): Promise<void>;
}

function startProcess(command: string, args: string[], env: Record<string, string>, log: WriteStream, onOutput: (text: string) => void) {
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on("data", (chunk: Buffer) => {
      log.write(chunk);
      onOutput(chunk.toString());
    });
  }
  return child;
}

const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

async function untilReady(url: string, child: () => ChildProcess | null, what: string, output: () => string) {
  await pollUntil(
    async () => {
      const current = child();
      if (!current || current.exitCode !== null) throw new Error(`${what} exited early:\n${output().slice(-4000)}`);
      return fetch(`${url}/health/ready`).then(
        (res) => res.ok,
        () => false,
      );
    },
    { timeoutMs: 180_000, intervalMs: 200, what: `${what} to become ready` },
  );
}

/**
 * Starts the topology: the first API node alone (it migrates and loads the content, and makes the
 * media signing key), then the other nodes and the workers, then the load balancer; resolves once the
 * load balancer answers ready.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const haproxy = ensureHaproxy();
  mkdirSync(options.dir, { recursive: true });
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const common: Record<string, string> = {
    NODE_ENV: "development",
    HOST: "127.0.0.1",
    DATABASE_URL: options.databaseUrl,
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    DATA_DIR: options.dir,
    APP_URL: url,
    // Providers (the offline sandboxes included) call the product at its public address, whichever node answers.
    INTERNAL_URL: url,
    // The load balancer is the one proxy in front of each node: the client's address is the one it saw.
    TRUST_PROXY: "1",
    LOG_LEVEL: "info",
    LOG_FORMAT: "json",
    ...options.env,
  };

  const nodes: ClusterNode[] = [];
  const add = async (name: string, role: "api" | "worker") => {
    const nodePort = await freePort();
    const log = createWriteStream(path.join(options.dir, `${name}.log`), { flags: "a" });
    let child: ChildProcess | null = null;
    let output = "";
    const node: ClusterNode = {
      name,
      role,
      port: nodePort,
      get child() {
        return child;
      },
      output: () => output,
      async kill(signal = "SIGTERM") {
        const running = child;
        if (!running) return null;
        if (running.exitCode === null && running.signalCode === null) running.kill(signal);
        const code = await exitOf(running);
        if (child === running) child = null;
        return code;
      },
      async start() {
        output = "";
        child = startProcess(
          process.execPath,
          ["apps/api/src/server.ts"],
          { ...common, ROLE: role, PORT: String(nodePort) },
          log,
          (text) => (output += text),
        );
        await untilReady(
          `http://127.0.0.1:${nodePort}`,
          () => child,
          name,
          () => output,
        );
      },
    };
    nodes.push(node);
    return node;
  };

  const apiCount = options.apiNodes ?? 3;
  const workerCount = options.workers ?? 2;
  const first = await add("api1", "api");
  for (let i = 2; i <= apiCount; i++) await add(`api${i}`, "api");
  for (let i = 1; i <= workerCount; i++) await add(`worker${i}`, "worker");

  let balancer: ChildProcess | null = null;
  const stop = async () => {
    balancer?.kill("SIGTERM");
    await Promise.all(nodes.map((node) => node.kill("SIGTERM")));
    if (balancer) await exitOf(balancer);
  };
  try {
    await first.start();
    await Promise.all(nodes.slice(1).map((node) => node.start()));
    const config = path.join(options.dir, "haproxy.cfg");
    writeFileSync(
      config,
      haproxyConfig(
        port,
        nodes.filter((node) => node.role === "api"),
      ),
    );
    const log = createWriteStream(path.join(options.dir, "haproxy.log"), { flags: "a" });
    let output = "";
    balancer = startProcess(haproxy, ["-f", config, "-db"], {}, log, (text) => (output += text));
    await untilReady(
      url,
      () => balancer,
      "the load balancer",
      () => output,
    );
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    nodes,
    node(name) {
      const found = nodes.find((node) => node.name === name);
      if (!found) throw new Error(`no node ${name}`);
      return found;
    },
    stop,
  };
}
