import { expect, test, type APIRequestContext } from "@playwright/test";
import { acme, authoringCredentials, expectError, expectStatus, globex, repeat } from "../support/api";
import { bearer } from "../support/world";

// Section 4.3 (agents), black-box against the running service with the fixture world.
const create = (domainId: string, extra: Record<string, unknown> = {}) => ({
  data: { domainId, name: "Support triage", ...extra },
});

test.describe("POST /authoring/automations", () => {
  test("creates a draft agent for an Owner or Editor, with yk_ and with yku_", async ({ request }) => {
    for (const who of ["owner", "editor"] as const) {
      const { yk, yku } = await authoringCredentials(request, acme().users[who]);
      for (const headers of [yk, yku]) {
        const body = await expectStatus(
          await request.post("/api/v1/authoring/automations", {
            headers,
            ...create(acme().domains.ops.id, { name: "  Triage  ", description: " Sorts tickets " }),
          }),
          201,
        );
        expect(body).toEqual({
          id: expect.any(String),
          domainId: acme().domains.ops.id,
          name: "Triage",
          description: "Sorts tickets",
          kind: "agent",
        });
      }
    }
  });

  test("description is null when omitted", async ({ request }) => {
    const headers = bearer(acme().users.owner.apiKey);
    const body = await expectStatus(
      await request.post("/api/v1/authoring/automations", { headers, ...create(acme().domains.ops.id) }),
      201,
    );
    expect(body.description).toBeNull();
  });

  test("refuses Operators, Viewers, outsiders and org Admins without domain membership with 403 FORBIDDEN", async ({
    request,
  }) => {
    for (const who of ["operator", "viewer", "outsider", "orgAdmin"] as const) {
      const response = await request.post("/api/v1/authoring/automations", {
        headers: bearer(acme().users[who].apiKey),
        ...create(acme().domains.ops.id),
      });
      await expectError(response, 403, "FORBIDDEN");
    }
  });

  test("answers 404 for another organization's domain, unknown domains and bad credentials", async ({ request }) => {
    const headers = bearer(acme().users.owner.apiKey);
    await expectError(
      await request.post("/api/v1/authoring/automations", { headers, ...create(globex().domains.main.id) }),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await request.post("/api/v1/authoring/automations", { headers, ...create(crypto.randomUUID()) }),
      404,
      "NOT_FOUND",
    );
    for (const authorization of [undefined, "Bearer yk_nope", `Bearer ${acme().users.owner.apiKey.slice(0, -2)}xx`]) {
      const response = await request.post("/api/v1/authoring/automations", {
        headers: authorization ? { authorization } : {},
        ...create(acme().domains.ops.id),
      });
      await expectError(response, 404, "NOT_FOUND");
    }
  });

  test("enforces bounds and strict bodies with 400 VALIDATION", async ({ request }) => {
    const headers = bearer(acme().users.owner.apiKey);
    const ops = acme().domains.ops.id;
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ domainId: ops, name: repeat(120) }, 201],
      [{ domainId: ops, name: repeat(121) }, 400],
      [{ domainId: ops, name: "   " }, 400],
      [{ domainId: ops, name: "x", description: repeat(2000) }, 201],
      [{ domainId: ops, name: "x", description: repeat(2001) }, 400],
      [{ domainId: "not-a-uuid", name: "x" }, 400],
      [{ name: "x" }, 400],
      [{ domainId: ops, name: "x", colour: "red" }, 400],
      [{ domainId: ops, name: "x", initialSetup: { procedure: "p", extra: 1 } }, 400],
      [
        {
          domainId: ops,
          name: "x",
          initialSetup: {
            principles: repeat(100_000),
            procedure: repeat(200_000),
            model: "builtin:echo",
            approvalTools: Array(50).fill("t"),
          },
        },
        201,
      ],
      [{ domainId: ops, name: "x", initialSetup: { principles: repeat(100_001) } }, 400],
      [{ domainId: ops, name: "x", initialSetup: { procedure: repeat(200_001) } }, 400],
      [{ domainId: ops, name: "x", initialSetup: { model: "  " } }, 400],
      [{ domainId: ops, name: "x", initialSetup: { approvalTools: Array(51).fill("t") } }, 400],
      [{ domainId: ops, name: "x", initialSetup: { approvalTools: [repeat(101)] } }, 400],
      [{ domainId: ops, name: "x", initialSetup: { approvalTools: [""] } }, 400],
    ];
    for (const [data, status] of cases) {
      const response = await request.post("/api/v1/authoring/automations", { headers, data });
      if (status === 400) await expectError(response, 400, "VALIDATION");
      else await expectStatus(response, status);
    }
  });
});

test.describe("draft setup, verify and publish", () => {
  async function newAgent(request: APIRequestContext, procedure = "") {
    const headers = bearer(acme().users.editor.apiKey);
    const agent = await expectStatus(
      await request.post("/api/v1/authoring/automations", {
        headers,
        data: { domainId: acme().domains.ops.id, name: "Flowless", initialSetup: { procedure } },
      }),
      201,
    );
    return { id: agent.id as string, headers };
  }

  test("PATCH setup changes only the given fields and creates no revision", async ({ request }) => {
    const { id, headers } = await newAgent(request, "Say hello.");
    const patched = await expectStatus(
      await request.patch(`/api/v1/authoring/automations/${id}/setup`, { headers, data: { principles: "Be brief." } }),
      200,
    );
    expect(patched.setup).toMatchObject({ principles: "Be brief.", procedure: "Say hello." });
    expect(Object.keys(patched.setup).sort()).toEqual([
      "actionClasses",
      "approvalTools",
      "model",
      "principles",
      "procedure",
    ]);
    const first = await expectStatus(
      await request.post(`/api/v1/authoring/automations/${id}/publish`, { headers, data: {} }),
      201,
    );
    expect(first.revision).toBe(1);
    await expectStatus(
      await request.patch(`/api/v1/authoring/automations/${id}/setup`, {
        headers,
        data: { procedure: "Say goodbye." },
      }),
      200,
    );
    const second = await expectStatus(
      await request.post(`/api/v1/authoring/automations/${id}/publish`, { headers, data: { changeNote: "Goodbyes" } }),
      201,
    );
    expect(second.revision).toBe(2);
    await expectError(
      await request.patch(`/api/v1/authoring/automations/${id}/setup`, {
        headers,
        data: { procedure: "x", bogus: true },
      }),
      400,
      "VALIDATION",
    );
    await expectError(
      await request.post(`/api/v1/authoring/automations/${id}/publish`, {
        headers,
        data: { changeNote: repeat(2001) },
      }),
      400,
      "VALIDATION",
    );
  });

  test("verify reports an unresolved #ref with its span and a proposal; publish refuses with 422", async ({
    request,
  }) => {
    const procedure = "First call #service.http.gett with the order.";
    const { id, headers } = await newAgent(request, procedure);
    const verify = await expectStatus(
      await request.get(`/api/v1/authoring/automations/${id}/verify`, { headers }),
      200,
    );
    const finding = verify.findings.find((item: { kind: string }) => item.kind === "unresolved_ref");
    expect(finding).toBeTruthy();
    expect(procedure.slice(finding.span.start, finding.span.end)).toBe("#service.http.gett");
    expect(finding.proposal).toBe("#service.http.get");
    expect(Array.isArray(verify.warnings)).toBe(true);
    const refused = await expectError(
      await request.post(`/api/v1/authoring/automations/${id}/publish`, { headers, data: {} }),
      422,
      "VALIDATION",
    );
    const findings = refused.details?.findings as Array<{ message: string; span: unknown }>;
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0]!.message.length).toBeGreaterThan(0);
    expect(findings[0]!.span).toBeTruthy();
  });

  test("verify derives the planned belt and warns about tool ids written without #", async ({ request }) => {
    const procedure = "Look it up with #service.http.get then #service.knowledge.search, or service.http.post.";
    const { id, headers } = await newAgent(request, procedure);
    const verify = await expectStatus(
      await request.get(`/api/v1/authoring/automations/${id}/verify`, { headers }),
      200,
    );
    expect(verify.findings).toEqual([]);
    expect(verify.plannedBelt).toEqual([
      { integrationId: "service.http", identityMode: "service" },
      { integrationId: "service.knowledge", identityMode: "service" },
    ]);
    expect(verify.warnings.map((warning: { kind: string }) => warning.kind)).toContain("unreferenced_tool_id");
    const published = await expectStatus(
      await request.post(`/api/v1/authoring/automations/${id}/publish`, { headers }),
      201,
    );
    expect(published).toEqual({ revision: 1, belt: verify.plannedBelt });
  });

  test("verify warns empty_belt for a procedure that references no tool", async ({ request }) => {
    const { id, headers } = await newAgent(request, "Answer politely.");
    const verify = await expectStatus(
      await request.get(`/api/v1/authoring/automations/${id}/verify`, { headers }),
      200,
    );
    expect(verify.warnings.map((warning: { kind: string }) => warning.kind)).toContain("empty_belt");
  });

  test("routes refuse other roles with 403 and other organizations with 404", async ({ request }) => {
    const { id } = await newAgent(request, "Hi.");
    for (const who of ["operator", "viewer"] as const) {
      const headers = bearer(acme().users[who].apiKey);
      await expectError(
        await request.patch(`/api/v1/authoring/automations/${id}/setup`, { headers, data: {} }),
        403,
        "FORBIDDEN",
      );
      await expectError(await request.get(`/api/v1/authoring/automations/${id}/verify`, { headers }), 403, "FORBIDDEN");
      await expectError(
        await request.post(`/api/v1/authoring/automations/${id}/publish`, { headers }),
        403,
        "FORBIDDEN",
      );
    }
    const outsider = bearer(globex().users.owner.apiKey);
    await expectError(
      await request.patch(`/api/v1/authoring/automations/${id}/setup`, { headers: outsider, data: {} }),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await request.get(`/api/v1/authoring/automations/${id}/verify`, { headers: outsider }),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await request.post(`/api/v1/authoring/automations/${id}/publish`, { headers: outsider }),
      404,
      "NOT_FOUND",
    );
    await expectError(
      await request.get(`/api/v1/authoring/automations/${crypto.randomUUID()}/verify`, {
        headers: bearer(acme().users.owner.apiKey),
      }),
      404,
      "NOT_FOUND",
    );
  });

  test("knowledge selection needs manage_knowledge and normalizes module ids", async ({ request }) => {
    const { id, headers } = await newAgent(request, "Hi.");
    const none = await expectStatus(
      await request.put(`/api/v1/authoring/automations/${id}/knowledge-selection`, {
        headers,
        data: { mode: "domain" },
      }),
      200,
    );
    expect(none).toEqual({ mode: "domain", moduleIds: [] });
    await expectError(
      await request.put(`/api/v1/authoring/automations/${id}/knowledge-selection`, {
        headers,
        data: { mode: "everything" },
      }),
      400,
      "VALIDATION",
    );
    await expectError(
      await request.put(`/api/v1/authoring/automations/${id}/knowledge-selection`, {
        headers,
        data: { mode: "modules", moduleIds: Array.from({ length: 101 }, () => crypto.randomUUID()) },
      }),
      400,
      "VALIDATION",
    );
    await expectError(
      await request.put(`/api/v1/authoring/automations/${id}/knowledge-selection`, {
        headers: bearer(acme().users.operator.apiKey),
        data: { mode: "none" },
      }),
      403,
      "FORBIDDEN",
    );
    await expectError(
      await request.put(`/api/v1/authoring/automations/${id}/knowledge-selection`, {
        headers: bearer(globex().users.owner.apiKey),
        data: { mode: "none" },
      }),
      404,
      "NOT_FOUND",
    );
    const module = await expectStatus(
      await request.post("/api/v1/authoring/knowledge-modules", {
        headers,
        data: { kind: "domain", domainId: acme().domains.ops.id, name: "Runbooks" },
      }),
      201,
    );
    const selected = await expectStatus(
      await request.put(`/api/v1/authoring/automations/${id}/knowledge-selection`, {
        headers,
        data: { mode: "modules", moduleIds: [module.id, module.id] },
      }),
      200,
    );
    expect(selected).toEqual({ mode: "modules", moduleIds: [module.id] });
  });
});
