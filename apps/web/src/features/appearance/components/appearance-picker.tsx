import type { ThemeChoice, ThemeId } from "@serene/domain";
import { useState } from "react";
import { saveThemeChoice, useThemeChoice } from "../theme";
import styles from "./appearance.module.css";

interface ThemeOption {
  choice: ThemeChoice;
  name: string;
  description: string;
}

/** The four themes of spec 001 Settings, a dark one, and following the device. */
export const THEME_OPTIONS: ThemeOption[] = [
  { choice: "beige-clouds", name: "Beige clouds", description: "Warm sand with a touch of lilac." },
  { choice: "blue-sea", name: "Blue sea", description: "Cool, clear blues, like water on a still day." },
  { choice: "green-forest", name: "Green forest", description: "Soft greens and the quiet of the trees." },
  { choice: "purple-sky", name: "Purple sky", description: "Gentle lavender, like the sky at dusk." },
  { choice: "dark", name: "Dark", description: "Deep night blue, easy on the eyes in the evening." },
  {
    choice: "system",
    name: "Follow the system",
    description: "Light or dark, the same as your device, and it changes when your device does.",
  },
];

/** A small drawing of a page in a theme: its background, a card with two lines of text and a button. */
function Preview({ theme }: { theme: ThemeId }) {
  return (
    <span className={styles.preview} data-theme={theme}>
      <span className={styles.previewBar} />
      <span className={styles.previewCard}>
        <span className={styles.previewTitle} />
        <span className={styles.previewLine} />
        <span className={styles.previewButton} />
      </span>
    </span>
  );
}

/** Settings / Appearance: the themes as a calm list of choices, each with a preview; a choice applies at once. */
export function AppearancePicker() {
  const chosen = useThemeChoice();
  const [announced, setAnnounced] = useState("");
  const choose = (option: ThemeOption) => {
    saveThemeChoice(option.choice);
    setAnnounced(`${option.name} is on.`);
  };
  return (
    <div className={styles.picker}>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Theme</legend>
        <div className={styles.options}>
          {THEME_OPTIONS.map((option) => (
            <label key={option.choice} className={styles.option}>
              <input
                type="radio"
                name="theme"
                value={option.choice}
                checked={chosen === option.choice}
                onChange={() => choose(option)}
                className={styles.radio}
              />
              <span className={styles.previews} aria-hidden="true">
                {option.choice === "system" ? (
                  <>
                    <Preview theme="beige-clouds" />
                    <Preview theme="dark" />
                  </>
                ) : (
                  <Preview theme={option.choice} />
                )}
              </span>
              <span className={styles.text}>
                <span className={styles.name}>{option.name}</span>
                <span className={styles.description}>{option.description}</span>
              </span>
              <span className={styles.check} aria-hidden="true" />
            </label>
          ))}
        </div>
      </fieldset>
      <p className={styles.note}>Your choice is kept on this device, so each of your devices can have its own.</p>
      <p className="visually-hidden" role="status">
        {announced}
      </p>
    </div>
  );
}
