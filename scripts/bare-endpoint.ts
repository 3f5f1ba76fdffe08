// The yardstick of `npm run bench`: the least a Fastify + pg endpoint can do, one primary-key read.
// Run as its own process: tsx scripts/bare-endpoint.ts <port> <database-url>
import Fastify from "fastify";
import pg from "pg";

const [port, url] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>(
  "/bare/:id",
  { schema: { response: { 200: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } } } } } },
  async (request) => (await pool.query("select id, name from content_items where id = $1", [Number(request.params.id)])).rows[0],
);
await app.listen({ port: Number(port), host: "127.0.0.1" });
console.log("ready");
