import { connect, createServer, type Socket } from "node:net";

/**
 * A TCP proxy that can stop answering: a database that hangs. `freeze()` stops forwarding in
 * both directions while every socket stays open (new connections are accepted and held too), so
 * the client sees neither data nor an error; `thaw()` delivers what was held and forwards again.
 */
export interface FreezableProxy {
  port: number;
  /** The same PostgreSQL address, through the proxy. */
  urlFor(databaseUrl: string): string;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  upstream: Socket;
  held: { to: Socket; chunk: Buffer | null }[];
}

export async function startFreezableProxy(target: { host: string; port: number }): Promise<FreezableProxy> {
  let frozen = false;
  const links = new Set<Link>();

  const send = (link: Link, to: Socket, chunk: Buffer | null) => {
    if (frozen) {
      link.held.push({ to, chunk });
      return;
    }
    if (chunk === null) to.end();
    else to.write(chunk);
  };

  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const link: Link = { client, upstream, held: [] };
    links.add(link);
    client.on("data", (chunk) => send(link, upstream, chunk));
    upstream.on("data", (chunk) => send(link, client, chunk));
    // An end is held like data: a frozen network tells neither side anything.
    client.on("end", () => send(link, upstream, null));
    upstream.on("end", () => send(link, client, null));
    const drop = () => {
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", drop);
    upstream.on("error", drop);
    client.on("close", () => !frozen && drop());
    upstream.on("close", () => !frozen && drop());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;

  return {
    port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const link of links) {
        for (const { to, chunk } of link.held.splice(0)) {
          if (to.destroyed) continue;
          if (chunk === null) to.end();
          else to.write(chunk);
        }
        if (link.client.destroyed || link.upstream.destroyed) {
          link.client.destroy();
          link.upstream.destroy();
          links.delete(link);
        }
      }
    },
    async close() {
      for (const link of links) {
        link.client.destroy();
        link.upstream.destroy();
      }
      links.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
