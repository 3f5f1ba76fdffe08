import { Navigate, useLocation, useSearchParams } from "react-router";
import { staffMay, type StaffPermission } from "@serene/domain";
import { AuthLayout } from "../../components/layout/auth-layout";
import { Notice } from "../../components/ui/notice";
import {
  AuditRoom,
  ConsoleHome,
  ConsoleShell,
  InvitationSetup,
  SessionsRoom,
  StaffRoom,
  StaffSignIn,
  useStaffMe,
} from "../../features/admin";
import { getStaffToken } from "../../lib/storage";

/** The console's rooms: what each needs and says (decision 067). */
const ROOMS: Record<string, { title: string; lead: string; needs: StaffPermission | null }> = {
  "/admin": { title: "Console", lead: "What your role lets you do here, and where to find it.", needs: null },
  "/admin/staff": { title: "Staff", lead: "Invite people, choose what each may do, and close an account.", needs: "staff.manage" },
  "/admin/audit": {
    title: "Audit log",
    lead: "Every change made in the console: who, when, what, before and after. Nobody can change it.",
    needs: "audit.read",
  },
  "/admin/sessions": { title: "My sessions", lead: "The browsers signed in as you. End any you do not recognise.", needs: null },
};

/** The operator console at /admin (decision 067): its sign-in and invitation pages, then the rooms of the signed-in role. */
export default function AdminPage() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const path = pathname.replace(/\/+$/, "").toLowerCase() || "/admin";

  if (path === "/admin/sign-in") {
    return (
      <AuthLayout
        title="Sign in to the console"
        subtitle="For the people who run Serene. Signing in takes your password and a code from your authenticator app."
      >
        <StaffSignIn />
      </AuthLayout>
    );
  }
  if (path === "/admin/invitation") {
    return (
      <AuthLayout title="Join the console" subtitle="Set up your staff account: a password, then two-factor sign-in.">
        <InvitationSetup token={search.get("token") ?? ""} />
      </AuthLayout>
    );
  }
  return <SignedInRoom path={path} />;
}

function SignedInRoom({ path }: { path: string }) {
  const me = useStaffMe();
  if (!getStaffToken() || me.isError) return <Navigate to="/admin/sign-in" replace />;
  if (!me.data) return null;
  const staff = me.data;
  const room = ROOMS[path] ?? ROOMS["/admin"]!;
  if (room.needs && !staffMay(staff.role, room.needs)) {
    return (
      <ConsoleShell staff={staff} title={room.title}>
        <Notice kind="info">Your role does not open this room. Ask an owner if you need it.</Notice>
      </ConsoleShell>
    );
  }
  return (
    <ConsoleShell staff={staff} title={room.title} lead={room.lead}>
      {path === "/admin/staff" ? (
        <StaffRoom me={staff} />
      ) : path === "/admin/audit" ? (
        <AuditRoom />
      ) : path === "/admin/sessions" ? (
        <SessionsRoom />
      ) : (
        <ConsoleHome staff={staff} />
      )}
    </ConsoleShell>
  );
}
