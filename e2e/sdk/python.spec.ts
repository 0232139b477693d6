import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { WORLD_FILE, world } from "../support/world";

// The Python SDK's end-to-end suite (sdk/python/tests/e2e) against this run's service and fixture
// world, so both e2e database runs cover it. Python: $SDK_PYTHON, else sdk/python/.venv (see
// sdk/python/README.md), else python3 with the SDK's dependencies installed.

function python(): string {
  if (process.env.SDK_PYTHON) return process.env.SDK_PYTHON;
  const venv = path.join(process.cwd(), "sdk", "python", ".venv", "bin", "python");
  return existsSync(venv) ? venv : "python3";
}

function run(
  command: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ code: null, output: `${output}\n${error.message}` });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test("the Python SDK's e2e suite passes against the running service", async () => {
  test.setTimeout(240_000);
  const env = { E2E_WORLD_FILE: WORLD_FILE, E2E_BASE_URL: world().baseUrl, PYTHONDONTWRITEBYTECODE: "1" };
  const { code, output } = await run(
    python(),
    ["-m", "pytest", "sdk/python/tests/e2e", "-q", "--color=no", "-p", "no:cacheprovider"],
    env,
    220_000,
  );
  if (code !== 0) console.log(output);
  expect(code, output).toBe(0);
  // Every case ran: a skipped or deselected test would pass without proving anything.
  expect(output).toMatch(/\b\d+ passed\b/);
  expect(output).not.toMatch(/skipped|deselected|xfail/);
});
