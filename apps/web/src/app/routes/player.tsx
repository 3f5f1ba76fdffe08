import { isContentModel } from "@serene/domain";
import { Navigate, useParams } from "react-router";
import { MemberShell } from "../../components/layout/member-shell";
import { PlayerPage } from "../../features/player";

/** /:section/:id: the player for the six content models; any other section goes to /home. */
export default function PlayerRoute() {
  const { section = "", id = "" } = useParams();
  if (!isContentModel(section)) return <Navigate to="/home" replace />;
  return (
    <MemberShell>
      <PlayerPage key={`${section}/${id}`} model={section} id={id} />
    </MemberShell>
  );
}
