import { useState } from "react";
import { formatMoney } from "@serene/domain";
import type { DashboardFunnels, DashboardMoney, DashboardSubscriptions, Revenue } from "@serene/contracts";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { LoadProblem } from "../../../components/ui/load-problem";
import { Notice } from "../../../components/ui/notice";
import { Skeleton } from "../../../components/ui/skeleton";
import { ApiError } from "../../../lib/api-client";
import { saveCsv } from "../lib/csv";
import { useDashboardFunnels, useDashboardMoney, useDashboardSubscriptions } from "../api/dashboards";
import { DataTable, type Column } from "./data-table";
import look from "./console.module.css";

type Money = DashboardMoney["data"];
type Subscriptions = DashboardSubscriptions["data"];
type Funnel = DashboardFunnels["data"]["funnels"][number];

const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: "medium", timeZone: "UTC" });
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, { month: "long", year: "numeric", timeZone: "UTC" });
/** Sums of several currencies side by side, never added together. */
const moneyList = <T extends { currency: string }>(list: T[], pick: (entry: T) => number) =>
  list.length === 0 ? "–" : list.map((entry) => formatMoney(entry.currency, pick(entry))).join(" · ");
const taken = (money: Revenue) => money.gross_cents;
const givenBack = (money: Revenue) => money.refunded_cents;
const net = (money: Revenue) => money.net_cents;
const percent = (value: number | null) => (value === null ? "–" : `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })} %`);
const count = (value: number) => value.toLocaleString();

/**
 * Analysts and owners (decision 069): the business over a range of UTC days. Sign-ups and money (taken,
 * given back, net), trials and churn, monthly recurring revenue now, and each funnel step by step (the
 * numbers of `npm run report:funnels`), as totals, charts and tables; every table downloads as CSV.
 */
export function BusinessRoom() {
  const [typed, setTyped] = useState({ from: "", to: "" });
  const [range, setRange] = useState({ from: "", to: "" });
  const money = useDashboardMoney(range.from, range.to);
  const subscriptions = useDashboardSubscriptions(range.from, range.to);
  const funnels = useDashboardFunnels(range.from, range.to);
  const parts = [money, subscriptions, funnels];
  const refused = parts.map((part) => part.error).find((error) => error instanceof ApiError && error.status === 422) as
    ApiError | undefined;
  const problem = refused
    ? (Object.values((refused.data as { errors?: Record<string, string[]> }).errors ?? {})[0]?.[0] ?? refused.data.message)
    : null;
  const failed = !problem && parts.some((part) => part.isError);
  return (
    <>
      <form
        className={look.card}
        aria-label="Choose the days"
        onSubmit={(event) => {
          event.preventDefault();
          setRange(typed);
        }}
      >
        <div className={`${look.inline} ${look.dates}`}>
          <Input label="From (UTC)" type="date" value={typed.from} onChange={(event) => setTyped({ ...typed, from: event.target.value })} />
          <Input label="To (UTC)" type="date" value={typed.to} onChange={(event) => setTyped({ ...typed, to: event.target.value })} />
          <Button type="submit">Show</Button>
        </div>
        <p className={look.muted}>Left empty: the 30 days to today. Refunds count on the day they were made.</p>
      </form>
      {problem && <Notice kind="error">{problem}</Notice>}
      {failed && (
        <LoadProblem
          message="The figures did not load just now."
          onRetry={() => parts.forEach((part) => part.isError && void part.refetch())}
        />
      )}
      {money.data && subscriptions.data && funnels.data ? (
        <Report money={money.data} subscriptions={subscriptions.data} funnels={funnels.data.funnels} />
      ) : (
        !failed && !problem && <Skeleton className={look.placeholder} />
      )}
    </>
  );
}

function Report({ money, subscriptions, funnels }: { money: Money; subscriptions: Subscriptions; funnels: Funnel[] }) {
  const { totals } = money;
  const trials = subscriptions.totals;
  const days = money.days.map((day, index) => ({ ...day, ...subscriptions.days[index]! }));
  const months = money.months.map((month, index) => ({ ...month, ...subscriptions.months[index]! }));
  const range = `${money.from}_${money.to}`;
  const columns: Column[] = [
    { label: "Sign-ups" },
    { label: "Taken", wide: true },
    { label: "Given back", wide: true },
    { label: "Net" },
    { label: "Trials started" },
    { label: "Trials converted" },
    { label: "Trials lapsed", wide: true },
    { label: "Churned" },
  ];
  const figures = (entry: (typeof days)[number] | (typeof months)[number]) => [
    count(entry.signups),
    moneyList(entry.revenue, taken),
    moneyList(entry.revenue, givenBack),
    moneyList(entry.revenue, net),
    count(entry.trials_started),
    count(entry.trials_converted),
    count(entry.trials_lapsed),
    count(entry.churned),
  ];
  return (
    <>
      <section className={look.card} aria-labelledby="totals">
        <h2 id="totals" className={look.cardTitle}>
          {dayLabel(money.from)} to {dayLabel(money.to)}
        </h2>
        <dl className={look.facts}>
          <dt>Sign-ups</dt>
          <dd>{count(totals.signups)}</dd>
          <dt>Taken</dt>
          <dd>{moneyList(totals.revenue, taken)}</dd>
          <dt>Given back</dt>
          <dd>{moneyList(totals.revenue, givenBack)}</dd>
          <dt>Net</dt>
          <dd>
            <strong>{moneyList(totals.revenue, net)}</strong>
          </dd>
          <dt>Trials started</dt>
          <dd>{count(trials.trials_started)}</dd>
          <dt>Trials converted</dt>
          <dd>
            {count(trials.trials_converted)} of {count(trials.trials_converted + trials.trials_lapsed)} decided (
            {percent(trials.trial_conversion)})
          </dd>
          <dt>Churned</dt>
          <dd>
            {count(trials.churned)} of {count(trials.paying_at_start)} paying at the start ({percent(trials.churn_rate)})
          </dd>
          <dt>Monthly recurring revenue now</dt>
          <dd>
            <strong>{moneyList(subscriptions.mrr, (mrr) => mrr.cents)}</strong>
          </dd>
          <dt>Cancelled, access running</dt>
          <dd>{count(subscriptions.ending)}</dd>
        </dl>
      </section>
      {totals.revenue.map((revenue) => (
        <DayChart
          key={revenue.currency}
          id={`net-${revenue.currency}`}
          title={`Net per day, ${revenue.currency}`}
          days={money.days.map((day) => day.day)}
          values={money.days.map((day) => day.revenue.find((entry) => entry.currency === revenue.currency)?.net_cents ?? 0)}
          format={(value) => formatMoney(revenue.currency, value)}
        />
      ))}
      <DayChart
        id="signups-chart"
        title="Sign-ups per day"
        days={money.days.map((day) => day.day)}
        values={money.days.map((day) => day.signups)}
        format={count}
      />
      <section className={look.card} aria-labelledby="funnels">
        <h2 id="funnels" className={look.cardTitle}>
          Funnels
        </h2>
        {funnels.length === 0 ? (
          <p className={look.muted}>No funnel events in these days.</p>
        ) : (
          funnels.map((funnel) => (
            <FunnelSteps key={`${funnel.kind}:${funnel.funnel}`} funnel={funnel} fileName={`funnel-${funnel.funnel}-${range}.csv`} />
          ))
        )}
      </section>
      <FigureTable
        id="mrr"
        title="Monthly recurring revenue by plan, now"
        fileName={`mrr-by-plan-${money.to}.csv`}
        empty="No subscription renews now."
        columns={[{ label: "Plan" }, { label: "Renewing" }, { label: "Per month" }]}
        rows={subscriptions.mrr_by_plan.map((row) => ({
          key: `${row.plan}:${row.currency}`,
          cells: [row.plan, count(row.subscriptions), formatMoney(row.currency, row.cents)],
        }))}
      />
      <FigureTable
        id="plans-now"
        title="Plans giving access now"
        fileName={`plans-now-${money.to}.csv`}
        empty="None."
        columns={[{ label: "Plan" }, { label: "Members" }]}
        rows={money.active_by_plan.map((row) => ({ key: row.plan, cells: [row.plan, count(row.count)] }))}
      />
      <FigureTable
        id="by-month"
        title="By month"
        fileName={`by-month-${range}.csv`}
        columns={[{ label: "Month" }, ...columns]}
        rows={months.map((month) => ({ key: month.month, cells: [monthLabel(month.month), ...figures(month)] }))}
      />
      <FigureTable
        id="by-day"
        title="By day"
        fileName={`by-day-${range}.csv`}
        columns={[{ label: "Day" }, ...columns]}
        rows={[...days].reverse().map((day) => ({ key: day.day, cells: [dayLabel(day.day), ...figures(day)] }))}
      />
    </>
  );
}

/** A card with a titled table of figures and its download as CSV (the same cells, every column). */
function FigureTable({
  id,
  title,
  fileName,
  columns,
  rows,
  empty,
}: {
  id: string;
  title: string;
  fileName: string;
  columns: Column[];
  rows: { key: string; cells: string[] }[];
  empty?: string;
}) {
  return (
    <section className={look.card} aria-labelledby={id}>
      <div className={look.cardHead}>
        <h2 id={id} className={look.cardTitle}>
          {title}
        </h2>
        {rows.length > 0 && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Download “${title}” as CSV`}
            onClick={() => saveCsv(fileName, [columns.map((column) => column.label), ...rows.map((row) => row.cells)])}
          >
            Download CSV
          </Button>
        )}
      </div>
      {rows.length === 0 ? <p className={look.muted}>{empty}</p> : <DataTable columns={columns} rows={rows} />}
    </section>
  );
}

/** One funnel: per step its people with a bar scaled to the first step, and the conversion from the step before. */
function FunnelSteps({ funnel, fileName }: { funnel: Funnel; fileName: string }) {
  const most = Math.max(1, ...funnel.steps.map((step) => step.people));
  const name = `${funnel.funnel} (${funnel.kind})`;
  const rows = funnel.steps.map((step) => [step.label, count(step.people), percent(step.conversion)]);
  return (
    <article className={look.funnel} aria-label={`Funnel ${name}`}>
      <div className={look.cardHead}>
        <h3 className={look.funnelName}>{name}</h3>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Download funnel ${name} as CSV`}
          onClick={() => saveCsv(fileName, [["Step", "People", "From previous"], ...rows])}
        >
          Download CSV
        </Button>
      </div>
      {funnel.kind !== "coming-soon" && (
        <p className={look.muted}>
          {count(funnel.purchases)} {funnel.purchases === 1 ? "person" : "people"} took a trial or bought, by any path
        </p>
      )}
      <DataTable
        columns={[{ label: "Step" }, { label: "People" }, { label: "Reached", wide: true }, { label: "From previous" }]}
        rows={funnel.steps.map((step, index) => ({
          key: step.key,
          cells: [
            rows[index]![0],
            rows[index]![1],
            <svg key="bar" className={look.funnelBar} viewBox="0 0 100 4" preserveAspectRatio="none" aria-hidden="true">
              <rect x="0" y="0" height="4" width="100" className={look.funnelTrack} />
              <rect x="0" y="0" height="4" width={(step.people / most) * 100} />
            </svg>,
            rows[index]![2],
          ],
        }))}
      />
    </article>
  );
}

/** A figure per day as bars above (and, for money given back, below) a middle line; the tables hold every figure in words. */
function DayChart({
  id,
  title,
  days,
  values,
  format,
}: {
  id: string;
  title: string;
  days: string[];
  values: number[];
  format: (value: number) => string;
}) {
  const top = Math.max(1, ...values.map((value) => Math.abs(value)));
  const signed = values.some((value) => value < 0);
  const axis = signed ? 20 : 39;
  const reach = signed ? 19 : 38;
  const width = 100 / values.length;
  const best = values.indexOf(Math.max(...values));
  return (
    <section className={look.card} aria-labelledby={id}>
      <h2 id={id} className={look.cardTitle}>
        {title}
      </h2>
      <svg
        className={look.chart}
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        role="img"
        aria-label={`${title}: the highest was ${format(values[best] ?? 0)} on ${dayLabel(days[best]!)}.`}
      >
        <line x1="0" y1={axis} x2="100" y2={axis} className={look.chartAxis} />
        {values.map((value, index) => {
          const height = (Math.abs(value) / top) * reach;
          return (
            <rect
              key={days[index]}
              x={index * width + width * 0.15}
              width={width * 0.7}
              y={value >= 0 ? axis - height : axis}
              height={Math.max(height, value === 0 ? 0 : 0.4)}
              className={value >= 0 ? look.chartBar : look.chartBarBack}
            >
              <title>{`${dayLabel(days[index]!)}: ${format(value)}`}</title>
            </rect>
          );
        })}
      </svg>
    </section>
  );
}
