import { useParams, type Params } from "react-router";
import { comingSoonQueryOptions, ComingSoonView } from "../../features/coming-soon";
import { queryClient } from "../../lib/query-client";
import { hasToken } from "../../lib/storage";

/** /coming-soon/{key?} (members only): the coming-soon funnel of the key, or the default one. */
export default function ComingSoonRoute() {
  const { key } = useParams();
  return <ComingSoonView key={key ?? ""} funnelKey={key || undefined} />;
}

/** The page data is asked for while the page's code loads. */
export function prefetch(params: Params) {
  if (hasToken()) void queryClient.prefetchQuery(comingSoonQueryOptions(params.key || undefined));
}
