import styles from "./results.module.css";

export interface Testimonial {
  id: string;
  name: string;
  detail: string;
  comment: string;
}

/** What members say: the paywall's testimonials (the route passes them in), the second one highlighted as there. */
export function Testimonials({ items, titleId }: { items: readonly Testimonial[]; titleId: string }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
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
