import type { PositionBody } from "@serene/contracts";
import { api } from "../../../lib/api-client";

/**
 * PUT /user/positions/{id}: where the member is in this entry; `keepalive` while the page unloads. The audio
 * engine's one write, kept apart from the player page's reads (places.ts): the mini-player, which any members'
 * page may load, carries the engine and so this, not the page's queries.
 */
export const savePlace = (id: number, body: PositionBody, keepalive: boolean) =>
  api.put("user/positions/{id}", { params: { id }, body, keepalive, silent: true });
