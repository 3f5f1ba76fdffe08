import type { Params } from "react-router";
import { loadStream } from "../../features/player/lib/stream-loader";
import { prefetchVsl, VslPage } from "../../features/vsl";

/** /vsl/{slug}: a video-sales page, playing through the player's stream loader (hls.js only when needed). */
export default function VslRoute() {
  return <VslPage attachStream={loadStream} />;
}

export function prefetch(params: Params) {
  if (params.slug) void prefetchVsl(params.slug);
}
