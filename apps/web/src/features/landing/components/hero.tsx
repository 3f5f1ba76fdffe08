import { interpolate } from "@serene/domain";
import { ButtonLink } from "../../../components/ui/button";
import { env } from "../../../lib/env";
import { HeroArt } from "../art";
import { hero } from "../landing.content";
import styles from "./hero.module.css";

export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={`container ${styles.inner}`}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>{hero.eyebrow}</p>
          <h1 id="hero-title" className={styles.title}>
            {hero.title}
          </h1>
          <p className={styles.lead}>{interpolate(hero.lead, { product: env.appName })}</p>
          <div className={styles.actions}>
            <ButtonLink to="/quiz" variant="accent" size="lg">
              {hero.cta}
            </ButtonLink>
            <span className={styles.note}>{hero.note}</span>
          </div>
          <dl className={styles.stats}>
            {hero.stats.map((stat) => (
              <div key={stat.label}>
                <dt>{stat.label}</dt>
                <dd>{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <HeroArt className={styles.art} />
      </div>
    </section>
  );
}
