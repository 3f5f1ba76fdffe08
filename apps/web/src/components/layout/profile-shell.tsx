import { useEffect, useRef, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router";
import { MemberShell } from "./member-shell";
import styles from "./profile-shell.module.css";
import tabs from "./tab-nav.module.css";

/** The member's own space (spec 001 section 2: /profile and its children), in the order the spec lists them. */
export const PROFILE_NAV = [
  { to: "/profile/dashboard", label: "Dashboard" },
  { to: "/profile/library", label: "Library" },
  { to: "/profile/achievements", label: "Achievements" },
  { to: "/profile/notes", label: "Notes" },
  // A saved worksheet is read at /profile/workbook/:id: its tab stays lit there too.
  { to: "/profile/worksheets", label: "Worksheets", also: "/profile/workbook/" },
  // Kept on this device for offline listening (decision 047).
  { to: "/profile/downloads", label: "Downloads" },
] as const;

/**
 * The members' frame with the profile's own navigation: a row of tabs under the page title on desktop,
 * a row that scrolls sideways on a phone. Notes' and worksheets' own pages keep their tab lit.
 */
export function ProfileShell({ children, title }: { children: ReactNode; title: string }) {
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    // On a phone the row scrolls: bring the lit tab into view (Notes, Worksheets sit past the edge).
    const row = nav.current;
    const active = row?.querySelector<HTMLElement>(`.${tabs.active}`);
    if (row && active && row.scrollWidth > row.clientWidth) {
      row.scrollLeft = Math.max(0, active.offsetLeft - row.offsetLeft - (row.clientWidth - active.offsetWidth) / 2);
    }
  }, []);
  return (
    <MemberShell>
      <div className={`container ${styles.frame}`}>
        <h1 className={styles.title}>{title}</h1>
        <nav aria-label="Profile" className={styles.nav} ref={nav}>
          {PROFILE_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                [tabs.link, (isActive || ("also" in item && pathname.startsWith(item.also))) && tabs.active].filter(Boolean).join(" ")
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.body}>{children}</div>
      </div>
    </MemberShell>
  );
}
