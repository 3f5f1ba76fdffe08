import { render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { Greeting } from "../components/greeting";
import { useFirstVisit } from "./use-first-visit";

type Member = { id: string; created_at: string } | undefined;

function Home({ member }: { member: Member }) {
  const firstVisit = useFirstVisit(member);
  return <Greeting name="Maya" firstVisit={firstVisit} />;
}

const openHome = (member: Member) =>
  render(
    <StrictMode>
      <Home member={member} />
    </StrictMode>,
  );

const justNow = () => new Date(Date.now() - 60_000).toISOString();

describe("the welcome on /home", () => {
  it("welcomes a new member on their first visit, and says 'Welcome back' on the next", () => {
    const member = { id: "u-new", created_at: justNow() };
    const first = openHome(member);
    expect(screen.getByText("Welcome to Serene. Take a moment for yourself today.")).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    first.unmount();
    openHome(member);
    expect(screen.getByText("Welcome back. Take a moment for yourself today.")).toBeTruthy();
  });

  it("says 'Welcome back' to a member of longer standing on a browser new to them", () => {
    openHome({ id: "u-old", created_at: "2025-03-01T09:00:00Z" });
    expect(screen.getByText("Welcome back. Take a moment for yourself today.")).toBeTruthy();
  });

  it("only invites, without a welcome, until the member is known", () => {
    openHome(undefined);
    expect(screen.getByText("Take a moment for yourself today.")).toBeTruthy();
    expect(screen.queryByText(/Welcome/)).toBeNull();
  });

  it("keeps each member's first visit apart on a shared browser", () => {
    openHome({ id: "u-a", created_at: justNow() }).unmount();
    openHome({ id: "u-b", created_at: justNow() });
    expect(screen.getByText("Welcome to Serene. Take a moment for yourself today.")).toBeTruthy();
  });
});
