import { Button } from "../../../components/ui/button";
import { env } from "../../../lib/env";
import { openSubscriptionOffer } from "../../../lib/buying/subscription-offer";
import type { Membership } from "../hooks/use-membership";
import { LockIcon } from "../../../components/content";
import styles from "./browse.module.css";

/** 'Unlock {product}': only for a member without subscription_via, once the status has loaded (spec 001 section 2). */
export function UnlockButton({ membership }: { membership: Membership }) {
  if (!membership.showUnlock) return null;
  return (
    <Button variant="accent" className={styles.unlock} onClick={() => openSubscriptionOffer("unlock")}>
      <LockIcon className={styles.unlockIcon} />
      Unlock {env.appName}
    </Button>
  );
}
