import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { analytics } from "../../lib/analytics";
import { mockApi, renderPage } from "../../test/render";
import { VslPage, type AttachStream } from "./vsl-page";

const VSL = {
  id: 1,
  slug: "calm-evenings",
  title: "Three minutes to a calmer evening",
  subtitle: "A short film about winding down.",
  video: { playlist: "/media/vsl/calm-evenings/master.m3u8", poster: "/media/vsl/calm-evenings/poster.jpg", duration_seconds: 180 },
  cta_at_seconds: 20,
  cta_label: "Take the calm check-in",
  next: { kind: "quiz", quiz_slug: "calm-check-in", path: "/lead-quiz/calm-check-in" },
  points: ["Short practices", "Sleep stories"],
};

function renderVsl(attach: AttachStream) {
  const Page = () => <VslPage attachStream={attach} />;
  return renderPage(Page, { at: "/vsl/calm-evenings", path: "/vsl/:slug" });
}

describe("video-sales page", () => {
  it("plays its playlist through the stream loader and shows the call to action once playback reaches its moment", async () => {
    const track = vi.spyOn(analytics, "track");
    const api = mockApi({ "GET vsl/calm-evenings": [200, { data: VSL }], "POST events": [201, {}] });
    const destroy = vi.fn();
    const attach = vi.fn<AttachStream>(async () => ({ destroy }));
    const view = renderVsl(attach);

    await screen.findByRole("heading", { level: 1, name: VSL.title });
    expect(track).toHaveBeenCalledWith("vsl_view", { funnel: "calm-evenings", quiz: "calm-check-in" });
    expect(attach).toHaveBeenCalledTimes(1);
    const [media, url, , options] = attach.mock.calls[0]!;
    expect(media).toBe(screen.getByTestId("vsl-video"));
    expect(url).toBe(VSL.video.playlist);
    expect(screen.getByTestId("vsl-video").getAttribute("poster")).toBe(VSL.video.poster);

    // No call to action before its moment.
    const video = screen.getByTestId("vsl-video") as HTMLVideoElement;
    Object.defineProperty(video, "currentTime", { configurable: true, value: 12 });
    fireEvent.timeUpdate(video);
    expect(screen.queryByRole("link", { name: VSL.cta_label })).toBeNull();

    Object.defineProperty(video, "currentTime", { configurable: true, value: 20.2 });
    fireEvent.timeUpdate(video);
    const cta = await screen.findByRole("link", { name: VSL.cta_label });
    expect(cta.getAttribute("href")).toBe("/lead-quiz/calm-check-in");

    // It stays when the person seeks back.
    Object.defineProperty(video, "currentTime", { configurable: true, value: 3 });
    fireEvent.timeUpdate(video);
    expect(screen.getByRole("link", { name: VSL.cta_label })).toBeTruthy();

    // A refused segment renews the cookies by asking for the page again.
    await options.cookies(true);
    expect(api.named("GET vsl/calm-evenings")).toHaveLength(2);
    view.unmount();
    expect(destroy).toHaveBeenCalled();
  });

  it("says kindly that an unknown video is not there and offers the quiz", async () => {
    mockApi({ "GET vsl/calm-evenings": [404, { message: "Not found." }] });
    renderVsl(vi.fn<AttachStream>(async () => null));
    await screen.findByRole("heading", { level: 1, name: "This video is not here any more" });
    expect(screen.getByRole("link", { name: "Start my quiz" }).getAttribute("href")).toBe("/quiz");
  });
});
