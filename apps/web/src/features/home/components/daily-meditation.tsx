import type { ContentCard as Card, Section } from "@serene/contracts";
import { ContentCard, Slider } from "../../../components/content";
import styles from "./home.module.css";

/** The daily meditation slider: two wide slides per view, one at widths up to 991 (spec 001 section 9). */
export function DailyMeditation({ section, isLocked }: { section: Section; isLocked: (item: Card) => boolean }) {
  const titleId = `section-${section.id}-title`;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <Slider<Card>
        label={section.name}
        layout="pair"
        items={section.content}
        getKey={(item) => `${item.model}-${item.id}`}
        renderItem={(item, index) => (
          <ContentCard item={item} look="feature" eyebrow={index === 0 ? "Today" : undefined} locked={isLocked(item)} eager={index < 2} />
        )}
        header={
          <h2 id={titleId} className={styles.sectionTitle}>
            {section.name}
          </h2>
        }
      />
    </section>
  );
}
