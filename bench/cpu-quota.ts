// Confines a process to a share of one core with the Linux cgroup cpu controller (v2's cpu.max,
// or v1's CFS quota), so a benchmark can show how a process scales when each copy has a core's
// share of its own, on a machine with fewer cores than the processes, PostgreSQL and the load.
// Needs root (or a delegated cgroup); says what is missing otherwise.
import { existsSync, mkdirSync, rmdirSync, writeFileSync } from "node:fs";

const PERIOD_US = 100_000;

function groupDirectory(name: string): { dir: string; limit: (share: number) => void } {
  if (existsSync("/sys/fs/cgroup/cgroup.controllers")) {
    const dir = `/sys/fs/cgroup/${name}`;
    return { dir, limit: (share) => writeFileSync(`${dir}/cpu.max`, `${Math.round(share * PERIOD_US)} ${PERIOD_US}`) };
  }
  if (existsSync("/sys/fs/cgroup/cpu/cgroup.procs")) {
    const dir = `/sys/fs/cgroup/cpu/${name}`;
    return {
      dir,
      limit: (share) => {
        writeFileSync(`${dir}/cpu.cfs_period_us`, String(PERIOD_US));
        writeFileSync(`${dir}/cpu.cfs_quota_us`, String(Math.round(share * PERIOD_US)));
      },
    };
  }
  throw new Error("--cpu-quota needs the cgroup cpu controller at /sys/fs/cgroup (v2) or /sys/fs/cgroup/cpu (v1)");
}

/** Moves `pid` into a cgroup of its own limited to `share` of one core; returns its removal. */
export function confineToCpuShare(pid: number, share: number, name: string): () => void {
  const { dir, limit } = groupDirectory(name);
  try {
    mkdirSync(dir, { recursive: true });
    limit(share);
    writeFileSync(`${dir}/cgroup.procs`, String(pid));
  } catch (error) {
    throw new Error(
      `--cpu-quota could not confine process ${pid} in ${dir} (run as root): ${(error as Error).message}`,
    );
  }
  return () => {
    try {
      rmdirSync(dir);
    } catch {
      // Still busy (the process has not exited yet) or already gone: the kernel keeps an empty group harmlessly.
    }
  };
}
