import { Accordion } from "../../../components/ui/accordion";
import { Button } from "../../../components/ui/button";
import { useFaq } from "../api/get-faq";
import styles from "./faq-list.module.css";

/** All questions as an accordion; 100 fit one page, more than any FAQ should hold. */
export function FaqList() {
  const { data, isPending, isError, refetch } = useFaq({ per_page: 100 });
  if (isPending) {
    return (
      <div className={styles.skeleton} aria-busy="true" aria-label="Loading questions">
        {Array.from({ length: 6 }, (_, index) => (
          <span key={index} />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div className={styles.empty}>
        <p>The questions could not be loaded.</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (data.data.length === 0) return <p className={styles.empty}>No questions yet.</p>;
  return <Accordion items={data.data.map((item) => ({ id: item.id, title: item.name, content: <p>{item.answer}</p> }))} headingLevel={2} />;
}
