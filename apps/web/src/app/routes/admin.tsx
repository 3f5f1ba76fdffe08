import { Navigate, useParams, useSearchParams } from "react-router";
import { staffMay, type StaffPermission } from "@serene/domain";
import { AuthLayout } from "../../components/layout/auth-layout";
import { Notice } from "../../components/ui/notice";
import {
  AuditRoom,
  BusinessRoom,
  ConsoleHome,
  ConsoleShell,
  ContentRoom,
  hasStaffSession,
  InvitationSetup,
  MembersRoom,
  SessionsRoom,
  StaffRoom,
  StaffSignIn,
  useStaffMe,
} from "../../features/admin";
import { useDocumentTitle } from "../../lib/document-title";

/** The console's rooms (decision 067): the name each gives itself, its line, and what it needs. */
const ROOMS: Record<string, { title: string; lead: string; needs: StaffPermission | null }> = {
  "": { title: "Console", lead: "What your role lets you do here, and where to find it.", needs: null },
  members: {
    title: "Members",
    lead: "Find a member by name, e-mail address or id, and read their account, money and history.",
    needs: "members.read",
  },
  content: {
    title: "Content",
    lead: "Make, publish, schedule and withdraw the catalogue's items, and upload their recordings.",
    needs: "content.write",
  },
  business: {
    title: "Business",
    lead: "Sign-ups, money, trials, churn and the funnels over the days you choose, and the recurring revenue running now.",
    needs: "dashboards.read",
  },
  staff: { title: "Staff", lead: "Invite people, choose what each may do, and close an account.", needs: "staff.manage" },
  audit: {
    title: "Audit log",
    lead: "Every change made in the console: who, when, what, before and after. Nobody can change it.",
    needs: "audit.read",
  },
  sessions: { title: "My sessions", lead: "The browsers signed in as you. End any you do not recognise.", needs: null },
};

/** The operator console at /admin/:room? (decision 067): its sign-in and invitation pages, then the rooms of the signed-in role. */
export default function AdminPage() {
  const room = (useParams().room ?? "").toLowerCase();
  const [search] = useSearchParams();
  useDocumentTitle(
    room === "sign-in" ? "Console sign-in" : room === "invitation" ? "Join the console" : (ROOMS[room]?.title ?? "Page not found"),
  );

  if (room === "sign-in") {
    return (
      <AuthLayout
        title="Sign in to the console"
        subtitle="For the people who run Serene. Signing in takes your password and a code from your authenticator app."
      >
        <StaffSignIn />
      </AuthLayout>
    );
  }
  if (room === "invitation") {
    return (
      <AuthLayout title="Join the console" subtitle="Set up your staff account: a password, then two-factor sign-in.">
        <InvitationSetup token={search.get("token") ?? ""} />
      </AuthLayout>
    );
  }
  return <SignedInRoom room={room} />;
}

function SignedInRoom({ room }: { room: string }) {
  const me = useStaffMe();
  if (!hasStaffSession() || me.isError) return <Navigate to="/admin/sign-in" replace />;
  if (!me.data) return null;
  const staff = me.data;
  const here = ROOMS[room];
  if (!here) {
    return (
      <ConsoleShell staff={staff} title="Page not found">
        <Notice kind="info">The console has no room at this address.</Notice>
      </ConsoleShell>
    );
  }
  if (here.needs && !staffMay(staff.role, here.needs)) {
    return (
      <ConsoleShell staff={staff} title={here.title}>
        <Notice kind="info">Your role does not open this room. Ask an owner if you need it.</Notice>
      </ConsoleShell>
    );
  }
  return (
    <ConsoleShell staff={staff} title={here.title} lead={here.lead}>
      {room === "members" ? (
        <MembersRoom staff={staff} />
      ) : room === "staff" ? (
        <StaffRoom me={staff} />
      ) : room === "audit" ? (
        <AuditRoom />
      ) : room === "sessions" ? (
        <SessionsRoom />
      ) : room === "business" ? (
        <BusinessRoom />
      ) : room === "content" ? (
        <ContentRoom />
      ) : (
        <ConsoleHome staff={staff} />
      )}
    </ConsoleShell>
  );
}
