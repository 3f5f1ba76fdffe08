import { useParams } from "react-router";
import { MemberShell } from "../../components/layout/member-shell";
import { CollectionView } from "../../features/content-browse";

/** /collection/:id: the items of one collection. */
export default function CollectionPage() {
  const { id = "" } = useParams();
  return (
    <MemberShell>
      <CollectionView key={id} id={id} />
    </MemberShell>
  );
}
