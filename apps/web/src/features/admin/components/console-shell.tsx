import { useEffect, type ReactNode } from "react";
import { Link, NavLink, useNavigate } from "react-router";
import type { StaffMember } from "@serene/contracts";
import { Button } from "../../../components/ui/button";
import { useStaffSignOut } from "../api/staff-session";
import { onStaffSignedOut } from "../api/staff-token";
import tabs from "../../../components/layout/tab-nav.module.css";
import look from "./console.module.css";

/** The rooms of the console a role may open (decision 067); a role sees only its own. */
const ROOMS: { to: string; label: string; needs: StaffMember["permissions"][number] | null }[] = [
  { to: "/admin", label: "Overview", needs: null },
  { to: "/admin/members", label: "Members", needs: "members.read" },
  { to: "/admin/content", label: "Content", needs: "content.write" },
  { to: "/admin/business", label: "Business", needs: "dashboards.read" },
  { to: "/admin/staff", label: "Staff", needs: "staff.manage" },
  { to: "/admin/audit", label: "Audit log", needs: "audit.read" },
  { to: "/admin/sessions", label: "My sessions", needs: null },
];

export const roomsOf = (staff: StaffMember) => ROOMS.filter((room) => room.needs === null || staff.permissions.includes(room.needs));

/** The console's frame: its name, the signed-in member of staff, their rooms, and sign-out. */
export function ConsoleShell({
  staff,
  title,
  lead,
  children,
}: {
  staff: StaffMember;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const signOut = useStaffSignOut();
  // A staff call answered 401 (the session ended or was ended elsewhere): back to the sign-in.
  useEffect(() => onStaffSignedOut(() => void navigate("/admin/sign-in", { replace: true })), [navigate]);
  return (
    <div className={look.page}>
      <header className={look.header}>
        <div className={`container ${look.headerInner}`}>
          <Link to="/admin" className={look.product}>
            Serene <span className={look.productTag}>console</span>
          </Link>
          <div className={look.who}>
            <strong>{staff.name}</strong>
            <span className={look.whoRole}>{staff.role}</span>
          </div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => signOut.mutate(undefined, { onSettled: () => void navigate("/admin/sign-in", { replace: true }) })}
          >
            Sign out
          </Button>
        </div>
        <nav className={`container ${look.nav}`} aria-label="Console">
          {roomsOf(staff).map((room) => (
            <NavLink
              key={room.to}
              to={room.to}
              end
              className={({ isActive }) => [tabs.link, isActive && tabs.active].filter(Boolean).join(" ")}
            >
              {room.label}
            </NavLink>
          ))}
        </nav>
      </header>
      <main id="main" className={`container ${look.main}`}>
        <h1 className={look.title}>{title}</h1>
        {lead && <p className={look.lead}>{lead}</p>}
        {children}
      </main>
    </div>
  );
}
