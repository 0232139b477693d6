import { beforeAll, describe, expect, it } from "vitest";
import type { TPerson } from "../../../../test/agents-kit";
import { consoleAs, refusalOf } from "../../../../test/console-kit";
import { db } from "@/server/db/client";
import { domainsWorld } from "@/server/services/team-domains/test-kit";

// The console procedures as a signed-in person calls them: contracts refuse bad input with a
// sentence naming the field, services' refusals keep their code and status.

/** The first problem the contract found in a refused input: "name: must not be blank". */
async function inputIssue(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    const issues = (error as { cause?: { issues?: Array<{ path: PropertyKey[]; message: string }> } }).cause?.issues;
    return issues?.[0] ? `${issues[0].path.map(String).join(".")}: ${issues[0].message}` : String(error);
  }
}

const as = (who: { actor: TPerson["actor"] }) => consoleAs({ ...who, key: "", token: "" });

describe("teamDomains console procedures", () => {
  beforeAll(() => db().$queryRaw`SELECT 1`);

  it("refuses a blank, too long or unknown-field request with the field in the sentence", async () => {
    const { acme, people } = await domainsWorld();
    const console = await as(people.owner);
    expect(await inputIssue(console.teamDomains.create({ name: "   " }))).toBe("name: must not be blank");
    expect(await inputIssue(console.teamDomains.create({ name: "x".repeat(81) }))).toBe(
      "name: must be at most 80 characters",
    );
    expect(
      await inputIssue(
        console.teamDomains.addMember({
          domainId: acme.ops,
          userId: people.member.actor.userId,
          role: "ADMIN" as "OWNER",
        }),
      ),
    ).toBe("role: must be Owner, Editor, Operator or Viewer");
    expect(await refusalOf(console.teamDomains.listMembers({ domainId: "not-a-uuid" }))).toMatch(/^VALIDATION/);
  });

  it("trims the name, answers conflicts as 409 and other organizations as 404", async () => {
    const { acme, people } = await domainsWorld();
    const console = await as(people.owner);
    const { domain } = await console.teamDomains.create({ name: "  Support desk  " });
    expect(domain.name).toBe("Support desk");
    expect(await refusalOf(console.teamDomains.create({ name: "support DESK" }))).toBe("CONFLICT 409");
    expect(
      await refusalOf(
        console.teamDomains.addMember({ domainId: acme.ops, userId: people.globexOwner.actor.userId, role: "VIEWER" }),
      ),
    ).toBe("NOT_FOUND 404");
    expect(await refusalOf((await as(people.editor)).teamDomains.archive({ domainId: acme.ops }))).toBe(
      "FORBIDDEN 403",
    );
    const listed = await (await as(people.viewer)).teamDomains.list();
    expect(listed).toMatchObject({ canCreate: false, domains: [{ id: acme.ops, myRole: "VIEWER", canManage: false }] });
  });
});
