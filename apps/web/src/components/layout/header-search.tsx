import type { Tag } from "@serene/contracts";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { SEARCH_TYPING_DELAY_MS } from "@serene/domain";
import { useTags } from "../../lib/server-data/tags";
import { TagChips, toggleTag } from "../content/tag-chips";
import { Button } from "../ui/button";
import { Icon } from "../ui/icon";
import { PillButton } from "../ui/pill-button";
import styles from "./header-search.module.css";

/** A magnifying glass: on the header's search button and in the search field. */
const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16L20.5 20.5" />
  </Icon>
);

/** The header shows at most this many tags (spec 001 "Search"). */
export const HEADER_TAG_LIMIT = 12;
const SEARCH_PATH = "/search-result";

/** /search-result?s=…&tags=a,b (tags comma-separated, as the spec writes them). */
export function searchHref(text: string, tags: string[]): string {
  const parts: string[] = [];
  if (text) parts.push(`s=${encodeURIComponent(text)}`);
  if (tags.length > 0) parts.push(`tags=${tags.map(encodeURIComponent).join(",")}`);
  return parts.length > 0 ? `${SEARCH_PATH}?${parts.join("&")}` : SEARCH_PATH;
}

/** Set on the addresses the search writes while the member types: the form there carries on as it was. */
interface TypingState {
  searching?: boolean;
}
const typing = (state: unknown) => Boolean(state && typeof state === "object" && (state as TypingState).searching);

/**
 * What the member last typed or chose in the header search. Typing on another page opens the
 * results page, whose own form takes over; keys pressed while that page was still arriving went to
 * the form being replaced. The new form starts from here, so no keystroke is lost on a slow device.
 */
let draft: { text: string; tags: string[] } | null = null;

const readTags = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);

/** The tags the header offers: at most 12, the chosen ones always among them (a chosen tag never hides). */
export function headerTags(tags: Tag[], chosen: string[]): Tag[] {
  const picked = tags.filter((tag) => chosen.includes(tag.slug));
  const rest = tags.filter((tag) => !chosen.includes(tag.slug)).slice(0, Math.max(0, HEADER_TAG_LIMIT - picked.length));
  return tags.filter((tag) => picked.includes(tag) || rest.includes(tag));
}

export interface HeaderSearchState {
  open: boolean;
  /** On /search-result the search stays open: it is that page's search box. */
  onResults: boolean;
  panelId: string;
  setToggled: (open: boolean) => void;
}

/** Whether the header search is open; shared by its toggle button and its panel. */
export function useHeaderSearch(): HeaderSearchState {
  const location = useLocation();
  const onResults = location.pathname === SEARCH_PATH;
  const [toggled, setToggled] = useState(false);
  const panelId = useId();
  return { open: onResults || toggled, onResults, panelId, setToggled };
}

/** The header's search button: opens and closes the search panel below the header. */
export function SearchToggle({ state }: { state: HeaderSearchState }) {
  const { open, onResults, panelId, setToggled } = state;
  return (
    <PillButton
      quiet
      iconOnSmall
      className={styles.toggle}
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => setToggled(!open)}
      disabled={onResults}
    >
      <SearchIcon />
      <span className={styles.toggleLabel}>Search</span>
    </PillButton>
  );
}

/** The search panel: free text plus tags, sent to /search-result. */
export function SearchPanel({ state }: { state: HeaderSearchState }) {
  const { open, onResults, panelId, setToggled } = state;
  const [params] = useSearchParams();
  const location = useLocation();
  const tags = useTags(open);
  // An address the member's typing wrote keeps the form as it is (focus, caret); any other refills it.
  const carriesOn = onResults && typing(location.state);
  return (
    <div id={panelId} className={styles.panel} hidden={!open}>
      {open && (
        // Filled from s and tags of the address on load; a new search address fills it again.
        <SearchForm
          key={onResults ? "results" : "closed"}
          carriesOn={carriesOn}
          refill={carriesOn ? null : location.key}
          initialText={params.get("s") ?? ""}
          initialTags={readTags(params.get("tags"))}
          tags={headerTags(tags.data ?? [], readTags(params.get("tags")))}
          autoFocus={!onResults || carriesOn}
          onResults={onResults}
          onClose={onResults ? undefined : () => setToggled(false)}
        />
      )}
    </div>
  );
}

/** The toggle and the panel together (tests, and any frame without its own layout). */
export function HeaderSearch() {
  const state = useHeaderSearch();
  return (
    <>
      <SearchToggle state={state} />
      <SearchPanel state={state} />
    </>
  );
}

interface SearchFormProps {
  initialText: string;
  initialTags: string[];
  tags: Tag[];
  autoFocus: boolean;
  onResults: boolean;
  /** Changes when an address the form did not write arrives (a link, the history): the form refills from it. */
  refill: string | null;
  /** The address was written by the member's typing: the form starts from what they have typed since. */
  carriesOn: boolean;
  onClose?: () => void;
}

/**
 * The search form. The results follow what is typed: about 300 ms after the last keystroke or
 * chip, the results address is written (replacing itself on /search-result), so the list updates
 * without pressing Search (decision 041). Enter or the button search at once.
 */
function SearchForm({ initialText, initialTags, tags, autoFocus, onResults, refill, carriesOn, onClose }: SearchFormProps) {
  const navigate = useNavigate();
  // Carrying on: start from the latest keystroke, which may be ahead of the address (see `draft`).
  const [start] = useState(() => (carriesOn && draft ? draft : { text: initialText, tags: initialTags }));
  const [text, setText] = useState(start.text);
  const [selected, setSelected] = useState(start.tags);
  // Ahead of the address: the results follow after the usual pause.
  const [edited, setEdited] = useState(start.text !== initialText || start.tags.join() !== initialTags.join());
  const [filledFrom, setFilledFrom] = useState(refill);
  if (refill !== null && refill !== filledFrom) {
    setFilledFrom(refill);
    setText(initialText);
    setSelected(initialTags);
    setEdited(false);
  }
  useEffect(() => {
    draft = edited ? { text, tags: selected } : null;
  }, [edited, text, selected]);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  // Focus is placed once, when the form appears (before the next key can land elsewhere): later
  // addresses never pull it away from a chip.
  const [focusOnMount] = useState(autoFocus);
  useLayoutEffect(() => {
    const field = input.current;
    if (!focusOnMount || !field) return;
    field.focus();
    // Carrying on typing: the caret goes after what is already there.
    field.setSelectionRange(field.value.length, field.value.length);
  }, [focusOnMount]);

  useEffect(() => {
    if (!edited) return;
    const query = text.trim();
    // Away from the results, an empty search goes nowhere.
    if (!onResults && !query && selected.length === 0) return;
    const timer = window.setTimeout(() => {
      void navigate(searchHref(query, selected), { replace: onResults, state: { searching: true } satisfies TypingState });
    }, SEARCH_TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [edited, text, selected, onResults, navigate]);

  return (
    <form
      role="search"
      aria-label="Search the library"
      className={`container ${styles.form}`}
      onKeyDown={(event) => {
        if (event.key === "Escape" && onClose) onClose();
      }}
      onSubmit={(event) => {
        event.preventDefault();
        const query = text.trim();
        if (!query && selected.length === 0) {
          input.current?.focus();
          return;
        }
        setEdited(false);
        onClose?.();
        void navigate(searchHref(query, selected));
      }}
    >
      <div className={styles.row}>
        <label htmlFor={inputId} className="visually-hidden">
          Search
        </label>
        <div className={styles.field}>
          <SearchIcon />
          <input
            ref={input}
            id={inputId}
            type="search"
            name="s"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setEdited(true);
            }}
            placeholder="Meditations, sleepcasts, sounds…"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
          />
        </div>
        <Button type="submit" className={styles.submit}>
          Search
        </Button>
      </div>
      {tags.length > 0 && (
        <TagChips
          look="compact"
          label="Search tags"
          tags={tags}
          selected={selected}
          onToggle={(slug) => {
            setSelected((now) => toggleTag(now, slug));
            setEdited(true);
          }}
        />
      )}
    </form>
  );
}
