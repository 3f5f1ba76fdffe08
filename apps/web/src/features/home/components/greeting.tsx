import styles from "./home.module.css";

/** 'Good Morning,' and the member's name (spec 001 section 2). */
export function Greeting({ name }: { name: string | null }) {
  return (
    <header className={styles.greeting}>
      <h1>
        Good Morning,{" "}
        {name ? <span className={styles.name}>{name}</span> : <span className={styles.namePending} aria-hidden="true" />}
      </h1>
      <p>Welcome back. Take a moment for yourself today.</p>
    </header>
  );
}
