import { MemberShell } from "../../components/layout/member-shell";
import { SearchResults } from "../../features/content-browse";

/** /search-result?s=…&tags=a,b: what the header search found. */
export default function SearchResultPage() {
  return (
    <MemberShell>
      <SearchResults />
    </MemberShell>
  );
}
