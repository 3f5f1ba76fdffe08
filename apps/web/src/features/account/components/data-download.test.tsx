import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fileNameOf } from "../../../lib/api-client";
import { useErrorStore } from "../../../lib/error-store";
import { renderPage } from "../../../test/render";
import { DataDownload } from "./data-download";

interface Sent {
  path: string;
  headers: Record<string, string>;
}

/** fetch answering files: each call waits for the test's answer, so the busy state can be seen. */
function fileServer() {
  const sent: Sent[] = [];
  const answers: ((response: Response) => void)[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      sent.push({ path: url.pathname, headers: (init.headers ?? {}) as Record<string, string> });
      return new Promise<Response>((resolve) => answers.push(resolve));
    }),
  );
  return {
    sent,
    answer: async (response: Response) => {
      await waitFor(() => expect(answers.length).toBeGreaterThan(0));
      answers.shift()!(response);
    },
  };
}

const file = (body: string, name: string, type: string) =>
  new Response(body, { status: 200, headers: { "content-type": type, "content-disposition": `attachment; filename="${name}"` } });

let saved: { href: string; download: string }[];
beforeEach(() => {
  window.localStorage.setItem("t", "member-token");
  saved = [];
  URL.createObjectURL = vi.fn(() => "blob:http://localhost/file-1");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => vi.restoreAllMocks());

/**
 * A blob's text. Which Blob `Response.blob()` makes in the test's DOM depends on the Node.js line (Node's own,
 * with `text()`, or the DOM's, read with its FileReader); the page saves either the same way.
 */
function textOf(blob: Blob): Promise<string> {
  if (typeof blob.text === "function") return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

describe("Download my data", () => {
  it("explains itself and offers the JSON file and three CSV files", () => {
    fileServer();
    renderPage(DataDownload, { at: "/settings/account" });
    expect(screen.getByRole("heading", { name: "Download my data" })).toBeTruthy();
    expect(screen.getByText(/Your data is yours/)).toBeTruthy();
    expect(screen.getByText(/never part of the file/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download my data" })).toBeTruthy();
    for (const name of ["Notes (CSV)", "Listening sessions (CSV)", "Worksheet answers (CSV)"]) {
      expect(screen.getByRole("button", { name })).toBeTruthy();
    }
  });

  it("fetches the file with the member's token, is busy meanwhile and saves it under the server's name", async () => {
    const server = fileServer();
    renderPage(DataDownload, { at: "/settings/account" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Download my data" }));

    const pressed = await screen.findByRole("button", { name: "Preparing your file…" });
    expect(pressed.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Notes (CSV)" }).disabled).toBe(true);
    expect(server.sent[0]!.path).toBe("/api/v1/user/export");
    expect(server.sent[0]!.headers.Authorization).toBe("Bearer member-token");

    await server.answer(file('{"format":"serene-data-export"}', "serene-data-2026-11-26.json", "application/json"));
    expect(await screen.findByText("serene-data-2026-11-26.json")).toBeTruthy();
    expect(saved).toEqual([{ href: "blob:http://localhost/file-1", download: "serene-data-2026-11-26.json" }]);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(await textOf(blob)).toBe('{"format":"serene-data-export"}');
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Download my data" }).disabled).toBe(false);
  });

  it("downloads one CSV part the same way", async () => {
    const server = fileServer();
    renderPage(DataDownload, { at: "/settings/account" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Notes (CSV)" }));
    expect(await screen.findByText("Preparing…")).toBeTruthy();
    expect(server.sent[0]!.path).toBe("/api/v1/user/export/notes.csv");
    await server.answer(file("\uFEFFid,title\r\n", "serene-notes-2026-11-26.csv", "text/csv; charset=utf-8"));
    await waitFor(() => expect(saved.map((entry) => entry.download)).toEqual(["serene-notes-2026-11-26.csv"]));
  });

  it("shows the server's message when it says no (429), without a toast, and saves nothing", async () => {
    const server = fileServer();
    renderPage(DataDownload, { at: "/settings/account" });
    await userEvent.setup().click(screen.getByRole("button", { name: "Worksheet answers (CSV)" }));
    const message = "Too many attempts. Please try again in 1200 seconds.";
    await server.answer(new Response(JSON.stringify({ message }), { status: 429, headers: { "content-type": "application/json" } }));
    expect((await screen.findByRole("alert")).textContent).toContain(message);
    expect(saved).toEqual([]);
    expect(useErrorStore.getState().flag).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Worksheet answers (CSV)" }).disabled).toBe(false);
  });
});

describe("the file's name from Content-Disposition", () => {
  it("takes the quoted or bare name, never a path, else the fallback", () => {
    expect(fileNameOf('attachment; filename="serene-data-2026-11-26.json"', "x.json")).toBe("serene-data-2026-11-26.json");
    expect(fileNameOf("attachment; filename=notes.csv", "x.csv")).toBe("notes.csv");
    expect(fileNameOf('attachment; filename="../../etc/passwd"', "x.csv")).toBe("passwd");
    expect(fileNameOf("attachment", "x.csv")).toBe("x.csv");
    expect(fileNameOf(null, "x.csv")).toBe("x.csv");
  });
});
