import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEngine, stopEngine } from "../../../test/sessions-kit";
import { ready } from "@/server/db/client";
import { queueConnection, runningQueue } from "./queue";

describe("the job queue's own connections", () => {
  beforeAll(async () => {
    await startEngine({ workers: false });
  });
  afterAll(stopEngine);

  const setting = async (name: string) => {
    const { rows } = (await runningQueue()!.boss.getDb().executeSql(`SELECT current_setting('${name}') AS value`)) as {
      rows: Array<{ value: string }>;
    };
    return rows[0]?.value;
  };

  it.skipIf(!process.env.TEST_DB?.startsWith("postgres"))(
    "commit job state changes without waiting for the WAL flush",
    async () => {
      expect(await setting("synchronous_commit")).toBe("off");
    },
  );

  it.skipIf(!process.env.TEST_DB?.startsWith("postgres"))(
    "keeps a deployment's own connection options beside its own",
    async () => {
      const url = new URL((await ready()).connectionString!);
      url.searchParams.set("options", "-c statement_timeout=4321 -c application_name=deployed");
      const client = new pg.Client(queueConnection(url.toString()));
      await client.connect();
      try {
        const show = async (name: string) =>
          ((await client.query(`SELECT current_setting('${name}') AS value`)).rows[0] as { value: string }).value;
        expect(await show("statement_timeout")).toBe("4321ms");
        expect(await show("application_name")).toBe("deployed");
        expect(await show("synchronous_commit")).toBe("off");
      } finally {
        await client.end();
      }
    },
  );
});

describe("queueConnection", () => {
  it("moves the URL's options beside the queue's, whatever the URL's form, and replaces each connection after a minute", () => {
    expect(queueConnection("postgresql://app@/service?host=/run/postgresql&options=-c%20search_path%3Dtenant")).toEqual(
      {
        connectionString: "postgresql://app@/service?host=%2Frun%2Fpostgresql",
        options: "-c search_path=tenant -c synchronous_commit=off",
        max: 5,
        maxLifetimeSeconds: 60,
      },
    );
    expect(queueConnection("postgresql://app:secret@db:5432/service")).toEqual({
      connectionString: "postgresql://app:secret@db:5432/service",
      options: "-c synchronous_commit=off",
      max: 5,
      maxLifetimeSeconds: 60,
    });
  });
});
