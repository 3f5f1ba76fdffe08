import { reviews } from "../landing.content";
import section from "./section.module.css";
import styles from "./reviews.module.css";

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2);

export function Reviews() {
  return (
    <section className={section.section} aria-labelledby="reviews-title">
      <div className="container">
        <header className={section.head}>
          <h2 id="reviews-title" className={section.title}>
            {reviews.title}
          </h2>
          <p className={section.lead}>{reviews.lead}</p>
        </header>
        <ul className={styles.list}>
          {reviews.testimonials.map((item, index) => (
            <li key={item.id}>
              <figure className={styles.card}>
                <div className={styles.stars} aria-label="Rated 5 out of 5">
                  ★★★★★
                </div>
                <blockquote>
                  <p>{item.comment}</p>
                </blockquote>
                <figcaption className={styles.person}>
                  <span className={[styles.avatar, styles[`tone${index}`]].join(" ")} aria-hidden="true">
                    {initials(item.name)}
                  </span>
                  <span>
                    <strong>{item.name}</strong>
                    <small>{item.detail}</small>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
