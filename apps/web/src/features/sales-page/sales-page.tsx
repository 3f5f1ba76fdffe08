import type { Checkout, CheckoutTheme, SalesPage as SalesPageData, SalesTestimonial } from "@serene/contracts";
import { formatMoney } from "@serene/domain";
import { startTransition, useEffect, useState, type ReactNode } from "react";
import { regionCurrency } from "../../lib/buying/plans";
import { Accordion } from "../../components/ui/accordion";
import { Button } from "../../components/ui/button";
import { env } from "../../lib/env";
import { LeafMark, ShieldArt, Stars, TriangleArt } from "./components/art";
import { Countdown } from "./components/countdown";
import type { AttachStream } from "./components/hero-video";
import { PriceReveal } from "./components/price-reveal";
import { SalesFooter } from "./components/sales-footer";
import { SalesTop } from "./components/sales-top";
import { useOfferClock } from "./hooks/use-offer-clock";
import { featuredPlan, formatCount, heroTitle, refundText, salesPlans } from "./model";
import styles from "./sales-page.module.css";

export interface SalesPageProps {
  page: SalesPageData;
  checkout: Checkout;
  theme: CheckoutTheme;
  /** The member's or lead's name for the hero's `{name}`; null for a visitor ('This'). */
  name: string | null;
  attachStream: AttachStream;
  /** Every 'Get Started' and the start button: opens the checkout. */
  onStart: () => void;
}

function Quote({ item, large = false }: { item: SalesTestimonial; large?: boolean }) {
  return (
    <figure className={large ? styles.quoteLarge : styles.quote}>
      <Stars rating={item.rating} />
      <blockquote>
        <p>{item.quote}</p>
      </blockquote>
      <figcaption>
        <strong>{item.name}</strong>
        <small>{item.detail}</small>
      </figcaption>
    </figure>
  );
}

/**
 * Whether the page below its countdown is drawn yet: it follows right after the first paint, in a
 * transition, so taking over the painted top is one short task and the long rest another.
 */
function useBelowTheFold(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return shown;
}

/** One titled section of the page: its heading names it for assistive technology, `data-section` for tests and analytics. */
function Section({
  look,
  name,
  title,
  children,
}: {
  look: "band" | "narrow" | "block" | "fiveMinutes";
  name: string;
  title: string;
  children?: ReactNode;
}) {
  const id = `sp-${name}`;
  return (
    <section className={styles[look]} aria-labelledby={id} data-section={name}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A list of short points, each with the page's leaf mark. */
function CheckList({ items }: { items: readonly string[] }) {
  return (
    <ul className={styles.checks}>
      {items.map((item) => (
        <li key={item}>
          <LeafMark />
          {item}
        </li>
      ))}
    </ul>
  );
}

function GetStarted({ onStart }: { onStart: () => void }) {
  return (
    <div className={styles.ctaRow}>
      <Button variant="accent" size="lg" className={styles.start} onClick={onStart}>
        Get Started
      </Button>
    </div>
  );
}

/**
 * The long-form sales page of a checkout (spec 000 section 2, "Promo checkout sales page"): its 26
 * sections in order, every text and figure from the page's data, every price from the checkout's
 * packages, and the person's offer counted down to its deadline.
 */
export function SalesPage({ page, checkout, theme, name, attachStream, onStart }: SalesPageProps) {
  const clock = useOfferClock(checkout);
  const below = useBelowTheFold();
  const [region] = useState(regionCurrency);
  const plans = salesPlans(checkout, region, clock.ended);
  const featured = featuredPlan(checkout, region, clock.ended);
  const refundAmount = featured ? formatMoney(featured.currency, featured.amountCents) : "";
  const triangle = page.triangle.parts.map((part) => part.name) as [string, string, string];
  const refundMail = `mailto:${env.supportEmail}?subject=${encodeURIComponent(page.refund.subject)}`;

  return (
    <div className={styles.page} data-theme="beige-clouds" data-sales-theme={theme} data-testid="sales-page">
      <SalesTop
        seenOn={page.as_seen_on}
        // Once the offer has ended nothing is held any more: the warning says what the countdown says then.
        warning={clock.ended ? page.countdown.expired : page.warning}
        title={heroTitle(page.hero.title, name)}
        subtitle={page.hero.subtitle}
        video={page.hero.video_vsl}
        participants={formatCount(page.participants.count)}
        participantsLabel={page.participants.label}
        startLabel={page.start_label}
        attachStream={attachStream}
        onStart={onStart}
      />

      {clock.hasOffer && <Countdown title={page.countdown.title} expired={page.countdown.expired} deadline={clock.deadline} />}
      {below && (
        <>
          <Section look="band" name="panic" title={page.panic_stats.title}>
            <ul className={styles.stats}>
              {page.panic_stats.items.map((item) => (
                <li key={item.figure + item.text}>
                  <strong>{item.figure}</strong>
                  <span>{item.text}</span>
                </li>
              ))}
            </ul>
          </Section>

          <Section look="narrow" name="good-news" title={page.good_news.title}>
            <p className={styles.lead}>{page.good_news.text}</p>
          </Section>

          <Section look="block" name="triangle" title={page.triangle.title}>
            <div className={styles.triangleLayout}>
              <TriangleArt names={triangle} />
              <ol className={styles.triangleParts}>
                {page.triangle.parts.map((part, index) => (
                  <li key={part.name}>
                    <span className={styles.stepNumber} aria-hidden="true">
                      {index + 1}
                    </span>
                    <div>
                      <h3>{part.name}</h3>
                      <p>{part.text}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </div>
          </Section>

          <section className={styles.narrow} aria-label={`What ${page.testimonial.name} says`} data-section="testimonial">
            <Quote item={page.testimonial} large />
          </section>

          <Section look="band" name="how-it-works" title={page.how_it_works.title}>
            <ol className={styles.steps}>
              {page.how_it_works.steps.map((step, index) => (
                <li key={step.title}>
                  <span className={styles.stepNumber} aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3>{step.title}</h3>
                  <p>{step.text}</p>
                </li>
              ))}
            </ol>
          </Section>

          <Section look="narrow" name="weapon" title={page.weapon.title}>
            <p className={styles.lead}>{page.weapon.text}</p>
            <CheckList items={page.weapon.points} />
          </Section>

          <Section look="block" name="moods" title={page.moods.title}>
            <ul className={styles.topics}>
              {page.moods.topics.map((topic) => (
                <li key={topic}>{topic}</li>
              ))}
            </ul>
          </Section>

          <Section look="narrow" name="behind" title={page.behind.title}>
            <p className={styles.lead}>{page.behind.text}</p>
          </Section>

          <Section look="band" name="meditation-benefits" title={page.meditation_benefits.title}>
            <p className={styles.lead}>{page.meditation_benefits.text}</p>
            <CheckList items={page.meditation_benefits.points} />
          </Section>

          <Section look="block" name="six-benefits" title={page.six_benefits.title}>
            <ul className={styles.cards}>
              {page.six_benefits.items.map((item) => (
                <li key={item.title}>
                  <h3>{item.title}</h3>
                  <p>{item.text}</p>
                </li>
              ))}
            </ul>
            <GetStarted onStart={onStart} />
          </Section>

          <Section look="fiveMinutes" name="five-minutes" title={page.five_minutes.title}>
            <p className={styles.lead}>{page.five_minutes.text}</p>
          </Section>

          <section className={styles.block} aria-label="What members say" data-section="short-testimonials">
            <ul className={styles.quotes}>
              {page.short_testimonials.map((item) => (
                <li key={item.name + item.quote}>
                  <Quote item={item} />
                </li>
              ))}
            </ul>
          </section>

          <Section look="band" name="method" title={page.method.title}>
            <ol className={styles.method}>
              {page.method.items.map((item) => (
                <li key={item.name}>
                  <div>
                    <h3>{item.name}</h3>
                    <p>{item.text}</p>
                  </div>
                  <span className={styles.methodValue}>
                    <span className={styles.visuallyHidden}>Value </span>
                    {formatMoney(featured?.currency ?? "USD", item.value_cents)}
                  </span>
                </li>
              ))}
            </ol>
            <p className={styles.methodTotal} data-testid="method-total">
              List value <strong>{formatMoney(featured?.currency ?? "USD", page.method.list_value_cents)}</strong>
            </p>
            <GetStarted onStart={onStart} />
          </Section>

          <p className={styles.helped} data-section="people-helped">
            <strong>{page.people_helped.figure}</strong> {page.people_helped.text}
          </p>

          <Section look="block" name="reviews" title={page.reviews.title}>
            <ul className={styles.quotes}>
              {page.reviews.items.map((item) => (
                <li key={item.name + item.quote}>
                  <Quote item={item} />
                </li>
              ))}
            </ul>
          </Section>

          <section className={styles.refund} aria-labelledby="sp-refund" data-section="refund">
            <ShieldArt />
            <div>
              <h2 id="sp-refund" className={styles.sectionTitle}>
                {page.refund.title}
              </h2>
              {/* The content quotes the subject around its placeholder: it goes in as it is, in one pair of quotes. */}
              <p data-testid="refund-text">{refundText(page.refund.text, refundAmount, page.refund.subject)}</p>
              <p>
                <a href={refundMail}>{env.supportEmail}</a>
              </p>
            </div>
          </section>

          <Section look="narrow" name="what-you-get" title={page.what_you_get.title}>
            <CheckList items={page.what_you_get.items} />
          </Section>

          <PriceReveal price={page.price} featured={featured} plans={plans} offerEnded={clock.ended} theme={theme} onStart={onStart} />

          <section className={styles.narrow} aria-labelledby="sp-faq" data-section="faq">
            <h2 id="sp-faq" className={styles.sectionTitle}>
              Questions, answered
            </h2>
            <Accordion
              items={page.faq.map((item, index) => ({ id: `faq-${index}`, title: item.question, content: <p>{item.answer}</p> }))}
            />
          </section>

          <SalesFooter footer={page.footer} />
        </>
      )}
    </div>
  );
}
