import { BackButton, PublicPage } from "../../components/layout";
import { env } from "../../lib/env";
import { FaqList } from "../../features/faq";
import styles from "./faq.module.css";

export default function FaqPage() {
  return (
    <PublicPage>
      <BackButton />
      <header className={styles.header}>
        <h1>Frequently asked questions</h1>
        <p>
          Everything about {env.appName}, plans and your account. Still wondering? Write to{" "}
          <a href={`mailto:${env.supportEmail}`}>{env.supportEmail}</a>.
        </p>
      </header>
      <FaqList />
    </PublicPage>
  );
}
