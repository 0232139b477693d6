// CPU time of processes on this machine, read from /proc (Linux), in clock ticks (100 a second).
import { readdirSync, readFileSync } from "node:fs";

/** The fields of /proc/<pid>/stat after the command name (state is [0], ppid [1], utime [11]). */
function statOf(pid: number | string): string[] {
  return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
}

/** User plus system CPU of one process so far. */
export function cpuTicksOf(pid: number | string): number {
  const fields = statOf(pid);
  return Number(fields[11]) + Number(fields[12]);
}

function isPostgres(pid: string): boolean {
  return readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("postgres");
}

/**
 * PostgreSQL's CPU as a whole: its live processes, plus what its ended backends used, which the
 * postmaster holds as its reaped children's time (cutime, cstime). Without that, a pool
 * connection closed during a run took its CPU with it and a difference could be negative.
 */
export function postgresCpuTicks(): number {
  let sum = 0;
  for (const pid of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (!isPostgres(pid)) continue;
      const fields = statOf(pid);
      sum += Number(fields[11]) + Number(fields[12]);
      if (!isPostgres(fields[1]!)) sum += Number(fields[13]) + Number(fields[14]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return sum;
}
