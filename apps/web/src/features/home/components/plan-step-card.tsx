import type { ContentCard as Card } from "@serene/contracts";
import { ContentCard } from "../../../components/content";
import { useRecordView } from "../api/plan";

/**
 * A step of the personal plan. Premium and free-trial members follow it to /{model}/{id} and a view
 * is recorded; anyone else gets the unlock offer (spec 001 "Home").
 */
export function PlanStepCard({ item, step, subscriber }: { item: Card; step: number; subscriber: boolean }) {
  const view = useRecordView();
  return (
    <ContentCard
      item={item}
      look="step"
      eyebrow={`Step ${step}`}
      locked={!subscriber}
      onOpen={(opened) => view.mutate({ id: opened.id, model: opened.model })}
    />
  );
}
