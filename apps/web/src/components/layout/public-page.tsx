import type { ReactNode } from "react";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import styles from "./public-page.module.css";

/** The frame of the public static pages: visitors' header, a calm reading column, the footer. */
export function PublicPage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <>
      <SiteHeader />
      <main id="main" className={[styles.main, wide && styles.wide].filter(Boolean).join(" ")}>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
