export { VslPage, type AttachStream } from "./vsl-page";
export { prefetchVsl } from "./api/vsl";
