/** Something called on every tick of its period; an object, so 10,000 streams hold no closures for it. */
export type TTicking = { tick(): void };

type TTicker = { timer: NodeJS.Timeout; ticking: Set<TTicking> };

// One interval per period for the whole process: 10,000 streams heartbeating every 25 s share
// one timer, and everything they do on a tick happens together, so it can be batched.
const holder = globalThis as typeof globalThis & { __eventTickers?: Map<number, TTicker> };

/** Calls `ticking.tick()` every `ms` on the process-wide timer of that period, until stopTicking. */
export function startTicking(ms: number, ticking: TTicking): void {
  holder.__eventTickers ??= new Map();
  let ticker = holder.__eventTickers.get(ms);
  if (!ticker) {
    const all = new Set<TTicking>();
    const timer = setInterval(() => {
      for (const each of all) each.tick();
    }, ms);
    timer.unref?.();
    ticker = { timer, ticking: all };
    holder.__eventTickers.set(ms, ticker);
  }
  ticker.ticking.add(ticking);
}

export function stopTicking(ms: number, ticking: TTicking): void {
  const ticker = holder.__eventTickers?.get(ms);
  if (!ticker?.ticking.delete(ticking) || ticker.ticking.size > 0) return;
  clearInterval(ticker.timer);
  holder.__eventTickers!.delete(ms);
}
