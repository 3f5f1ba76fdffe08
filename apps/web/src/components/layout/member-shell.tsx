import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { env } from "../../lib/env";
import { BrandLink } from "../brand/brand-link";
import { PremiumWelcomeCard } from "../subscription/premium-welcome-card";
import { SubscriptionOffer } from "../subscription/subscription-offer";
import { Icon } from "../ui/icon";
import { SearchPanel, SearchToggle, useHeaderSearch } from "./header-search";
import styles from "./member-shell.module.css";

interface NavItem {
  to: string;
  label: string;
  /** The icon's line drawing; a circle (cx, cy, r) goes under it where the icon has one. */
  icon: { path: string; circle?: [number, number, number] };
  /** In the bottom tab bar on small screens; the others sit in the header as icons. */
  tab: boolean;
}

const NAV: NavItem[] = [
  {
    to: "/home",
    label: "Home",
    tab: true,
    icon: { path: "M4 11L12 4.5L20 11V19.5A1 1 0 0 1 19 20.5H14.5V15H9.5V20.5H5A1 1 0 0 1 4 19.5Z" },
  },
  {
    to: "/meditation",
    label: "Meditation",
    tab: true,
    icon: {
      circle: [12, 5.5, 2.3],
      path: "M12 9.5C9.5 9.5 8 11 7.5 13.5L6 17M12 9.5C14.5 9.5 16 11 16.5 13.5L18 17M4 19C7 17.3 9.5 16.8 12 16.8S17 17.3 20 19",
    },
  },
  { to: "/sleep", label: "Sleep", tab: true, icon: { path: "M19 14.5A7.5 7.5 0 1 1 9.5 5A6 6 0 0 0 19 14.5Z" } },
  {
    to: "/therapy",
    label: "Therapy",
    tab: true,
    icon: { path: "M12 20C7 16.5 4 13.5 4 9.8A4 4 0 0 1 12 7.5A4 4 0 0 1 20 9.8C20 13.5 17 16.5 12 20Z" },
  },
  { to: "/sounds", label: "Sounds", tab: true, icon: { path: "M4 14V10M8 17V7M12 20V4M16 16V8M20 13V11" } },
  {
    to: "/profile",
    label: "Profile",
    tab: false,
    icon: { circle: [12, 8, 3.6], path: "M4.5 20C5.3 16.2 8.3 14 12 14S18.7 16.2 19.5 20" },
  },
  {
    to: "/settings",
    label: "Settings",
    tab: false,
    icon: {
      circle: [12, 12, 3.2],
      path: "M12 2.8L14 5.2L17.1 4.7L17.9 7.8L20.8 9L19.8 12L20.8 15L17.9 16.2L17.1 19.3L14 18.8L12 21.2L10 18.8L6.9 19.3L6.1 16.2L3.2 15L4.2 12L3.2 9L6.1 7.8L6.9 4.7L10 5.2Z",
    },
  },
];

const NavIcon = ({ icon: { path, circle } }: { icon: NavItem["icon"] }) => (
  <Icon>
    {circle && <circle cx={circle[0]} cy={circle[1]} r={circle[2]} />}
    <path d={path} />
  </Icon>
);

const linkClass =
  (base: string | undefined) =>
  ({ isActive }: { isActive: boolean }) =>
    [base, isActive && styles.active].filter(Boolean).join(" ");

/**
 * The members' frame: a quiet header with the sections and the search over the page, the same
 * look as the landing. Up to 991 px the sections move to a tab bar at the bottom of the screen and
 * Library and Settings become icons in the header. The subscription offer lives here, once, and the
 * welcome after an in-app purchase opens the page (decision 049).
 */
export function MemberShell({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  const search = useHeaderSearch();
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <div className={`container ${styles.inner}`}>
          <BrandLink to="/home" />
          <nav aria-label="Main" className={styles.nav}>
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} end={item.to === "/home"} className={linkClass(styles.navLink)}>
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className={styles.tools}>
            <SearchToggle state={search} />
            {NAV.filter((item) => !item.tab).map((item) => (
              <NavLink key={item.to} to={item.to} aria-label={item.label} className={linkClass(styles.iconLink)}>
                <NavIcon icon={item.icon} />
              </NavLink>
            ))}
          </div>
        </div>
      </header>
      <SearchPanel state={search} />
      <main id="main" className={[styles.main, narrow && styles.narrow].filter(Boolean).join(" ")}>
        <PremiumWelcomeCard />
        {children}
      </main>
      <footer className={styles.footer}>
        <div className="container">
          <p>
            © {new Date().getFullYear()} {env.appName} · Support: <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>
          </p>
        </div>
      </footer>
      <nav aria-label="Sections" className={styles.tabBar}>
        {NAV.filter((item) => item.tab).map((item) => (
          <NavLink key={item.to} to={item.to} end={item.to === "/home"} className={linkClass(styles.tab)}>
            <NavIcon icon={item.icon} />
            <span>{item.label}</span>
          </NavLink>
        ))}
      </nav>
      <SubscriptionOffer />
    </div>
  );
}
