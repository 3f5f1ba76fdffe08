import { useState } from "react";
import type { ShelvesResponse } from "@serene/contracts";
import { Button } from "../../../components/ui/button";
import { FieldError } from "../../../components/ui/field-error";
import { Input } from "../../../components/ui/input";
import { LoadProblem } from "../../../components/ui/load-problem";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast-store";
import { ApiError } from "../../../lib/api-client";
import { useContentList, useSetShelf, useShelves } from "../api/content";
import { BackToItems } from "./back-to-items";
import look from "./console.module.css";

type ShelfItem = ShelvesResponse["data"]["sections"][number]["items"][number];
interface Shelf {
  kind: "sections" | "collections";
  id: number;
  title: string;
  items: ShelfItem[];
}
const SCREENS = ["home", "meditation", "sleep", "music", "therapy"] as const;
const title = (screen: string) => screen.charAt(0).toUpperCase() + screen.slice(1);

/**
 * The shelves of the screens and the collections (decision 070): items added, removed and put in order by
 * dragging a row or with its Move buttons (the keyboard's way), then saved at once as one change.
 */
export function ShelvesEditor() {
  const shelves = useShelves();
  const [place, setPlace] = useState<string>("home");
  if (shelves.isError) return <LoadProblem message="The shelves did not load just now." onRetry={() => void shelves.refetch()} />;
  if (!shelves.data) return <Skeleton className={look.placeholder} />;
  const shown: Shelf[] =
    place === "collections"
      ? shelves.data.collections.map((collection) => ({
          kind: "collections",
          id: collection.id,
          title: `Collection · ${collection.name}`,
          items: collection.items,
        }))
      : shelves.data.sections
          .filter((section) => section.screen === place && section.editable)
          .map((section) => ({
            kind: "sections",
            id: section.id,
            title: `${title(section.screen)} · ${section.name}`,
            items: section.items,
          }));
  return (
    <>
      <BackToItems />
      <div className={look.card}>
        <label className={look.field}>
          Shelves of
          <select className={look.select} value={place} onChange={(event) => setPlace(event.target.value)}>
            {SCREENS.map((screen) => (
              <option key={screen} value={screen}>
                The {screen} screen
              </option>
            ))}
            <option value="collections">The collections</option>
          </select>
        </label>
        <p className={look.muted}>
          Drag a row, or use its Move buttons, to put the shelf in order; then save it. The personal plan and the workbooks are chosen for
          each member by the product.
        </p>
      </div>
      {shown.map((shelf) => (
        <ShelfCard key={`${shelf.kind}:${shelf.id}:${shelf.items.map((item) => item.id).join(",")}`} shelf={shelf} />
      ))}
    </>
  );
}

function ShelfCard({ shelf }: { shelf: Shelf }) {
  const [items, setItems] = useState(shelf.items);
  const [dragged, setDragged] = useState<number | null>(null);
  const [said, setSaid] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetShelf();
  const changed = items.map((item) => item.id).join(",") !== shelf.items.map((item) => item.id).join(",");
  const headingId = `shelf-${shelf.kind}-${shelf.id}`;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    setItems(next);
    setSaid(`${item!.name} moved to place ${to + 1} of ${next.length}.`);
  };
  const onSave = async () => {
    setProblem(null);
    try {
      const answer = await save.mutateAsync({ kind: shelf.kind, id: shelf.id, items: items.map((item) => item.id) });
      toast.success(answer.message);
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? (Object.values(error.data.errors ?? {})[0]?.[0] ?? error.message)
          : "The shelf was not saved. Try again.",
      );
    }
  };

  return (
    <section className={look.card} aria-labelledby={headingId}>
      <div className={look.cardHead}>
        <h2 id={headingId} className={look.cardTitle}>
          {shelf.title}
        </h2>
        <div className={look.inline}>
          {changed && (
            <Button type="button" variant="ghost" size="sm" onClick={() => setItems(shelf.items)}>
              Undo changes
            </Button>
          )}
          <Button
            type="button"
            size="sm"
            disabled={!changed || save.isPending}
            aria-busy={save.isPending || undefined}
            onClick={() => void onSave()}
          >
            Save shelf
          </Button>
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {said}
      </p>
      {problem && <FieldError messages={problem} />}
      {items.length === 0 ? (
        <p className={look.muted}>Nothing on this shelf yet.</p>
      ) : (
        <ol className={look.shelf} aria-label={`${shelf.title}, in order`}>
          {items.map((item, index) => (
            <li
              key={item.id}
              className={[look.shelfRow, dragged === index && look.dragging].filter(Boolean).join(" ")}
              draggable
              onDragStart={(event) => {
                setDragged(index);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", String(item.id));
              }}
              onDragOver={(event) => {
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
              }}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              onDragEnd={() => setDragged(null)}
            >
              <span className={look.grip} aria-hidden="true">
                ⠿
              </span>
              <img src={item.cover_url} alt="" width={40} height={40} className={look.cover} />
              <span className={look.shelfName}>
                {item.name}
                {item.state !== "published" && <span className={look.muted}> · {item.state}</span>}
              </span>
              <span className={look.shelfActions}>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Move ${item.name} up`}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  Up
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Move ${item.name} down`}
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  Down
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${item.name} from the shelf`}
                  onClick={() => {
                    setItems(items.filter((other) => other.id !== item.id));
                    setSaid(`${item.name} taken off the shelf.`);
                  }}
                >
                  Remove
                </Button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <AddToShelf
        shelfTitle={shelf.title}
        onAdd={(item) => {
          if (items.some((other) => other.id === item.id)) return;
          setItems([...items, item]);
          setSaid(`${item.name} added at the end.`);
        }}
      />
    </section>
  );
}

/** Find an item by name and put it at the end of the shelf. */
function AddToShelf({ shelfTitle, onAdd }: { shelfTitle: string; onAdd: (item: ShelfItem) => void }) {
  const [typed, setTyped] = useState("");
  const found = useContentList(typed.trim().length >= 2 ? typed.trim() : "", "", 1);
  const matches = typed.trim().length >= 2 ? (found.data?.data ?? []).slice(0, 5) : [];
  return (
    <div className={look.addToShelf}>
      <Input
        label="Add an item"
        hint="Type two letters of its name."
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        autoComplete="off"
      />
      {matches.length > 0 && (
        <ul className={look.matches} aria-label={`Items to add to ${shelfTitle}`}>
          {matches.map((item) => (
            <li key={item.id}>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => {
                  onAdd({ id: item.id, name: item.name, state: item.state, cover_url: item.cover_url });
                  setTyped("");
                }}
              >
                Add {item.name}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
