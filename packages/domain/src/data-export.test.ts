import { describe, expect, it } from "vitest";
import { dataExportDay, dataExportFileName, fileNameWord, worksheetAnswerRows } from "./data-export.ts";

describe("the day in a data file's name", () => {
  const lateEvening = new Date("2026-11-26T03:30:00Z");

  it("is the member's own calendar day in their time zone", () => {
    expect(dataExportDay(lateEvening, "America/Los_Angeles")).toBe("2026-11-25");
    expect(dataExportDay(lateEvening, "Europe/Berlin")).toBe("2026-11-26");
    expect(dataExportDay(new Date("2026-11-26T23:30:00Z"), "Asia/Tokyo")).toBe("2026-11-27");
  });

  it("is the UTC day without a zone or with one that does not exist", () => {
    expect(dataExportDay(lateEvening, null)).toBe("2026-11-26");
    expect(dataExportDay(lateEvening, undefined)).toBe("2026-11-26");
    expect(dataExportDay(lateEvening, "")).toBe("2026-11-26");
    expect(dataExportDay(lateEvening, "Mars/Olympus_Mons")).toBe("2026-11-26");
  });
});

describe("file names", () => {
  const now = new Date("2026-03-09T12:00:00Z");

  it("name the product, what the file holds and the day", () => {
    expect(dataExportFileName("Serene", "data", now, "UTC")).toBe("serene-data-2026-03-09.json");
    expect(dataExportFileName("Serene", "notes", now, null)).toBe("serene-notes-2026-03-09.csv");
    expect(dataExportFileName("Serene", "sessions", now, null)).toBe("serene-sessions-2026-03-09.csv");
    expect(dataExportFileName("Serene", "worksheets", now, null)).toBe("serene-worksheets-2026-03-09.csv");
  });

  it("keep only letters, digits and dashes of the product's name, so the header needs no quoting rules", () => {
    expect(fileNameWord("Calm Space!")).toBe("calm-space");
    expect(fileNameWord('Ser"ene; x=1')).toBe("ser-ene-x-1");
    expect(fileNameWord("Élan")).toBe("elan");
    expect(fileNameWord("  ")).toBe("data");
  });
});

describe("worksheet answers as rows", () => {
  it("gives one row per answer, questions in their natural order, several answers one per line", () => {
    const rows = worksheetAnswerRows([
      {
        id: "e1",
        workbookId: 3,
        createdAt: "2026-01-02T08:00:00.000Z",
        answers: { q10: 7, q2: ["Walk", "Call a friend"], q1: "=SUM(A1)", "0000": "ok" },
      },
      { id: "e2", workbookId: 1, createdAt: "2026-01-03T08:00:00.000Z", answers: {} },
      { id: "e3", workbookId: 1, createdAt: "2026-01-04T08:00:00.000Z", answers: { q1: "" } },
    ]);
    expect(rows).toEqual([
      ["e1", "3", "2026-01-02T08:00:00.000Z", "0000", "ok"],
      ["e1", "3", "2026-01-02T08:00:00.000Z", "q1", "=SUM(A1)"],
      ["e1", "3", "2026-01-02T08:00:00.000Z", "q2", "Walk\nCall a friend"],
      ["e1", "3", "2026-01-02T08:00:00.000Z", "q10", "7"],
      ["e3", "1", "2026-01-04T08:00:00.000Z", "q1", ""],
    ]);
  });
});
