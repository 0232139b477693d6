import { describe, expect, it } from "vitest";
import { createUser } from "../../../../test/factories";
import { db } from "@/server/db/client";
import { grantOperator } from "./grant-operator";
import { isInstanceOperator } from "./is-instance-operator";
import { listOperators } from "./list-operators";
import { revokeOperator } from "./revoke-operator";

async function operator() {
  const user = await createUser();
  await db().user.update({ where: { id: user.id }, data: { isInstanceOperator: true } });
  return user;
}

describe("instance operators", () => {
  it("grants an existing person by email (any case), lists them, and revokes them", async () => {
    const me = await operator();
    const person = await createUser();
    expect(await isInstanceOperator(person.id)).toBe(false);
    const { operator: granted } = await grantOperator({ email: ` ${person.email.toUpperCase()} ` });
    expect(granted).toEqual({ userId: person.id, email: person.email, name: person.name, disabled: false });
    expect(await isInstanceOperator(person.id)).toBe(true);
    const listed = (await listOperators()).operators.map((entry) => entry.userId);
    expect(listed).toEqual(expect.arrayContaining([me.id, person.id]));

    await revokeOperator({ actorUserId: me.id, userId: person.id });
    expect(await isInstanceOperator(person.id)).toBe(false);
    expect((await listOperators()).operators.map((entry) => entry.userId)).not.toContain(person.id);
  });

  it("refuses to let an operator revoke themself", async () => {
    const me = await operator();
    await expect(revokeOperator({ actorUserId: me.id, userId: me.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("your own operator rights"),
    });
    expect(await isInstanceOperator(me.id)).toBe(true);
  });

  it("refuses an unknown email, a disabled person, and revoking someone who is not an operator", async () => {
    const me = await operator();
    await expect(grantOperator({ email: "nobody@example.test" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: expect.stringContaining("nobody@example.test"),
    });
    const disabled = await createUser({ disabled: true });
    await expect(grantOperator({ email: disabled.email })).rejects.toMatchObject({ code: "CONFLICT" });
    const plain = await createUser();
    await expect(revokeOperator({ actorUserId: me.id, userId: plain.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("does not count a disabled operator", async () => {
    const user = await operator();
    await db().user.update({ where: { id: user.id }, data: { disabledAt: new Date() } });
    expect(await isInstanceOperator(user.id)).toBe(false);
  });
});
