import type { FastifyInstance } from "fastify";

/**
 * Once the server is closing, every answer it still sends says `Connection: close`, so a client or
 * load balancer that keeps connections alive does not hold the process open after its request:
 * the listener is closed, running requests finish, and each connection ends with its last answer.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (_request, reply) => {
    if (closing) reply.header("connection", "close");
  });
}
