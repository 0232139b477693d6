"use client";

import { useState } from "react";

/**
 * The value a person just picked in a controlled input whose change is saved at once (a switch, a
 * role select). It is set in the same event as the click: a mutation's own pending state reaches
 * React a tick later, and meanwhile React puts the old value back, so the input flickered (and a
 * browser test that reads it right after the click saw the old value). `settle` clears it once the
 * save has ended and the refetched value shows.
 */
export function useAskedValue<T>() {
  const [asked, setAsked] = useState<{ value: T } | null>(null);
  return {
    shown: (saved: T): T => (asked ? asked.value : saved),
    ask: (value: T) => setAsked({ value }),
    settle: () => setAsked(null),
  };
}
