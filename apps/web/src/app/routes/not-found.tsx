import { PublicPage } from "../../components/layout";
import { MemberShell } from "../../components/layout/member-shell";
import { ButtonLink } from "../../components/ui/button";
import { hasToken } from "../../lib/storage";
import styles from "./not-found.module.css";

/**
 * A friendly page for an address that leads nowhere (the server answers it with status 404). A signed-in
 * member stays in the members' frame, with its header and tabs, and is offered the way home; a visitor
 * sees the public frame and the way back to the start.
 */
export default function NotFoundPage() {
  const member = hasToken();
  const page = (
    <section className={styles.page} aria-labelledby="not-found-title">
      <svg className={styles.art} viewBox="0 0 240 160" aria-hidden="true" focusable="false">
        <circle cx="170" cy="52" r="26" fill="#fdebdd" />
        <path d="M0 120c40-26 80-26 120 0s80 26 120 0v40H0z" fill="#c9b8f2" opacity="0.6" />
        <path d="M0 132c40-18 80-18 120 0s80 18 120 0v28H0z" fill="#7cc6b4" opacity="0.7" />
        <circle cx="70" cy="40" r="3" fill="#9cc3f0" />
        <circle cx="110" cy="22" r="2" fill="#9cc3f0" />
        <circle cx="40" cy="70" r="2" fill="#9cc3f0" />
      </svg>
      <p className={styles.code}>404</p>
      <h1 id="not-found-title">This path leads somewhere quiet</h1>
      <p className={styles.text}>The page you are looking for is not here. Take a slow breath, then let us guide you back.</p>
      <div className={styles.actions}>
        <ButtonLink to={member ? "/home" : "/"}>{member ? "Go to home" : "Back to the start"}</ButtonLink>
        <ButtonLink to="/faq" variant="secondary">
          Read the FAQ
        </ButtonLink>
      </div>
    </section>
  );
  return member ? <MemberShell narrow>{page}</MemberShell> : <PublicPage>{page}</PublicPage>;
}
