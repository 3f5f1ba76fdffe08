import type { Package } from "@serene/contracts";
import { SUBSCRIBED_MESSAGE } from "@serene/domain";
import { useState } from "react";
import { MemberShell } from "../../components/layout/member-shell";
import { useAccountStatus } from "../../lib/server-data/account-status";
import { PaymentDialog } from "../../features/payment";
import { SettingsPageHeader } from "../../features/settings";
import { SubscriptionSettings } from "../../features/settings/components/subscription-settings";
import { reloadWithNotice } from "../../features/settings/lib/page-reload";

interface Purchase {
  selected: Package;
  packages: readonly Package[];
}

/**
 * /settings/subscription (spec 001 Settings): the member's plan, the offer that fits it, and
 * cancelling. A free member's monthly plan is bought in the payment dialog; after the purchase the
 * page reloads (spec 001 section 4).
 */
export default function SettingsSubscriptionPage() {
  const status = useAccountStatus();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  return (
    <MemberShell narrow>
      <SettingsPageHeader title="Subscription" description="Your plan and how you pay for it." />
      <SubscriptionSettings
        status={status.data}
        loading={status.isPending}
        failed={status.isError}
        onRetry={() => void status.refetch()}
        onBuy={(selected, packages) => setPurchase({ selected, packages })}
      />
      <PaymentDialog
        open={purchase !== null}
        packages={purchase?.packages ?? []}
        selected={purchase?.selected ?? null}
        onClose={() => setPurchase(null)}
        onDone={() => {
          // The dialog has said 'Successfully subscribed!'; the reloaded page says it again.
          setPurchase(null);
          reloadWithNotice(SUBSCRIBED_MESSAGE, { shownAlready: true });
        }}
      />
    </MemberShell>
  );
}
