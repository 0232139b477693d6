import { describe, expect, it } from "vitest";
import type { TSetup } from "@/contracts/agents/setup";
import { modelAvailability } from "@/server/models/registry";
import { verifySetup, type TVerifyInput } from "./verify-setup";
import { spanOf, TOOLS } from "./setup-test-tools";

/** A provider model (configured here) reads prose: only the model tests below meet the built-ins' limits. */
const WITH_OPENAI = { OPENAI_API_KEY: "sk-test" };

function verify(setup: Partial<TSetup>, extra: Partial<TVerifyInput> = {}) {
  return verifySetup({
    modelAvailability: (model) => modelAvailability(model, WITH_OPENAI),
    setup: {
      principles: "",
      procedure: "",
      model: "openai:gpt-4o",
      approvalTools: [],
      actionClasses: {},
      ...setup,
    },
    bindingPolicies: {},
    knowledgeSelection: { mode: "org", moduleIds: [] },
    tools: TOOLS,
    ...extra,
  });
}

describe("verifySetup findings", () => {
  it("accepts a procedure whose references all resolve", () => {
    const result = verify({ procedure: "Read with #service.http.get then write with #service.http.post." });
    expect(result.findings).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it("reports each unresolved reference with its span and the closest proposal", () => {
    const procedure = "Step 1: #service.http.gett.\nStep 2: #nothing.like.this, then #service.http.get";
    const { findings } = verify({ procedure });
    expect(findings).toEqual([
      {
        kind: "unresolved_ref",
        span: spanOf(procedure, "#service.http.gett"),
        detail: expect.stringContaining("#service.http.gett"),
        proposal: "#service.http.get",
      },
      {
        kind: "unresolved_ref",
        span: spanOf(procedure, "#nothing.like.this"),
        detail: expect.any(String),
        proposal: null,
      },
    ]);
    expect(findings[0]!.detail).toContain("Did you mean #service.http.get?");
  });

  it("reports every occurrence of the same unresolved reference", () => {
    const procedure = "#x.y and again #x.y";
    expect(verify({ procedure }).findings.map((finding) => finding.span)).toEqual([
      spanOf(procedure, "#x.y"),
      spanOf(procedure, "#x.y", 1),
    ]);
  });

  it("reports approval tools that name no visible tool, with the index and no span", () => {
    const { findings } = verify({
      procedure: "#service.http.post",
      approvalTools: ["service.http.post", "service.http.postt", "#service.http.post", "nope"],
    });
    expect(findings).toEqual([
      {
        kind: "unknown_approval_tool",
        span: null,
        detail: expect.stringContaining("approvalTools[1]"),
        proposal: "service.http.post",
      },
      {
        kind: "unknown_approval_tool",
        span: null,
        detail: expect.stringContaining("approvalTools[2]"),
        proposal: "service.http.post",
      },
      {
        kind: "unknown_approval_tool",
        span: null,
        detail: expect.stringContaining("approvalTools[3]"),
        proposal: null,
      },
    ]);
  });

  it("reports an unavailable model without a span", () => {
    const { findings } = verify(
      { model: "openai:gpt-4o" },
      { modelAvailability: () => ({ available: false, reason: "OPENAI_API_KEY is not set" }) },
    );
    expect(findings).toEqual([
      { kind: "unavailable_model", span: null, detail: "OPENAI_API_KEY is not set", proposal: null },
    ]);
    expect(verify({ model: "builtin:nope" }).findings.map((finding) => finding.kind)).toEqual(["unavailable_model"]);
    expect(verify({ model: "builtin:echo" }).findings).toEqual([]);
  });

  it("reports selected knowledge modules that are gone", () => {
    const id = crypto.randomUUID();
    const { findings } = verify(
      {},
      { knowledgeSelection: { mode: "modules", moduleIds: [id] }, missingModuleIds: [id] },
    );
    expect(findings).toEqual([
      { kind: "unknown_knowledge_module", span: null, detail: expect.stringContaining(id), proposal: null },
    ]);
  });

  it("lists findings in a stable order: references, approval tools, action classes, model, knowledge", () => {
    const id = crypto.randomUUID();
    const result = verify(
      { procedure: "#bad.ref", approvalTools: ["bad"], actionClasses: { bad: "purchase" }, model: "nope" },
      { missingModuleIds: [id] },
    );
    expect(result.findings.map((finding) => finding.kind)).toEqual([
      "unresolved_ref",
      "unknown_approval_tool",
      "unknown_action_tool",
      "unavailable_model",
      "unknown_knowledge_module",
    ]);
  });
});

describe("verifySetup action classes", () => {
  it("accepts classes for tools of integrations the procedure references", () => {
    const result = verify({
      procedure: "#acme.crm.list_contacts",
      actionClasses: { "acme.crm.create_contact": "message.send", "acme.crm.list_contacts": "inbox.tidy" },
    });
    expect(result.findings).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it("reports a key that names no visible tool, with the closest tool as a bare wire id", () => {
    const { findings } = verify({
      procedure: "#acme.crm.list_contacts",
      actionClasses: {
        "acme.crm.create_contct": "email.send",
        "#acme.crm.create_contact": "email.send",
        nope: "purchase",
      },
    });
    expect(findings).toEqual([
      {
        kind: "unknown_action_tool",
        span: null,
        detail:
          'actionClasses["acme.crm.create_contct"] names no tool this organization can use. Did you mean acme.crm.create_contact?',
        proposal: "acme.crm.create_contact",
      },
      {
        kind: "unknown_action_tool",
        span: null,
        detail: expect.stringContaining('actionClasses["#acme.crm.create_contact"]'),
        proposal: "acme.crm.create_contact",
      },
      {
        kind: "unknown_action_tool",
        span: null,
        detail: 'actionClasses["nope"] names no tool this organization can use.',
        proposal: null,
      },
    ]);
  });

  it("refuses a tool whose integration the procedure never references, since the agent could never call it", () => {
    const { findings } = verify({
      procedure: "#service.http.get",
      actionClasses: { "acme.crm.create_contact": "message.send" },
    });
    expect(findings).toEqual([
      { kind: "action_tool_outside_belt", span: null, detail: expect.stringContaining("acme.crm"), proposal: null },
    ]);
    expect(findings[0]!.detail).toContain("Reference #acme.crm.create_contact");
  });

  it("refuses a tool that is both an approval tool and classified, and says how to decide", () => {
    const { findings } = verify({
      procedure: "#service.http.post",
      approvalTools: ["service.http.post"],
      actionClasses: { "service.http.post": "purchase" },
    });
    expect(findings).toEqual([
      {
        kind: "action_tool_in_approval_tools",
        span: null,
        detail:
          "actionClasses[\"service.http.post\"] (purchase) is also in approvalTools: decide one way: approvalTools is for people approving in a customer's sessions, actionClasses for an assistant worker's policy.",
        proposal: null,
      },
    ]);
    // Another tool of the same integration may be in either field.
    expect(
      verify({
        procedure: "#service.http.post",
        approvalTools: ["service.http.put"],
        actionClasses: { "service.http.post": "purchase" },
      }).findings,
    ).toEqual([]);
  });
});

describe("verifySetup planned belt", () => {
  it("lists each referenced integration once, in first-reference order, resolved references only", () => {
    const procedure =
      "#acme.crm.list_contacts, #unknown.tool, #service.http.get, #acme.crm.create_contact, #service.knowledge.search, #service.http.post";
    expect(verify({ procedure }).plannedBelt).toEqual([
      { integrationId: "acme.crm", identityMode: "service" },
      { integrationId: "service.http", identityMode: "service" },
      { integrationId: "service.knowledge", identityMode: "service" },
    ]);
  });

  it("binds with the author's policy, and service.knowledge always as service", () => {
    const procedure = "#service.http.get #service.knowledge.search #acme.crm.list_contacts";
    const { plannedBelt } = verify(
      { procedure },
      {
        bindingPolicies: {
          "service.http": "caller_preferred",
          "service.knowledge": "caller_required",
          "acme.crm": "caller_required",
          "other.thing": "caller_required",
        },
      },
    );
    expect(plannedBelt).toEqual([
      { integrationId: "service.http", identityMode: "caller_preferred" },
      { integrationId: "service.knowledge", identityMode: "service" },
      { integrationId: "acme.crm", identityMode: "caller_required" },
    ]);
  });

  it("is empty for an empty procedure", () => {
    expect(verify({ procedure: "" }).plannedBelt).toEqual([]);
  });
});

describe("verifySetup warnings", () => {
  it("warns about an empty belt only when the procedure has text", () => {
    expect(verify({ procedure: "Be nice to people." }).warnings).toEqual([
      { kind: "empty_belt", span: null, detail: expect.any(String) },
    ]);
    expect(verify({ procedure: "Only #bad.ref here" }).warnings.map((warning) => warning.kind)).toEqual(["empty_belt"]);
    expect(verify({ procedure: "" }).warnings).toEqual([]);
    expect(verify({ procedure: "  \n\t " }).warnings).toEqual([]);
  });

  it("warns once per tool id written without #, with its span, and never blocks", () => {
    const procedure =
      "Use service.http.get to read. Then #service.http.post, then service.http.get: done; acme.crm.list_contacts.";
    const result = verify({ procedure });
    expect(result.findings).toEqual([]);
    expect(result.warnings).toEqual([
      {
        kind: "unreferenced_tool_id",
        span: spanOf(procedure, "service.http.get"),
        detail: expect.stringContaining("#service.http.get"),
      },
      { kind: "unreferenced_tool_id", span: spanOf(procedure, "service.http.get", 1), detail: expect.any(String) },
      { kind: "unreferenced_tool_id", span: spanOf(procedure, "acme.crm.list_contacts"), detail: expect.any(String) },
    ]);
    expect(verify({ procedure: "#service.http.get" }).warnings).toEqual([]);
  });

  it("warns about approval tools whose integration the procedure never references", () => {
    const result = verify({ procedure: "#service.knowledge.search", approvalTools: ["service.http.post"] });
    expect(result.findings).toEqual([]);
    expect(result.warnings).toEqual([
      { kind: "approval_tool_outside_belt", span: null, detail: expect.stringContaining("service.http") },
    ]);
    expect(verify({ procedure: "#service.http.get", approvalTools: ["service.http.post"] }).warnings).toEqual([]);
  });

  it("warns when the knowledge tool is referenced but no knowledge is selected", () => {
    const procedure = "#service.knowledge.search";
    expect(
      verify({ procedure }, { knowledgeSelection: { mode: "none", moduleIds: [] } }).warnings.map(
        (warning) => warning.kind,
      ),
    ).toEqual(["knowledge_search_without_selection"]);
    expect(verify({ procedure }, { knowledgeSelection: { mode: "modules", moduleIds: [] } }).warnings).toHaveLength(1);
    expect(verify({ procedure }, { knowledgeSelection: { mode: "domain", moduleIds: [] } }).warnings).toEqual([]);
  });
});

describe("verifySetup: a model that will not call the procedure's tools", () => {
  it("warns in words when builtin:echo meets a procedure that references tools, and never blocks", () => {
    const result = verify({
      model: "builtin:echo",
      procedure: 'Read #service.http.get {"url": "https://example.com"}',
    });
    expect(result.findings).toEqual([]);
    expect(result.warnings).toEqual([
      {
        kind: "model_cannot_call_tools",
        span: null,
        detail:
          "The model builtin:echo only repeats the message and never calls tools, so the tools this procedure references (#service.http.get) will not run. Choose builtin:procedure to run the procedure's tool lines, or a provider model to follow it in prose.",
      },
    ]);
    // Nothing to warn about without tools, or with a model that calls them.
    expect(verify({ model: "builtin:echo", procedure: "Be nice." }).warnings.map((w) => w.kind)).toEqual([
      "empty_belt",
    ]);
    expect(verify({ model: "openai:gpt-4o", procedure: "Read with #service.http.get." }).warnings).toEqual([]);
  });

  it("warns when builtin:procedure has no call line to run, showing one with the tool's own arguments", () => {
    const procedure = "Search #service.knowledge.search, then answer.";
    const [warning] = verify({ model: "builtin:procedure", procedure }).warnings;
    expect(warning).toEqual({ kind: "model_cannot_call_tools", span: null, detail: expect.any(String) });
    expect(warning!.detail).toContain('e.g. #service.knowledge.search {"query":"{{message}}"}');
    expect(warning!.detail).toContain("no line of this procedure is one, so the agent will call no tool");
    // One call line is enough: the model runs it.
    const callLine = '#service.http.get {"url": "https://example.com"}\nThen #service.http.post.';
    expect(verify({ model: "builtin:procedure", procedure: callLine }).warnings).toEqual([]);
  });

  it("is listed first among the warnings, before those of the procedure text", () => {
    const procedure = "Use service.http.get and #service.knowledge.search";
    const kinds = verify(
      { model: "builtin:echo", procedure },
      { knowledgeSelection: { mode: "none", moduleIds: [] } },
    ).warnings.map((warning) => warning.kind);
    expect(kinds).toEqual(["model_cannot_call_tools", "knowledge_search_without_selection", "unreferenced_tool_id"]);
  });
});

describe("verifySetup at the size limits", () => {
  it("verifies a 200,000-character procedure full of references quickly", () => {
    const unit = "#service.http.get #unknown.tool.name service.http.post ";
    const procedure = unit.repeat(Math.floor(200_000 / unit.length));
    const started = performance.now();
    const result = verify({ procedure });
    expect(performance.now() - started).toBeLessThan(3_000);
    const count = Math.floor(200_000 / unit.length);
    expect(result.findings).toHaveLength(count);
    expect(result.warnings).toHaveLength(count);
    expect(result.plannedBelt).toEqual([{ integrationId: "service.http", identityMode: "service" }]);
  });

  it("stays fast for one huge unresolved reference", () => {
    const started = performance.now();
    const result = verify({ procedure: `#${"a".repeat(199_999)}` });
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(result.findings).toEqual([
      { kind: "unresolved_ref", span: { start: 0, end: 200_000 }, detail: expect.any(String), proposal: null },
    ]);
  });
});

// A newcomer's first agent, on the database: the model it gets when nobody names one, what
// Verify says about a procedure that model will not run, and that the default model really
// calls the procedure's tool (a loopback receiver stands in for the upstream).
