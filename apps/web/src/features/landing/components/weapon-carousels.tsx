import { Carousel } from "../../../components/ui/carousel";
import { TopicIcon } from "../art";
import { weapon, type TopicSlide } from "../landing.content";
import section from "./section.module.css";
import styles from "./weapon-carousels.module.css";

const TONES = ["lavender", "mint", "peach", "sky"] as const;

function TopicCard({ item, index }: { item: TopicSlide; index: number }) {
  return (
    <article className={[styles.card, styles[TONES[index % TONES.length]!]].join(" ")}>
      <TopicIcon topic={item.topic} className={styles.icon} />
      <h3>{item.name}</h3>
      <p>{item.text}</p>
    </article>
  );
}

/** The two continuously scrolling rows titled 'Your Greatest Weapon Against Stress & Negative Thoughts'. */
export function WeaponCarousels() {
  return (
    <section className={`${section.section} ${section.muted}`} aria-labelledby="weapon-title">
      <div className="container">
        <header className={section.head}>
          <h2 id="weapon-title" className={section.title}>
            {weapon.title}
          </h2>
          <p className={section.lead}>{weapon.lead}</p>
        </header>
      </div>
      <div className={styles.rows}>
        {weapon.rows.map((row, rowIndex) => (
          <Carousel
            key={rowIndex}
            label={`${weapon.title}, row ${rowIndex + 1}`}
            items={row}
            getKey={(item) => item.topic}
            slideWidth={weapon.slideWidths[rowIndex] ?? 200}
            reverse={rowIndex === 1}
            renderSlide={(item) => <TopicCard item={item} index={row.indexOf(item) + rowIndex} />}
          />
        ))}
      </div>
    </section>
  );
}
