import type { ReactNode } from "react";
import { Tooltip } from "../../../../components/ui/tooltip";
import type { SwitchState, Variant } from "../../lib/variants";
import { PlayerIcon, type IconName } from "../icons";
import styles from "./switch-group.module.css";

export interface SwitchOption {
  label: string;
  icon?: IconName;
  pressed: boolean;
  /** null for the option playing now; otherwise where it goes or why it cannot. */
  state: SwitchState | null;
}

/**
 * Two options side by side (Audio | Video, Male | Female). The one playing is pressed; the other
 * switches the stream, or is disabled with a tooltip saying why.
 */
export function SwitchGroup({ label, options, onSwitch }: { label: string; options: SwitchOption[]; onSwitch: (target: Variant) => void }) {
  return (
    <LabelledRow label={label}>
      <div className={styles.segments}>
        {options.map((option) => {
          const target = option.state?.target ?? null;
          const disabled = !option.pressed && !target;
          const button = (
            <button
              type="button"
              className={styles.segment}
              aria-pressed={option.pressed}
              disabled={disabled}
              onClick={() => {
                if (target) onSwitch(target);
              }}
            >
              {option.icon && <PlayerIcon name={option.icon} />}
              {option.label}
            </button>
          );
          return (
            <Tooltip key={option.label} content={disabled ? option.state?.tooltip : null}>
              {button}
            </Tooltip>
          );
        })}
      </div>
    </LabelledRow>
  );
}

/** A row under the stage: a quiet label (for the eye; the group carries it for a screen reader), then its controls. */
export function LabelledRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.switchGroup} role="group" aria-label={label}>
      <span className={styles.switchLabel} aria-hidden="true">
        {label}
      </span>
      {children}
    </div>
  );
}
