import { startNode } from "./start-node.ts";

/** `npm start` and `npm run serve`: one process in the role ROLE names (`all` unless set). */
void startNode();
