import { useState, type PointerEvent } from "react";

export interface PointedDay {
  date: string;
  minutes: number;
}

/**
 * The day under the pointer or finger in a picture (a bar or a calendar square carrying `data-date` and
 * `data-minutes`), so the card can name it in words: a touch screen has no hover tooltip.
 */
export function useDayReadout() {
  const [day, setDay] = useState<PointedDay | null>(null);
  const onPointerOver = (event: PointerEvent<SVGSVGElement>) => {
    const target = (event.target as Element).closest?.("[data-date]");
    const date = target?.getAttribute("data-date");
    if (date) setDay({ date, minutes: Number(target?.getAttribute("data-minutes") ?? 0) });
  };
  const onPointerLeave = () => setDay(null);
  return { day, pointer: { onPointerOver, onPointerLeave } };
}
