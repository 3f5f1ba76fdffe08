import styles from "./testimonials.module.css";

export interface Testimonial {
  id: string;
  name: string;
  /** A short line under the name, such as how long they have been a member. */
  detail: string;
  comment: string;
}

interface TestimonialsProps {
  items: readonly Testimonial[];
  titleId: string;
  /** The page's own section-title style. */
  titleClassName?: string;
}

/** What members say: their testimonials as cards, the second one highlighted (spec 000, paywall). */
export function Testimonials({ items, titleId, titleClassName }: TestimonialsProps) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className={titleClassName}>
        What members say
      </h2>
      <ul className={styles.testimonials}>
        {items.map((item, index) => (
          <li key={item.id} className={index === 1 ? styles.highlight : undefined}>
            <figure className={styles.testimonial}>
              <div className={styles.stars} aria-label="Rated 5 out of 5">
                ★★★★★
              </div>
              <blockquote>
                <p>{item.comment}</p>
              </blockquote>
              <figcaption>
                <strong>{item.name}</strong>
                <small>{item.detail}</small>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
