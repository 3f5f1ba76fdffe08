import { useState } from "react";
import { formatMoney } from "@serene/domain";
import type { DashboardMoney, Revenue } from "@serene/contracts";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { LoadProblem } from "../../../components/ui/load-problem";
import { Notice } from "../../../components/ui/notice";
import { Skeleton } from "../../../components/ui/skeleton";
import { ApiError } from "../../../lib/api-client";
import { useDashboardMoney } from "../api/dashboards";
import { DataTable } from "./data-table";
import look from "./console.module.css";

type Figures = DashboardMoney["data"];
const dayLabel = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { dateStyle: "medium", timeZone: "UTC" });
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, { month: "long", year: "numeric", timeZone: "UTC" });
const moneyList = (revenue: Revenue[], key: "gross_cents" | "refunded_cents" | "net_cents") =>
  revenue.length === 0 ? "–" : revenue.map((money) => formatMoney(money.currency, money[key])).join(" · ");

/**
 * Analysts and owners (decision 069): sign-ups and money (taken, given back, net) over a range of UTC
 * days, as totals, a chart of each day's net, a table per month and per day, and the plans running now.
 */
export function BusinessRoom() {
  const [typed, setTyped] = useState({ from: "", to: "" });
  const [range, setRange] = useState({ from: "", to: "" });
  const figures = useDashboardMoney(range.from, range.to);
  const problem =
    figures.error instanceof ApiError && figures.error.status === 422
      ? (Object.values((figures.error.data as { errors?: Record<string, string[]> }).errors ?? {})[0]?.[0] ?? figures.error.data.message)
      : null;
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
      {figures.isError && !problem && <LoadProblem message="The figures did not load just now." onRetry={() => void figures.refetch()} />}
      {!figures.data && !figures.isError && <Skeleton className={look.placeholder} />}
      {figures.data && <Report figures={figures.data} />}
    </>
  );
}

function Report({ figures }: { figures: Figures }) {
  const { totals } = figures;
  return (
    <>
      <section className={look.card} aria-labelledby="totals">
        <h2 id="totals" className={look.cardTitle}>
          {dayLabel(figures.from)} to {dayLabel(figures.to)}
        </h2>
        <dl className={look.facts}>
          <dt>Sign-ups</dt>
          <dd>{totals.signups.toLocaleString()}</dd>
          <dt>Taken</dt>
          <dd>{moneyList(totals.revenue, "gross_cents")}</dd>
          <dt>Given back</dt>
          <dd>{moneyList(totals.revenue, "refunded_cents")}</dd>
          <dt>Net</dt>
          <dd>
            <strong>{moneyList(totals.revenue, "net_cents")}</strong>
          </dd>
        </dl>
      </section>
      {totals.revenue.map((money) => (
        <NetChart key={money.currency} currency={money.currency} figures={figures} />
      ))}
      <section className={look.card} aria-labelledby="plans-now">
        <h2 id="plans-now" className={look.cardTitle}>
          Plans giving access now
        </h2>
        {figures.active_by_plan.length === 0 ? (
          <p className={look.muted}>None.</p>
        ) : (
          <DataTable
            columns={[{ label: "Plan" }, { label: "Members" }]}
            rows={figures.active_by_plan.map((row) => ({ key: row.plan, cells: [row.plan, row.count.toLocaleString()] }))}
          />
        )}
      </section>
      <section className={look.card} aria-labelledby="by-month">
        <h2 id="by-month" className={look.cardTitle}>
          By month
        </h2>
        <DataTable
          columns={[
            { label: "Month" },
            { label: "Sign-ups" },
            { label: "Taken", wide: true },
            { label: "Given back", wide: true },
            { label: "Net" },
          ]}
          rows={figures.months.map((month) => ({
            key: month.month,
            cells: [
              monthLabel(month.month),
              month.signups.toLocaleString(),
              moneyList(month.revenue, "gross_cents"),
              moneyList(month.revenue, "refunded_cents"),
              moneyList(month.revenue, "net_cents"),
            ],
          }))}
        />
      </section>
      <section className={look.card} aria-labelledby="by-day">
        <h2 id="by-day" className={look.cardTitle}>
          By day
        </h2>
        <DataTable
          columns={[
            { label: "Day" },
            { label: "Sign-ups" },
            { label: "Taken", wide: true },
            { label: "Given back", wide: true },
            { label: "Net" },
          ]}
          rows={[...figures.days].reverse().map((day) => ({
            key: day.day,
            cells: [
              dayLabel(day.day),
              day.signups.toLocaleString(),
              moneyList(day.revenue, "gross_cents"),
              moneyList(day.revenue, "refunded_cents"),
              moneyList(day.revenue, "net_cents"),
            ],
          }))}
        />
      </section>
    </>
  );
}

/** Each day's net in one currency as bars (an image with its figures in words for screen readers; the tables hold every figure). */
function NetChart({ currency, figures }: { currency: string; figures: Figures }) {
  const values = figures.days.map((day) => day.revenue.find((money) => money.currency === currency)?.net_cents ?? 0);
  const top = Math.max(1, ...values.map((value) => Math.abs(value)));
  const width = 100 / values.length;
  const best = values.indexOf(Math.max(...values));
  return (
    <section className={look.card} aria-labelledby={`net-${currency}`}>
      <h2 id={`net-${currency}`} className={look.cardTitle}>
        Net per day, {currency}
      </h2>
      <svg
        className={look.chart}
        viewBox="0 0 100 40"
        preserveAspectRatio="none"
        role="img"
        aria-label={`Net per day in ${currency}: the highest was ${formatMoney(currency, values[best] ?? 0)} on ${dayLabel(figures.days[best]!.day)}.`}
      >
        <line x1="0" y1="20" x2="100" y2="20" className={look.chartAxis} />
        {values.map((value, index) => {
          const height = (Math.abs(value) / top) * 19;
          return (
            <rect
              key={figures.days[index]!.day}
              x={index * width + width * 0.15}
              width={width * 0.7}
              y={value >= 0 ? 20 - height : 20}
              height={Math.max(height, value === 0 ? 0 : 0.4)}
              className={value >= 0 ? look.chartBar : look.chartBarBack}
            >
              <title>{`${dayLabel(figures.days[index]!.day)}: ${formatMoney(currency, value)}`}</title>
            </rect>
          );
        })}
      </svg>
    </section>
  );
}
