import { expect, test, type APIRequestContext } from "@playwright/test";
import { bearer, cookieHeader, world, type TWorldUser } from "../support/world";
import { editorText } from "./code-editor";
import { useFixtureSession } from "./helpers";

// Issue 41's newcomer traps, as a person meets them in the console: a new agent gets a model
// that runs its procedure (and Verify says when the model will not call its tools), and a
// flow's ready call carries an input its declared inputs accept, with no uuidgen.

const acme = () => world().orgs.acme;
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** A console tRPC call with the user's cookie, from the console's own origin. */
async function consoleCall<T>(
  request: APIRequestContext,
  baseURL: string,
  user: TWorldUser,
  path: string,
  input: unknown,
) {
  const response = await request.post(`/api/trpc/${path}`, {
    headers: { ...cookieHeader(user), "content-type": "application/json", origin: baseURL },
    data: input,
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

test.describe("newcomer traps (a)", () => {
  test("a new agent defaults to the model that runs its procedure, and Verify warns when the model will not call its tools", async ({
    page,
    context,
    baseURL,
  }) => {
    await useFixtureSession(context, acme().users.editor, baseURL!);
    const name = `Traps agent ${unique()}`;
    await page.goto(`/domains/${acme().domains.ops.id}/agents/new`);
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: "Create agent" }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    const model = page.getByRole("combobox", { name: "Model" });
    await expect(model).toHaveValue("builtin:procedure");
    await expect(model).toHaveAccessibleDescription(/builtin:procedure: Runs the procedure's call lines/);

    // A procedure in prose: builtin:procedure would call nothing, and Verify says so in words.
    const procedure = page.getByRole("textbox", { name: "Procedure" });
    await procedure.fill("Look the order up with #service.http.get and tell the customer.");
    await expect.poll(() => editorText(procedure)).toContain("#service.http.get and tell");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("save-state")).toHaveText("All changes saved");
    const panel = page.getByTestId("verify-panel");
    await page.getByRole("button", { name: "Verify draft" }).click();
    await expect(panel).toContainText("The model will not call these tools");
    await expect(panel).toContainText(
      "The model builtin:procedure calls only lines that name a tool followed by a JSON object of arguments",
    );

    // builtin:echo never calls tools, whatever the procedure says.
    await model.fill("builtin:echo");
    await expect(model).toHaveAccessibleDescription(/builtin:echo: Repeats the message and never calls tools/);
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByTestId("save-state")).toHaveText("All changes saved");
    await page.getByRole("button", { name: "Verify draft" }).click();
    await expect(panel).toContainText("The model builtin:echo only repeats the message and never calls tools");
  });

  test("a flow's ready call carries an input its declared inputs accept, makes its key without uuidgen, and starts the flow", async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const editor = acme().users.editor;
    const ops = acme().domains.ops.id;
    const { id: flowId } = await consoleCall<{ id: string }>(request, baseURL!, editor, "flows.create", {
      domainId: ops,
      name: `Traps flow ${unique()}`,
      graph: {
        inputSchema: {
          type: "object",
          properties: { orderId: { type: "string" }, quantity: { type: "integer", minimum: 1 } },
          required: ["orderId", "quantity"],
          additionalProperties: false,
        },
        steps: [{ id: "summary", kind: "transform", output: { order: "{{input.orderId}}" } }],
      },
    });
    await consoleCall(request, baseURL!, editor, "flows.publish", { id: flowId, changeNote: "e2e" });
    const { trigger } = await consoleCall<{ trigger: { id: string } }>(request, baseURL!, editor, "triggers.create", {
      type: "api",
      domainId: ops,
      name: `Traps trigger ${unique()}`,
    });
    await consoleCall(request, baseURL!, editor, "triggers.subscribe", { triggerId: trigger.id, automationId: flowId });

    await useFixtureSession(context, editor, baseURL!);
    await page.goto(`/flows/${flowId}`);
    const curl = page.getByLabel("Call this flow with curl");
    await expect(curl).toContainText(`"triggerId": "${trigger.id}"`);
    await expect(curl).toContainText(`"input": {"orderId":"example orderId","quantity":1}`);
    await expect(curl).toContainText('-H "Idempotency-Key: ready-$(date +%s)-$RANDOM"');
    await expect(curl).not.toContainText("uuidgen");
    await page.getByRole("tab", { name: "TypeScript SDK" }).click();
    await expect(page.getByLabel("Call this flow with the TypeScript SDK")).toContainText(
      `input: {"orderId":"example orderId","quantity":1}`,
    );

    // The call as copied starts the flow; `{}` (the old ready call) is refused for it instead.
    const fire = (input: unknown, key: string) =>
      request.post("/api/v1/triggers/fire", {
        headers: { ...bearer(editor.apiKey), "idempotency-key": key },
        data: { triggerId: trigger.id, input },
      });
    const copied = await fire({ orderId: "example orderId", quantity: 1 }, `ready-${unique()}`);
    expect(copied.status(), await copied.text()).toBe(202);
    expect(((await copied.json()) as { sessions: Array<{ automationId: string }> }).sessions).toEqual([
      expect.objectContaining({ automationId: flowId }),
    ]);
    const empty = await fire({}, `ready-${unique()}`);
    expect(empty.status()).toBe(202);
    expect(((await empty.json()) as { sessions: unknown[] }).sessions).toEqual([]);
  });
});
