// The load balancer of `npm run cluster` and the node-loss test: Debian's HAProxy, installed when missing as
// the browser is (root with apt-get), otherwise named in one line (decision 065).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const HAPROXY = process.env.HAPROXY_PATH || "/usr/sbin/haproxy";

/** The HAProxy binary, installed first when this user may; exits with one line saying what to install otherwise. */
export function ensureHaproxy(): string {
  if (existsSync(HAPROXY)) return HAPROXY;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (isRoot && hasApt) {
    console.log("Installing Debian's haproxy (a few seconds)…");
    try {
      execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "haproxy"], {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    } catch {
      execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
      execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "haproxy"], {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      });
    }
  }
  if (existsSync(HAPROXY)) return HAPROXY;
  console.error("HAProxy is missing: run `sudo apt-get install haproxy` (Debian) or set HAPROXY_PATH to its binary.");
  process.exit(1);
}

export interface Backend {
  name: string;
  port: number;
}

/**
 * The configuration: one front door on `port`, round robin over the API nodes, each checked every
 * second on /health/ready (every half second while it changes state; down after three failures, back
 * after two successes; a check may take 3 s, so a node busy with a burst is not taken out). A request a node
 * could not take (connection refused: the node is gone) goes to another node. A request that may be
 * sent twice (GET, HEAD, PUT, or a POST with an Idempotency-Key) is also sent again elsewhere when a
 * node answered nothing, timed out, or said 502 or 503 (a node closing answers 503); any other
 * request is never repeated by the load balancer. Each answer names its node in X-Served-By.
 */
export function haproxyConfig(port: number, nodes: Backend[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout check 3s
  timeout client 60s
  timeout server 30s
  timeout http-keep-alive 10s
  retries 3
  option redispatch 1

frontend serene
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /health/ready
  http-check expect status 200
  retry-on conn-failure empty-response response-timeout 502 503
  http-request disable-l7-retry unless { method GET HEAD PUT } || { req.hdr(idempotency-key) -m found }
  http-response set-header X-Served-By %s
  default-server inter 1s fastinter 500ms downinter 1s fall 3 rise 2
${nodes.map((node) => `  server ${node.name} 127.0.0.1:${node.port} check`).join("\n")}
`;
}
