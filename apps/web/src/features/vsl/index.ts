export { VslPage, type AttachStream } from "./vsl-page";
export { prefetchVsl } from "../../lib/server-data/vsl";
