// npm run cluster: the production topology on this machine (decision 065). HAProxy in front of three API
// nodes and two job workers on PostgreSQL (DATABASE_URL, else the local server's `serene_cluster`
// database, made when missing) and Redis (REDIS_URL, else the local one), with the shipped content.
// Prints the address; Ctrl-C stops everything.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { repoRoot, startCluster } from "./cluster/topology.ts";

const databaseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/serene_cluster";

/** Makes the database when the server does not have it yet. */
async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

await ensureDatabase(databaseUrl);
if (!existsSync(path.join(repoRoot, "apps/web/dist/index.html"))) {
  console.log("Building the web app first…");
  execFileSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
}
const dir = path.join(repoRoot, "data", "cluster");
console.log("Starting the load balancer, three API nodes and two workers…");
const cluster = await startCluster({
  databaseUrl,
  redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
  dir,
  port: Number(process.env.PORT ?? 8080),
});
const api = cluster.nodes.filter((node) => node.role === "api");
const workers = cluster.nodes.filter((node) => node.role === "worker");
console.log(
  [
    `Serene is ready: open ${cluster.url}`,
    `  load balancer (HAProxy) ${cluster.url} → ${api.map((node) => `${node.name} :${node.port}`).join(", ")}`,
    `  job workers ${workers.map((node) => `${node.name} :${node.port}`).join(", ")} (health and /metrics only)`,
    `  logs in ${path.relative(process.cwd(), dir)}/*.log; Ctrl-C stops everything`,
  ].join("\n"),
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("Stopping…");
  await cluster.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
