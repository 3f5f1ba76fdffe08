import type { ComingSoonPage } from "@serene/contracts";
import { useEffect } from "react";
import { BrandLink } from "../../../components/brand/brand-link";
import { SiteFooter } from "../../../components/layout/site-footer";
import { Spinner } from "../../../components/ui/spinner";
import { analytics } from "../../../lib/analytics";
import { useComingSoon } from "../api/get-coming-soon";
import { ComingSoonForm } from "./coming-soon-form";
import { StoreBadgeArea } from "./store-badge-area";
import styles from "./coming-soon.module.css";

/** /coming-soon/{key?} (spec 000 section 2): the funnel's page in its theme, or the default funnel for a missing key. */
export function ComingSoonView({ funnelKey }: { funnelKey: string | undefined }) {
  const query = useComingSoon(funnelKey);
  const page = query.data?.page;
  return (
    <div className={styles.shell} data-theme={page?.color_theme ?? "white"} data-light-palette="">
      <header className={styles.header}>
        <div className={`container ${styles.headerInner}`}>
          <BrandLink to="/home" className={styles.brand} />
        </div>
      </header>
      <main id="main" className={`container ${styles.main}`}>
        {page ? (
          <FunnelPage page={page} />
        ) : query.isPending ? (
          <div className={styles.loading} aria-live="polite">
            <Spinner label="Loading the page" />
          </div>
        ) : (
          <div className={styles.unavailable} role="status">
            <h1>Something new is on its way</h1>
            <p>This page cannot be shown right now. Please come back in a little while.</p>
          </div>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}

function FunnelPage({ page }: { page: ComingSoonPage }) {
  useEffect(() => {
    analytics.track("coming_soon_view", { funnel: `coming-soon:${page.key}` });
  }, [page.key]);
  return (
    <div className={styles.layout}>
      <section className={styles.intro} aria-labelledby="coming-soon-title">
        <p className={styles.eyebrow}>Coming soon</p>
        <h1 id="coming-soon-title" className={styles.title}>
          {page.funnel_title}
        </h1>
        <p className={styles.description}>{page.funnel_description}</p>
        <StoreBadgeArea icon={page.app_store_icon} links={page.store_links} />
      </section>
      <figure className={styles.material}>
        <img src={page.material_image} alt="" width={480} height={360} className={styles.image} />
        <figcaption className={styles.materialTitle}>{page.funnel_material_title}</figcaption>
      </figure>
      <section className={styles.card} aria-labelledby="coming-soon-form-title">
        <h2 id="coming-soon-form-title" className={styles.cardTitle}>
          Be the first to know
        </h2>
        <p className={styles.cardText}>Leave your name and e-mail. One short note when it launches, nothing else.</p>
        <ComingSoonForm key={page.key} page={page} />
      </section>
    </div>
  );
}
