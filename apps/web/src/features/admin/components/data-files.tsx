import { Button } from "../../../components/ui/button";
import { LoadProblem } from "../../../components/ui/load-problem";
import { Skeleton } from "../../../components/ui/skeleton";
import { useDataFiles } from "../api/content";
import { BackToItems } from "./back-to-items";
import look from "./console.module.css";

/**
 * Quizzes, sales pages, quotes and workbooks stay data files for now (decision 070): each file as it is on
 * disk now, whether it would load (and what is wrong where not), and what it holds.
 */
export function DataFiles() {
  const files = useDataFiles();
  return (
    <>
      <BackToItems />
      <div className={look.card}>
        <div className={look.cardHead}>
          <p className={look.muted}>
            These are edited in the product&apos;s files and take effect when the server starts again. Each is checked here as it is on disk
            now, the way start-up checks it.
          </p>
          <Button type="button" variant="secondary" size="sm" onClick={() => void files.refetch()} disabled={files.isFetching}>
            Check again
          </Button>
        </div>
      </div>
      {files.isError && <LoadProblem message="The files could not be checked just now." onRetry={() => void files.refetch()} />}
      {!files.data && !files.isError && <Skeleton className={look.placeholder} />}
      {files.data?.map((file) => (
        <section key={file.file} className={look.card} aria-labelledby={`file-${file.file}`}>
          <div className={look.cardHead}>
            <h2 id={`file-${file.file}`} className={look.cardTitle}>
              {file.name}
            </h2>
            <span className={[look.status, file.loads ? look.statusActive : look.statusDisabled].join(" ")}>
              {file.loads ? `Loads · ${file.count}` : "Does not load"}
            </span>
          </div>
          <p className={look.muted}>
            <code>{file.file}</code>
          </p>
          {file.problem && (
            <p className={look.problem} role="alert">
              {file.problem}
            </p>
          )}
          {file.entries.length > 0 && (
            <details className={look.preview}>
              <summary>Preview {file.entries.length === file.count ? `all ${file.count}` : `the first ${file.entries.length}`}</summary>
              <ul>
                {file.entries.map((entry, index) => (
                  <li key={`${entry.title}-${index}`}>
                    {entry.href ? (
                      <a href={entry.href} target="_blank" rel="noreferrer">
                        {entry.title}
                      </a>
                    ) : (
                      entry.title
                    )}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </section>
      ))}
    </>
  );
}
