import { z } from "zod";
import { describe, expect, it } from "vitest";
import { dataFilesReport } from "./data-files.service.ts";

describe("the data files' report", () => {
  it("says which field of a file that does not load is wrong, and previews none of it", () => {
    const Quote = z.array(z.object({ quote: z.string().min(1), author: z.string() }));
    const report = dataFilesReport([
      {
        name: "Quotes",
        file: "content/demo/quotes.json",
        check: () => Quote.parse([{ quote: "Be gentle.", author: "" }, { quote: "", author: "A." }, { author: 3 }]),
        entry: (quote) => ({ title: String(quote.quote), href: null }),
      },
      {
        name: "Broken JSON",
        file: "content/demo/x.json",
        check: () => JSON.parse("{") as unknown[],
        entry: () => ({ title: "", href: null }),
      },
    ]);
    expect(report.data[0]).toMatchObject({ name: "Quotes", loads: false, count: 0, entries: [] });
    expect(report.data[0]!.problem).toMatch(/^1\.quote: .+ \(and 2 more\)$/);
    expect(report.data[1]).toMatchObject({ loads: false });
    expect(report.data[1]!.problem).toMatch(/JSON/);
  });
});
