import { Carousel } from "../../../components/ui/carousel";
import { ContentTypeArt } from "../art";
import { contentTypes } from "../landing.content";
import styles from "./content-types.module.css";

/** The scrolling strip of the nine content types. */
export function ContentTypes() {
  return (
    <section className={styles.strip} aria-labelledby="content-types-title">
      <h2 id="content-types-title" className="visually-hidden">
        What you can listen to
      </h2>
      <Carousel
        label="Content types"
        items={contentTypes}
        getKey={(item) => item.type}
        slideWidth={200}
        renderSlide={(item) => (
          <article className={styles.card}>
            <ContentTypeArt type={item.type} className={styles.art} />
            <div className={styles.body}>
              <h3>{item.name}</h3>
              <p>{item.blurb}</p>
            </div>
          </article>
        )}
      />
    </section>
  );
}
