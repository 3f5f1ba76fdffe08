import * as RadixAccordion from "@radix-ui/react-accordion";
import type { ReactNode } from "react";
import styles from "./accordion.module.css";

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

/** Panels that expand and collapse one at a time; headings and buttons are wired for screen readers. */
export function Accordion({ items, headingLevel = 3 }: { items: AccordionItem[]; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <RadixAccordion.Root type="single" collapsible className={styles.root}>
      {items.map((item) => (
        <RadixAccordion.Item key={item.id} value={item.id} className={styles.item}>
          <RadixAccordion.Header asChild>
            <Heading className={styles.header}>
              <RadixAccordion.Trigger className={styles.trigger}>
                <span>{item.title}</span>
                <span className={styles.chevron} aria-hidden="true">
                  +
                </span>
              </RadixAccordion.Trigger>
            </Heading>
          </RadixAccordion.Header>
          <RadixAccordion.Content className={styles.panel}>
            <div className={styles.panelInner}>{item.content}</div>
          </RadixAccordion.Content>
        </RadixAccordion.Item>
      ))}
    </RadixAccordion.Root>
  );
}
