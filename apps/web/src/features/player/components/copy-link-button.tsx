import { PillButton } from "../../../components/ui/pill-button";
import { toast } from "../../../components/ui/toast-store";
import { recordShare, type ContentRef } from "../api/activity";
import { PlayerIcon } from "./icons";

const COPY_SUCCESS = "Url successfully copied";
const copyFailure = (reason: string) => `Failed to copy: ${reason}`;

/**
 * Copies the page's address to share it (spec 001 section 8); once copied, the share is recorded
 * (POST /user/shares) in the background: its failure is only logged and never touches the copy.
 */
export function CopyLinkButton({ item }: { item: ContentRef }) {
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("the clipboard is not available");
      await navigator.clipboard.writeText(window.location.href);
      toast.success(COPY_SUCCESS);
      void recordShare({ id: item.id, model: item.model });
    } catch (error) {
      toast.error(copyFailure(error instanceof Error ? error.message : String(error)));
    }
  };
  return (
    <PillButton size="sm" onClick={() => void copy()}>
      <PlayerIcon name="link" />
      <span>Copy link</span>
    </PillButton>
  );
}
