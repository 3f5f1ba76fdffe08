import { useSearchParams } from "react-router";
import { SiteFooter, SiteHeader } from "../../components/layout";
import { AsSeenOn } from "./components/as-seen-on";
import { Benefits } from "./components/benefits";
import { ContentTypes } from "./components/content-types";
import { Framework } from "./components/framework";
import { Hero } from "./components/hero";
import { HowItWorks } from "./components/how-it-works";
import { MessageNotice } from "./components/message-notice";
import { Reviews } from "./components/reviews";
import { StartSection } from "./components/start-section";
import { WeaponCarousels } from "./components/weapon-carousels";
import styles from "./landing-page.module.css";

/** The welcome page, sections in the order of spec 000 section 2. */
export function LandingPage() {
  const [params] = useSearchParams();
  return (
    <>
      <SiteHeader tone="night" overlay />
      <main id="main">
        <div className={styles.top}>
          <div className="container">
            <MessageNotice message={params.get("message")} />
          </div>
          <Hero />
        </div>
        <ContentTypes />
        <AsSeenOn />
        <HowItWorks />
        <WeaponCarousels />
        <Framework />
        <Benefits />
        <Reviews />
        <StartSection />
      </main>
      <SiteFooter />
    </>
  );
}
