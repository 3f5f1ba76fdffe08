import type { FastifyInstance } from "fastify";
import type { SharedServices } from "../app.ts";

/**
 * What a module of the API registers (docs/adding-an-endpoint.md). app.ts lists the modules once: it
 * builds each one's services from the shared ones, then registers each one's routes in the order of
 * the list. A module builds only what it owns; what several modules use is in `SharedServices`.
 */
export interface ApiModule<Own extends object = object> {
  /** The module's folder under apps/api/src/modules. */
  name: string;
  /** The services the module owns, built once per app from the shared dependencies and services. */
  services?(shared: SharedServices): Own;
  /** Its routes under /api/v1 (`api.register(...)` each routes plugin). */
  api?(api: FastifyInstance, services: SharedServices & Own): PromiseLike<unknown>;
  /** Routes outside /api/v1 (provider callbacks, sandbox pages, media files), registered after every module's api. */
  root?(app: FastifyInstance, services: SharedServices & Own): PromiseLike<unknown>;
}

/** A module, with the type of the services it owns inferred from its `services`. */
export const defineModule = <Own extends object = object>(module: ApiModule<Own>): ApiModule<Own> => module;

/** The services a module owns. */
export type ServicesOf<M> = M extends ApiModule<infer Own> ? Own : never;
