import type { CheckoutTheme, SalesPage } from "@serene/contracts";
import { formatMoney, planCardDescription, planCardTitle } from "@serene/domain";
import { Button } from "../../../components/ui/button";
import { aboutOffText, legacyStruckCents, usesLegacyCards, type SalesPlan } from "../model";
import styles from "../sales-page.module.css";

interface PriceRevealProps {
  price: SalesPage["price"];
  /** The offer's plan while it runs, else the regular plan of the same kind. */
  featured: SalesPlan | null;
  /** Every plan still on sale to this person (offer plans are gone once the offer has ended). */
  plans: readonly SalesPlan[];
  offerEnded: boolean;
  theme: CheckoutTheme;
  onStart: () => void;
}

/**
 * The stated value named beside the offer's price, with the spec's "(about $1700 off)"; once the offer
 * has ended, kindly, the regular price of the same plan alone. The plans below list one price per plan:
 * an offer's plan shows the regular price it is set against struck through (decision 052).
 */
export function PriceReveal({ price, featured, plans, offerEnded, theme, onStart }: PriceRevealProps) {
  const legacy = usesLegacyCards(theme);
  const saving = featured && !offerEnded ? aboutOffText(featured.currency, price.value_cents, featured.amountCents) : null;
  return (
    <section className={styles.priceReveal} aria-labelledby="sp-price" data-section="price">
      <h2 id="sp-price" className={styles.sectionTitle}>
        {price.title}
      </h2>
      {offerEnded && (
        <p className={styles.endedNote} role="status">
          {featured
            ? "This offer has ended. The same plan is still here for you at its regular price."
            : "This offer has ended. Every plan is still here for you at its regular price."}
        </p>
      )}
      {featured && (
        <p className={styles.priceLine} data-testid="featured-price">
          {/* Once the offer has ended the saving it stated no longer holds: only the regular price is shown. */}
          {/* The stated value of what the page lists, never a former price: it is named, not struck through (decision 031). */}
          {!offerEnded && (
            <>
              <span className={styles.statedValue}>Stated value {formatMoney(featured.currency, price.value_cents)}</span>{" "}
            </>
          )}
          <span className={styles.visuallyHidden}>{offerEnded ? "Regular price " : "today "}</span>
          <strong className={styles.livePrice}>{formatMoney(featured.currency, featured.amountCents)}</strong>
          {saving && (
            <>
              {" "}
              <span className={styles.saving} data-testid="price-saving">
                {saving}
              </span>
            </>
          )}
        </p>
      )}
      {!offerEnded && <p className={styles.priceNote}>{price.note}</p>}
      {plans.length > 0 && (
        <ul className={legacy ? `${styles.plans} ${styles.legacyPlans}` : styles.plans} aria-label="Plans">
          {plans.map((plan) => {
            // The older layouts strike a regular price through on every plan; otherwise only an offer's plan is set against one.
            const struck = legacy ? legacyStruckCents(plan) : (plan.regularCents ?? null);
            return (
              <li key={plan.id} className={plan.id === featured?.id ? styles.planFeatured : styles.plan} data-testid="sales-plan">
                <span className={styles.planTitle}>{planCardTitle(plan)}</span>
                <span className={styles.planPrice}>
                  {struck !== null && (
                    <>
                      <s className={styles.planStruck}>
                        <span className={styles.visuallyHidden}>Regular price </span>
                        {formatMoney(plan.currency, struck)}
                      </s>{" "}
                    </>
                  )}
                  <strong>{formatMoney(plan.currency, plan.amountCents)}</strong>
                </span>
                <span className={styles.planTerms}>
                  {plan.isFreeTrial ? `${plan.trialDays}-day free trial, then yearly` : planCardDescription(plan)}
                </span>
                {plan.offer && <span className={styles.planTag}>Today&apos;s offer</span>}
              </li>
            );
          })}
        </ul>
      )}
      <Button variant="accent" size="lg" className={styles.start} onClick={onStart}>
        Get Started
      </Button>
    </section>
  );
}
