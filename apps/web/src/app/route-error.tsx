import { useRouteError } from "react-router";
import { Button } from "../components/ui/button";
import styles from "./route-error.module.css";

/** The error component of spec 001 section 8: 'Some error', with a way forward. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className={styles.page}>
      <h1>Some error</h1>
      <p>Something did not load. Check your connection and try again.</p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </main>
  );
}
