import type { ScreenName } from "@serene/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState, TagChips, toggleTag } from "../../../components/content";
import { useTags } from "../../../lib/server-data/tags";
import { screenKeys, useContentList, useScreen } from "../api/catalogue";
import { useMembership } from "../hooks/use-membership";
import { CardGrid } from "./card-grid";
import { LoadProblem } from "../../../components/ui/load-problem";
import { PageIntro, type IntroTone } from "./page-intro";
import { ScreenSections, ShelvesLoading } from "./section-shelf";
import styles from "./browse.module.css";

interface ScreenBrowseProps {
  screen: ScreenName;
  title: string;
  lead: string;
  tone?: IntroTone;
  /** Meditation: an 'All' chip and tag chips that filter the list. */
  withTags?: boolean;
}

/** A section screen (spec 001 "Meditation, Sleep, Therapy, Music"): sections from GET /screen/{name}. */
export function ScreenBrowse({ screen, title, lead, tone, withTags = false }: ScreenBrowseProps) {
  const membership = useMembership();
  const sections = useScreen(screen);
  const [selected, setSelected] = useState<string[]>([]);
  const queryClient = useQueryClient();

  const all = () => {
    setSelected([]);
    // 'All' clears the selection and reloads everything.
    void queryClient.invalidateQueries({ queryKey: screenKeys.screen(screen) });
  };

  return (
    <div className={styles.page}>
      <PageIntro title={title} tone={tone}>
        {lead}
      </PageIntro>
      {withTags && <TagFilter selected={selected} onToggle={(slug) => setSelected((now) => toggleTag(now, slug))} onAll={all} />}
      {withTags && selected.length > 0 ? (
        <FilteredList tags={selected} />
      ) : sections.isPending ? (
        <ShelvesLoading />
      ) : sections.isError ? (
        <LoadProblem onRetry={() => void sections.refetch()} />
      ) : sections.data.data.some((section) => section.content.length > 0) ? (
        <ScreenSections sections={sections.data.data} membership={membership} />
      ) : (
        <EmptyState>No data found</EmptyState>
      )}
    </div>
  );
}

function TagFilter({ selected, onToggle, onAll }: { selected: string[]; onToggle: (slug: string) => void; onAll: () => void }) {
  // Only the tags some meditation carries: a chip always finds something.
  const tags = useTags(true, "meditation-sleep");
  // Tag failures are only logged (spec 001 section 8): the chips simply do not appear.
  if (!tags.data) return null;
  return <TagChips label="Filter by tag" tags={tags.data} selected={selected} onToggle={onToggle} onAll={onAll} />;
}

function FilteredList({ tags }: { tags: string[] }) {
  const membership = useMembership();
  const list = useContentList("meditation-sleep", tags);
  if (list.isPending) return <ShelvesLoading rows={1} />;
  if (list.isError) return <LoadProblem onRetry={() => void list.refetch()} />;
  if (list.data.data.length === 0) return <EmptyState>No data found</EmptyState>;
  return (
    <section aria-label="Filtered meditations" className={list.isPlaceholderData ? styles.refreshing : undefined}>
      <CardGrid items={list.data.data} membership={membership} label="Meditations with the chosen tags" />
    </section>
  );
}
