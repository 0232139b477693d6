import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platformWithTemplate, provision, requestBody } from "../../../../../test/provisioning-kit";
import { startEngine, stopEngine, waitForTurn } from "../../../../../test/sessions-kit";
import { userActor } from "@/server/auth/authenticate";
import { db } from "@/server/db/client";
import { openSession } from "@/server/services/sessions/open-session";
import { runOnboarding } from "./run-onboarding";

beforeAll(async () => {
  await startEngine();
});

afterAll(async () => {
  await stopEngine();
});

describe("an onboarded customer's automations", () => {
  it("run: the copy of a template agent answers its owner's message", async () => {
    const world = await platformWithTemplate({ customerQuota: 10 });
    const provisioned = await provision(world.key, requestBody());
    expect(provisioned.status).toBe(202);
    const follower = await db().follower.findUniqueOrThrow({ where: { organizationId: provisioned.body.orgId } });
    await runOnboarding(follower.id);
    const copy = await db().automation.findUniqueOrThrow({
      where: {
        organizationId_templateKey: { organizationId: follower.organizationId, templateKey: world.source.greeterId },
      },
    });
    const owner = await userActor(follower.ownerUserId, follower.organizationId, "api_key", null);
    const opened = await openSession(owner!, {
      automationId: copy.id,
      message: "hello from the customer",
      origin: "api",
    });
    const turn = await waitForTurn(opened.executionId);
    expect({ status: turn.status, errorCode: turn.errorCode }).toEqual({ status: "COMPLETED", errorCode: null });
    const reply = await db().sessionMessage.findFirst({ where: { sessionId: opened.sessionId, role: "ASSISTANT" } });
    expect(reply?.body).toContain("hello from the customer");
  });
});
