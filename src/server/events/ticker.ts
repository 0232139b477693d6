type TTick = () => void;

// One interval per period for the whole process: 10,000 streams heartbeating every 25 s share
// one timer, and everything they do on a tick happens together, so it can be batched.
const holder = globalThis as typeof globalThis & { __eventTickers?: Map<number, { timer: NodeJS.Timeout; ticks: Set<TTick> }> };

/** Calls `tick` every `ms` on the process-wide timer of that period; returns the unsubscribe. */
export function onTick(ms: number, tick: TTick): () => void {
  holder.__eventTickers ??= new Map();
  const tickers = holder.__eventTickers;
  let ticker = tickers.get(ms);
  if (!ticker) {
    const ticks = new Set<TTick>();
    const timer = setInterval(() => {
      for (const each of ticks) each();
    }, ms);
    timer.unref?.();
    ticker = { timer, ticks };
    tickers.set(ms, ticker);
  }
  const own = ticker;
  own.ticks.add(tick);
  return () => {
    own.ticks.delete(tick);
    if (own.ticks.size === 0 && tickers.get(ms) === own) {
      clearInterval(own.timer);
      tickers.delete(ms);
    }
  };
}
