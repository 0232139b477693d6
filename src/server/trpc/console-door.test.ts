import { describe, expect, it } from "vitest";
import { appRouter } from "@/server/routers/root";
import { createContext } from "./context";
import { createApiKeyFor, memberOfNewOrg } from "../../../test/factories";
import { partnerPlatform, seedFollower } from "../../../test/partner-kit";

// The console's /api/trpc serves the whole router, so a bearer credential sent there would reach
// machine procedures without their surface's rate limits and refusals: it answers 404 instead,
// while the same credential keeps working on its own surface.

const callerWith = (token: string, surface: "console" | "v1" | "partner-v1") =>
  appRouter.createCaller(
    createContext(new Request("http://127.0.0.1/api/x", { headers: { authorization: `Bearer ${token}` } }), surface),
  );

describe("bearer credentials on the console's door", () => {
  it("a yk_ key reaches a v1 procedure through /api/v1 and never through /api/trpc", async () => {
    const { organization, user } = await memberOfNewOrg("OWNER");
    const { token } = await createApiKeyFor(user.id, organization.id);
    await expect(callerWith(token, "v1").webhookEvents.list({})).resolves.toEqual({ items: [], nextCursor: null });
    await expect(callerWith(token, "console").webhookEvents.list({})).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a ykp_ key reaches a partner procedure through /api/partner/v1 and never through /api/trpc", async () => {
    const partner = await partnerPlatform();
    const follower = await seedFollower(partner.platform.id);
    const orgId = follower.organization.id;
    await expect(
      callerWith(partner.key, "partner-v1").partnerEntitlements.listEntitlements({ orgId }),
    ).resolves.toBeDefined();
    await expect(
      callerWith(partner.key, "console").partnerEntitlements.listEntitlements({ orgId }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
