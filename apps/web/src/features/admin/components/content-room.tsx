import { useId, useRef, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { CONTENT_STATES, CONTENT_TYPES, EDITABLE_MODELS, QUIZ_GOALS } from "@serene/domain";
import type { EditorItem } from "@serene/contracts";
import { Button, ButtonLink } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FieldError } from "../../../components/ui/field-error";
import { Input } from "../../../components/ui/input";
import { LoadProblem } from "../../../components/ui/load-problem";
import { Notice } from "../../../components/ui/notice";
import { Skeleton } from "../../../components/ui/skeleton";
import { toast } from "../../../components/ui/toast-store";
import fieldStyles from "../../../components/ui/field.module.css";
import {
  CONTENT_PER_PAGE,
  useContentItem,
  useContentList,
  useCreateItem,
  usePublishItem,
  useUpdateItem,
  useSendFile,
  useWithdrawItem,
} from "../api/content";
import { DataFiles } from "./data-files";
import { DataTable } from "./data-table";
import { ShelvesEditor } from "./shelves-editor";
import { useFormProblems } from "./form-problems";
import { BackToItems } from "./back-to-items";
import look from "./console.module.css";

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" }) : "–");
const MODEL_NAMES: Record<string, string> = {
  "meditation-sleep": "Meditation or sleep session",
  "music-soundscape": "Music or soundscape",
  cbt: "CBT session",
};
const STATE_NAMES: Record<string, string> = { draft: "Draft", scheduled: "Scheduled", published: "Published", withdrawn: "Withdrawn" };
/** The streams an item of a model may have, as the editor reads them. */
const STREAMS: Record<string, { variant: string; label: string; accept: string }[]> = {
  voices: [
    { variant: "audio_female", label: "Female voice, audio", accept: "audio/*,video/*" },
    { variant: "audio_male", label: "Male voice, audio", accept: "audio/*,video/*" },
    { variant: "video_female", label: "Female voice, video", accept: "video/*" },
    { variant: "video_male", label: "Male voice, video", accept: "video/*" },
  ],
  music: [
    { variant: "audio", label: "Audio", accept: "audio/*,video/*" },
    { variant: "video", label: "Video", accept: "video/*" },
  ],
};
const streamsOf = (model: string) => (model === "music-soundscape" ? STREAMS.music! : model in MODEL_NAMES ? STREAMS.voices! : []);

function StateBadge({ state }: { state: string }) {
  const tone = state === "published" ? look.statusActive : state === "withdrawn" ? look.statusDisabled : undefined;
  return <span className={[look.status, tone].filter(Boolean).join(" ")}>{STATE_NAMES[state] ?? state}</span>;
}

/** Editors and owners (decision 070): the catalogue's items; one item's page opens under ?item=, a new one under ?new. */
export function ContentRoom() {
  const [params, setParams] = useSearchParams();
  const itemId = Number(params.get("item") ?? 0);
  if (params.has("new")) return <NewItem />;
  if (params.has("shelves")) return <ShelvesEditor />;
  if (params.has("files")) return <DataFiles />;
  if (itemId > 0) return <ItemPage id={itemId} />;

  const q = params.get("q") ?? "";
  const state = params.get("state") ?? "";
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  return <ItemList q={q} state={state} page={page} onFind={(next) => setParams(next)} />;
}

function ItemList({
  q,
  state,
  page,
  onFind,
}: {
  q: string;
  state: string;
  page: number;
  onFind: (params: Record<string, string>) => void;
}) {
  const list = useContentList(q, state, page);
  const [typed, setTyped] = useState({ q, state });
  const here = (extra: Record<string, string>) => ({ ...(q ? { q } : {}), ...(state ? { state } : {}), ...extra });
  return (
    <>
      <form
        className={look.card}
        role="search"
        aria-label="Find items"
        onSubmit={(event) => {
          event.preventDefault();
          onFind({ ...(typed.q.trim() ? { q: typed.q.trim() } : {}), ...(typed.state ? { state: typed.state } : {}) });
        }}
      >
        <div className={look.inline}>
          <Input
            label="Name or slug"
            value={typed.q}
            onChange={(event) => setTyped({ ...typed, q: event.target.value })}
            autoComplete="off"
          />
          <label className={look.field}>
            State
            <select className={look.select} value={typed.state} onChange={(event) => setTyped({ ...typed, state: event.target.value })}>
              <option value="">Any</option>
              {CONTENT_STATES.map((name) => (
                <option key={name} value={name}>
                  {STATE_NAMES[name]}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit">Find</Button>
          <ButtonLink to="/admin/content?new" variant="secondary">
            New item
          </ButtonLink>
          <ButtonLink to="/admin/content?shelves" variant="secondary">
            Shelves
          </ButtonLink>
          <ButtonLink to="/admin/content?files" variant="secondary">
            Data files
          </ButtonLink>
        </div>
      </form>
      {list.isError && <LoadProblem message="The items did not load just now." onRetry={() => void list.refetch()} />}
      {!list.data && !list.isError && <Skeleton className={look.placeholder} />}
      {list.data && (
        <section className={look.card} aria-labelledby="items">
          <h2 id="items" className={look.cardTitle}>
            {list.data.meta.total === 0
              ? "No items match"
              : list.data.meta.total === 1
                ? "One item"
                : `${list.data.meta.total.toLocaleString()} items`}
          </h2>
          {list.data.data.length > 0 && (
            <DataTable
              columns={[
                { label: "Item" },
                { label: "Type", wide: true },
                { label: "State" },
                { label: "Streams", wide: true },
                { label: "Changed", wide: true },
              ]}
              rows={list.data.data.map((item) => ({
                key: String(item.id),
                cells: [
                  <>
                    <Link to={`/admin/content?item=${item.id}`}>
                      <strong>{item.name}</strong>
                    </Link>
                    <br />
                    <span className={look.muted}>
                      #{item.id} · {item.free ? "free" : "Premium"}
                    </span>
                  </>,
                  item.type,
                  <StateBadge key="state" state={item.state} />,
                  item.variants.length === 0 ? "none yet" : item.variants.map((variant) => variant.replace("_", " ")).join(", "),
                  when(item.updated_at),
                ],
              }))}
            />
          )}
          {list.data.meta.last_page > 1 && (
            <nav className={look.pager} aria-label="Pages of items">
              {page > 1 ? <Link to={`/admin/content?${new URLSearchParams(here({ page: String(page - 1) }))}`}>Previous</Link> : <span />}
              <span className={look.muted}>
                Page {page} of {list.data.meta.last_page} ({CONTENT_PER_PAGE} a page)
              </span>
              {page < list.data.meta.last_page ? (
                <Link to={`/admin/content?${new URLSearchParams(here({ page: String(page + 1) }))}`}>Next</Link>
              ) : (
                <span />
              )}
            </nav>
          )}
        </section>
      )}
    </>
  );
}

interface Fields {
  name: string;
  description: string;
  type: string;
  model: string;
  access: "free" | "premium";
  goal: string;
  tags: string;
}
const tagsOf = (text: string) =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
const bodyOf = (fields: Fields) => ({
  name: fields.name,
  description: fields.description,
  type: fields.type as (typeof CONTENT_TYPES)[number],
  free: fields.access === "free",
  goal: fields.goal || null,
  tags: tagsOf(fields.tags),
});

/** The fields an editor writes about an item; the model only when it is made. */
function ItemFields({
  form,
  problems,
  withModel,
}: {
  form: ReturnType<typeof useForm<Fields>>;
  problems: ReturnType<typeof useFormProblems>;
  withModel: boolean;
}) {
  const describe = useId();
  const error = (name: string) => problems.field(name).errors;
  const tagErrors = Object.entries(problems.errors)
    .filter(([field]) => field === "tags" || field.startsWith("tags."))
    .flatMap(([, messages]) => messages);
  return (
    <div className={look.fields}>
      <Input label="Name" errors={error("name")} {...form.register("name")} />
      <div className={look.field}>
        <label htmlFor={describe}>Description</label>
        <textarea
          id={describe}
          rows={4}
          className={`${fieldStyles.input} ${look.textarea}`}
          aria-invalid={Boolean(error("description")) || undefined}
          {...form.register("description")}
        />
        <FieldError messages={error("description")} />
      </div>
      <div className={look.inline}>
        {withModel && (
          <label className={look.field}>
            Kind
            <select className={look.select} {...form.register("model")}>
              {EDITABLE_MODELS.map((model) => (
                <option key={model} value={model}>
                  {MODEL_NAMES[model]}
                </option>
              ))}
            </select>
            <FieldError messages={error("model")} />
          </label>
        )}
        <label className={look.field}>
          Type
          <select className={look.select} {...form.register("type")}>
            {CONTENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <FieldError messages={error("type")} />
        </label>
        <label className={look.field}>
          Who may play it
          <select className={look.select} {...form.register("access")}>
            <option value="free">Everyone (free)</option>
            <option value="premium">Premium members</option>
          </select>
        </label>
        <label className={look.field}>
          Quiz goal it serves
          <select className={look.select} {...form.register("goal")}>
            <option value="">None</option>
            {Object.entries(QUIZ_GOALS).map(([goal, label]) => (
              <option key={goal} value={goal}>
                {label}
              </option>
            ))}
          </select>
          <FieldError messages={error("goal")} />
        </label>
      </div>
      <Input
        label="Tags, separated by commas"
        hint="Up to 8. A tag no item has yet is made."
        errors={tagErrors}
        {...form.register("tags")}
      />
    </div>
  );
}

function NewItem() {
  const navigate = useNavigate();
  const create = useCreateItem();
  const problems = useFormProblems();
  const form = useForm<Fields>({
    defaultValues: { name: "", description: "", type: "Meditations", model: "meditation-sleep", access: "premium", goal: "", tags: "" },
  });
  const onSubmit = form.handleSubmit(async (fields) => {
    problems.clear();
    try {
      const answer = await create.mutateAsync({ ...bodyOf(fields), model: fields.model as (typeof EDITABLE_MODELS)[number] });
      toast.success(answer.message);
      void navigate(`/admin/content?item=${answer.data.id}`);
    } catch (error) {
      problems.capture(error);
    }
  });
  return (
    <>
      <BackToItems />
      <form className={look.card} onSubmit={onSubmit} noValidate aria-label="New item">
        <h2 className={look.cardTitle}>New item</h2>
        {problems.formMessage && <Notice kind="error">{problems.formMessage}</Notice>}
        <ItemFields form={form} problems={problems} withModel />
        <p className={look.muted}>It is saved as a draft: members see nothing of it until you publish it. Recordings come next.</p>
        <Button className={look.formAction} type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          Save draft
        </Button>
      </form>
    </>
  );
}

function ItemPage({ id }: { id: number }) {
  const item = useContentItem(id);
  if (item.isError) {
    return (
      <>
        <Notice kind="info">There is no item with this id.</Notice>
        <BackToItems />
      </>
    );
  }
  if (!item.data) return <Skeleton className={look.placeholder} />;
  return <ItemEditor key={item.data.updated_at} item={item.data} />;
}

function ItemEditor({ item }: { item: EditorItem }) {
  const update = useUpdateItem(item.id);
  const problems = useFormProblems();
  const form = useForm<Fields>({
    defaultValues: {
      name: item.name,
      description: item.description,
      type: item.type,
      model: item.model,
      access: item.free ? "free" : "premium",
      goal: item.goal ?? "",
      tags: item.tags.map((tag) => tag.name).join(", "),
    },
  });
  const onSubmit = form.handleSubmit(async (fields) => {
    problems.clear();
    try {
      toast.success((await update.mutateAsync(bodyOf(fields))).message);
    } catch (error) {
      problems.capture(error);
    }
  });
  return (
    <>
      <BackToItems />
      <section className={look.card} aria-labelledby="item-title">
        <div className={look.cardHead}>
          <h2 id="item-title" className={look.cardTitle}>
            {item.name}
          </h2>
          <StateBadge state={item.state} />
        </div>
        <div className={look.itemHead}>
          <CoverPicker item={item} />
          <dl className={look.facts}>
            <dt>Kind</dt>
            <dd>{MODEL_NAMES[item.model] ?? item.model}</dd>
            <dt>Length</dt>
            <dd>
              {item.duration_seconds ? `${Math.floor(item.duration_seconds / 60)} min ${item.duration_seconds % 60} s` : "no recording yet"}
            </dd>
            <dt>{item.state === "scheduled" ? "Goes live" : "Changed"}</dt>
            <dd>{item.state === "scheduled" ? when(item.publish_at) : when(item.updated_at)}</dd>
            {item.parent && (
              <>
                <dt>Part of</dt>
                <dd>
                  <Link to={`/admin/content?item=${item.parent.id}`}>{item.parent.name}</Link>
                </dd>
              </>
            )}
          </dl>
        </div>
      </section>
      <Publication item={item} />
      <Streams item={item} />
      <form className={look.card} onSubmit={onSubmit} noValidate aria-label="Details">
        <h2 className={look.cardTitle}>Details</h2>
        {problems.formMessage && <Notice kind="error">{problems.formMessage}</Notice>}
        <ItemFields form={form} problems={problems} withModel={false} />
        <Button className={look.formAction} type="submit" disabled={update.isPending} aria-busy={update.isPending || undefined}>
          Save changes
        </Button>
      </form>
    </>
  );
}

/** Publish now, schedule, or withdraw (with the reason the audit log keeps). */
function Publication({ item }: { item: EditorItem }) {
  const publish = usePublishItem(item.id);
  const withdraw = useWithdrawItem(item.id);
  const problems = useFormProblems();
  const [moment, setMoment] = useState("");
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const noStream = item.variants.length === 0;
  const run = async (work: () => Promise<{ message: string }>) => {
    problems.clear();
    try {
      toast.success((await work()).message);
      return true;
    } catch (error) {
      problems.capture(error);
      return false;
    }
  };
  const live = item.state === "published";
  return (
    <section className={look.card} aria-labelledby="publication">
      <h2 id="publication" className={look.cardTitle}>
        Publication
      </h2>
      <p className={look.muted}>{explain(item)}</p>
      {problems.formMessage && <Notice kind="error">{problems.formMessage}</Notice>}
      {noStream && <Notice kind="info">Upload a recording first: members would have nothing to play.</Notice>}
      <div className={look.inline}>
        {!live && (
          <>
            <Input
              label="Publish on"
              type="datetime-local"
              value={moment}
              onChange={(event) => setMoment(event.target.value)}
              errors={problems.field("publish_at").errors}
              hint="In your browser's time. Members see it from then."
            />
            <Button
              type="button"
              variant="secondary"
              disabled={noStream || !moment || publish.isPending}
              onClick={() => void run(() => publish.mutateAsync({ publish_at: new Date(moment).toISOString() }))}
            >
              Schedule
            </Button>
            <Button type="button" disabled={noStream || publish.isPending} onClick={() => void run(() => publish.mutateAsync({}))}>
              Publish now
            </Button>
          </>
        )}
        {(live || item.state === "scheduled") && (
          <Button type="button" variant="secondary" className={look.danger} onClick={() => setAsking(true)}>
            Withdraw
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={asking}
        title={`Withdraw "${item.name}"?`}
        confirmLabel="Withdraw"
        cancelLabel="Keep it published"
        busy={withdraw.isPending}
        confirmDisabled={reason.trim().length < 3}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          void run(() => withdraw.mutateAsync({ reason })).then((done) => {
            if (done) {
              setAsking(false);
              setReason("");
            }
          })
        }
      >
        <p>
          It leaves every shelf, search and plan at once. Members who kept it in favourites or downloads see that it is no longer available.
        </p>
        <div className={look.field}>
          <label htmlFor={reasonId}>Why (kept in the audit log)</label>
          <textarea
            id={reasonId}
            rows={3}
            className={`${fieldStyles.input} ${look.textarea}`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <FieldError messages={problems.field("reason").errors} />
        </div>
      </ConfirmDialog>
    </section>
  );
}

function explain(item: EditorItem): ReactNode {
  if (item.state === "draft") return "A draft: members do not see it yet.";
  if (item.state === "scheduled") return `Scheduled: members see it from ${when(item.publish_at)}.`;
  if (item.state === "withdrawn") return "Withdrawn: members do not see it. Publish it again to bring it back.";
  return "Published: members see it on its shelves, in search and in plans.";
}

/** Each stream the item may have: its state, and an upload with its progress, then its packaging. */
function Streams({ item }: { item: EditorItem }) {
  return (
    <section className={look.card} aria-labelledby="streams">
      <h2 id="streams" className={look.cardTitle}>
        Recordings
      </h2>
      <p className={look.muted}>
        Each recording is brought to the product&apos;s loudness and packaged for streaming, as <code>npm run content:ingest</code> does. A
        new recording replaces the one members hear once it is ready.
      </p>
      <ul className={look.streams}>
        {streamsOf(item.model).map((stream) => (
          <StreamRow key={stream.variant} item={item} stream={stream} />
        ))}
      </ul>
    </section>
  );
}

function StreamRow({ item, stream }: { item: EditorItem; stream: { variant: string; label: string; accept: string } }) {
  const input = useRef<HTMLInputElement>(null);
  const captionsInput = useRef<HTMLInputElement>(null);
  const send = useSendFile(item.id);
  const [sending, setSending] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const latest = item.uploads.find((upload) => upload.variant === stream.variant);
  const has = item.variants.includes(stream.variant);
  const busy = sending !== null || latest?.status === "waiting" || latest?.status === "packaging";
  const status =
    sending !== null
      ? null
      : latest?.status === "waiting" || latest?.status === "packaging"
        ? `Packaging "${latest.file_name}" for streaming…`
        : latest?.status === "failed"
          ? `"${latest.file_name}" could not be used: ${latest.message ?? "packaging failed"}`
          : has
            ? "Ready for members."
            : "No recording yet.";
  const upload = async (work: () => Promise<unknown>, sendingProgress: boolean) => {
    setProblem(null);
    if (sendingProgress) setSending(0);
    try {
      await work();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setSending(null);
    }
  };
  const captioned = item.captions.includes(stream.variant);
  const labelId = useId();
  return (
    <li className={look.stream} aria-labelledby={labelId}>
      <div>
        <strong id={labelId}>{stream.label}</strong>
        <p className={latest?.status === "failed" ? look.problem : look.muted} role="status">
          {status}
        </p>
        {sending !== null && (
          <label className={look.progress}>
            <span>Uploading {Math.round(sending * 100)} %</span>
            <progress max={1} value={sending} aria-label={`Uploading ${stream.label}`} />
          </label>
        )}
        {has && <p className={look.muted}>{captioned ? "Captions: on." : "Captions: none yet."}</p>}
        {problem && <FieldError messages={problem} />}
      </div>
      <input
        ref={captionsInput}
        type="file"
        accept=".vtt,text/vtt"
        className="visually-hidden"
        aria-label={`Choose a captions file for ${stream.label}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void upload(() => send.captions(stream.variant, file), false);
        }}
      />
      <input
        ref={input}
        type="file"
        accept={stream.accept}
        className="visually-hidden"
        aria-label={`Choose a file for ${stream.label}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) void upload(() => send.recording(stream.variant, file, setSending), true);
        }}
      />
      <span className={look.shelfActions}>
        {has && (
          <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => captionsInput.current?.click()}>
            {captioned ? "Replace captions" : "Add captions"}
          </Button>
        )}
        <Button type="button" variant="secondary" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          {has ? "Replace" : "Upload"}
        </Button>
      </span>
    </li>
  );
}

/** The item's cover, and a new one chosen from the editor's computer (PNG, JPEG or WebP). */
function CoverPicker({ item }: { item: EditorItem }) {
  const input = useRef<HTMLInputElement>(null);
  const send = useSendFile(item.id);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className={look.coverPicker}>
      <img src={item.cover_url} alt="" className={look.cover} width={96} height={96} />
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="visually-hidden"
        aria-label={`Choose a cover for ${item.name}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          setProblem(null);
          send.cover(file).then(
            (answer) => toast.success(answer.message),
            (error: unknown) => setProblem(problemOf(error)),
          );
        }}
      />
      <Button type="button" variant="ghost" size="sm" onClick={() => input.current?.click()}>
        Change cover
      </Button>
      {problem && <FieldError messages={problem} />}
    </div>
  );
}

/** What an upload's refusal says, in the field's words where it names one. */
function problemOf(error: unknown): string {
  const data = (error as { data?: { message?: string; errors?: Record<string, string[]> } }).data;
  return Object.values(data?.errors ?? {})[0]?.[0] ?? data?.message ?? "The upload did not finish. Try again.";
}
