import type { ReactNode } from "react";
import { BrandLink } from "../brand/brand-link";
import band from "./night-band.module.css";

/** The sky band's class: put it on the first block of the page, under the header. */
export const nightSky = band.sky;

interface NightBandPageProps {
  /** Beside the brand, at the header's end (the paywall's close button). */
  headerEnd?: ReactNode;
  /** A wider column (the video-sales pages). */
  wide?: boolean;
  children: ReactNode;
}

/** The frame of a page under a night sky: the brand on the sky, then the page's own main content. */
export function NightBandPage({ headerEnd, wide = false, children }: NightBandPageProps) {
  return (
    <div className={wide ? `${band.page} ${band.wide}` : band.page}>
      <header className={band.header}>
        <div className={band.headerInner}>
          <BrandLink to="/" className={band.brand} />
          {headerEnd}
        </div>
      </header>
      <main id="main">{children}</main>
    </div>
  );
}
