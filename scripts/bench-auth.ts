// Login figures for `npm run bench`:
//   - login latency (p50, p95) at a steady 20 logins per second, with rate limits raised so
//     every request does the full argon2id check;
//   - the p99 of a read (GET /api/v1/faq) alone, and again while one client floods the login
//     endpoint with wrong passwords and the rate limit turns it away (budget: within 2x);
//   - the medians of a recovery and a removal request for a registered and an unknown address
//     (equal work, so alike; a gap would tell which addresses have an account).
import { startServer } from "../e2e/server";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const round = (value: number) => Math.round(value * 10) / 10;
const hundredths = (value: number) => Math.round(value * 100) / 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function timed(request: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const ACCOUNT = { name: "Bench", email: "bench@serene.example", password: "steady-breath-bench" };

async function register(url: string) {
  await fetch(`${url}/api/v1/user`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(ACCOUNT),
  });
}

function login(url: string, password = ACCOUNT.password) {
  return fetch(`${url}/api/v1/user/token`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ login: ACCOUNT.email, password, device_name: "web" }),
  });
}

/** Fires one login every 50 ms for `seconds`, without waiting for the previous one. */
export async function measureLoginLatency(seconds = 15) {
  const server = await startServer({ env: { RATE_LIMIT_FACTOR: "100000", LOG_LEVEL: "warn" } });
  try {
    await register(server.url);
    for (let i = 0; i < 5; i++) await timed(() => login(server.url)); // warm-up
    const runs: Promise<{ ms: number; status: number }>[] = [];
    const started = performance.now();
    for (let i = 0; i < seconds * 20; i++) {
      const due = started + i * 50;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      runs.push(timed(() => login(server.url)));
    }
    const results = await Promise.all(runs);
    const ok = results.filter((r) => r.status === 200).map((r) => r.ms);
    return {
      rate: 20,
      requests: results.length,
      failed: results.length - ok.length,
      p50: round(percentile(ok, 50)),
      p95: round(percentile(ok, 95)),
    };
  } finally {
    await server.stop();
  }
}

/** `concurrency` clients reading /api/v1/faq back to back for `ms`; their latencies. */
async function readLoad(url: string, ms: number, concurrency = 8) {
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const result = await timed(() => fetch(`${url}/api/v1/faq`, { headers: { accept: "application/json" } }));
        if (result.status === 200) latencies.push(result.ms);
        else errors++;
      }
    }),
  );
  return { latencies, errors };
}

/** Wrong-password logins from one client, `concurrency` at a time, until stopped. */
function flood(url: string, concurrency = 16) {
  let running = true;
  const statuses: Record<number, number> = {};
  const workers = Array.from({ length: concurrency }, async () => {
    while (running) {
      const response = await login(url, "not-the-password").catch(() => null);
      if (response) {
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        await response.arrayBuffer();
      }
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(workers);
      return statuses;
    },
  };
}

export async function measureReadUnderLoginFlood(ms = 10_000) {
  const server = await startServer({ env: { LOG_LEVEL: "warn" } });
  try {
    await register(server.url);
    await readLoad(server.url, 2000); // warm-up
    const alone = await readLoad(server.url, ms);
    const attack = flood(server.url);
    await sleep(500);
    const during = await readLoad(server.url, ms);
    const statuses = await attack.stop();
    const p99Alone = round(percentile(alone.latencies, 99));
    const p99During = round(percentile(during.latencies, 99));
    return {
      p99Alone,
      p99During,
      ratio: round(p99During / p99Alone),
      readErrors: alone.errors + during.errors,
      floodStatuses: statuses,
    };
  } finally {
    await server.stop();
  }
}

/**
 * The medians of the two "e-mail me a link" requests (password recovery, account removal) for an
 * address that has an account and one that has none, interleaved so both meet the same load.
 * Equal work means equal medians: a gap would tell an outsider which addresses are registered.
 */
export async function measureAccountLinkTiming(rounds = 300) {
  const server = await startServer({ env: { RATE_LIMIT_FACTOR: "100000", LOG_LEVEL: "warn" } });
  try {
    await register(server.url);
    const missing = "nobody-here@serene.example";
    const recovery = (email: string) =>
      fetch(`${server.url}/api/v1/user/recovery-password?email=${encodeURIComponent(email)}`, { headers: { accept: "application/json" } });
    const removal = (email: string) =>
      fetch(`${server.url}/api/v1/user/request-remove`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ email }),
      });
    const medians = {} as Record<"recovery" | "removal", { existing: number; missing: number; failed: number }>;
    for (const [name, request] of [
      ["recovery", recovery],
      ["removal", removal],
    ] as const) {
      for (let i = 0; i < 20; i++) await timed(() => request(i % 2 ? ACCOUNT.email : missing)); // warm-up
      const existing: number[] = [];
      const absent: number[] = [];
      let failed = 0;
      for (let i = 0; i < rounds; i++) {
        const pair = i % 2 ? ([missing, ACCOUNT.email] as const) : ([ACCOUNT.email, missing] as const);
        for (const email of pair) {
          const result = await timed(() => request(email));
          if (result.status !== 200) failed++;
          (email === missing ? absent : existing).push(result.ms);
        }
      }
      medians[name] = { existing: hundredths(percentile(existing, 50)), missing: hundredths(percentile(absent, 50)), failed };
    }
    return medians;
  } finally {
    await server.stop();
  }
}
