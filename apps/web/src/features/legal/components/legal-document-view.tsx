import { interpolate } from "@serene/domain";
import { env } from "../../../lib/env";
import type { LegalDocument } from "../legal-document";
import styles from "./legal-document-view.module.css";

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A legal text with the product name and support address filled in, and a table of contents. */
export function LegalDocumentView({ document }: { document: LegalDocument }) {
  const fill = (text: string) => interpolate(text, { product: env.appName, email: env.supportEmail });
  return (
    <article className={styles.article}>
      <header className={styles.header}>
        <h1>{fill(document.title)}</h1>
        <p className={styles.revised}>{document.revised}</p>
        {document.intro.map((paragraph) => (
          <p key={paragraph} className={styles.intro}>
            {fill(paragraph)}
          </p>
        ))}
      </header>
      <nav aria-label="Contents" className={styles.toc}>
        <h2>Contents</h2>
        <ul>
          {document.sections.map((section) => (
            <li key={section.heading}>
              <a href={`#${slug(section.heading)}`}>{fill(section.heading)}</a>
            </li>
          ))}
        </ul>
      </nav>
      {document.sections.map((section) => (
        <section key={section.heading} id={slug(section.heading)} className={styles.section}>
          <h2>{fill(section.heading)}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{fill(paragraph)}</p>
          ))}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{fill(item)}</li>
              ))}
            </ul>
          )}
          {section.after?.map((paragraph) => (
            <p key={paragraph}>{fill(paragraph)}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
