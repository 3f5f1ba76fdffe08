import { useState } from "react";

interface CoverProps {
  src: string | null | undefined;
  className?: string;
  /** Shown instead when there is no cover or it failed to load; nothing when omitted. */
  blankClassName?: string;
  lazy?: boolean;
}

/** Cover art that never shows a broken image: a soft gradient stands in when it cannot load. */
export function Cover({ src, className, blankClassName, lazy = false }: CoverProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return blankClassName ? <span className={blankClassName} aria-hidden="true" /> : null;
  return <img className={className} src={src} alt="" loading={lazy ? "lazy" : undefined} decoding="async" onError={() => setFailed(src)} />;
}
