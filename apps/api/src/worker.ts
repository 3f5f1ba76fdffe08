import { startNode } from "./start-node.ts";

/** `npm run worker`: a job worker in its own process (the same as `ROLE=worker npm run serve`). */
void startNode("worker");
