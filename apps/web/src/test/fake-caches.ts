/**
 * Cache Storage for component tests (jsdom has none): caches by name, answers stored by address,
 * read back as new Responses, as the browser does.
 */
class FakeCache {
  readonly entries = new Map<string, { body: ArrayBuffer; init: ResponseInit }>();

  async put(request: RequestInfo | URL, response: Response) {
    const url = typeof request === "string" ? request : request instanceof URL ? request.toString() : request.url;
    this.entries.set(url, {
      body: await response.arrayBuffer(),
      init: { status: response.status, headers: Object.fromEntries(response.headers.entries()) },
    });
  }

  async match(request: RequestInfo | URL) {
    const url = typeof request === "string" ? request : request instanceof URL ? request.toString() : request.url;
    const found = this.entries.get(url);
    return found ? new Response(found.body.slice(0), found.init) : undefined;
  }

  async delete(request: RequestInfo | URL) {
    const url = typeof request === "string" ? request : request instanceof URL ? request.toString() : request.url;
    return this.entries.delete(url);
  }

  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

export class FakeCacheStorage {
  readonly stores = new Map<string, FakeCache>();

  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new FakeCache());
    return this.stores.get(name)! as unknown as Cache;
  }

  async has(name: string) {
    return this.stores.has(name);
  }

  async delete(name: string) {
    return this.stores.delete(name);
  }

  async keys() {
    return [...this.stores.keys()];
  }

  /** The paths kept in one cache, in the order they were put. */
  paths(name: string): string[] {
    return [...(this.stores.get(name)?.entries.keys() ?? [])].map((url) => new URL(url).pathname);
  }
}
