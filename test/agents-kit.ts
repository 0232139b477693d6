import type { TUserActor } from "../src/server/auth/actor";
import { db } from "../src/server/db/client";
import type { DomainRole, OrgRole } from "../src/server/db/generated/enums";
import { createApiKey } from "../src/server/services/api-keys/create-api-key";
import { createAccessToken } from "../src/server/services/auth/create-access-token";
import { handleOpenApiRequest } from "../src/server/trpc/openapi-handler";
import { addDomainMember, addOrgMember, createDomain, createOrganization, createUser } from "./factories";

/** Helpers for the agents area's tests: people with real credentials, HTTP calls in-process. */

export type TPerson = { actor: TUserActor; key: string; token: string };

export async function person(
  organizationId: string,
  orgRole: OrgRole,
  domains: Array<[domainId: string, role: DomainRole]>,
): Promise<TPerson> {
  const user = await createUser();
  await addOrgMember(organizationId, user.id, orgRole);
  for (const [domainId, role] of domains) await addDomainMember(domainId, user.id, role);
  const actor: TUserActor = {
    kind: "user",
    userId: user.id,
    email: user.email,
    name: user.name,
    orgId: organizationId,
    orgRole,
    via: "api_key",
    credentialId: null,
  };
  const { secret } = await createApiKey(actor, { name: "tests" });
  const { token } = await createAccessToken({ userId: user.id, orgId: organizationId });
  return { actor, key: secret, token };
}

/** An organization like the fixture world's Acme (ops and sales) and a second one (globex). */
export async function agentsWorld() {
  const acme = await createOrganization("Acme");
  const ops = await createDomain(acme.id, "Ops");
  const sales = await createDomain(acme.id, "Sales");
  const globex = await createOrganization("Globex");
  const main = await createDomain(globex.id, "Main");
  const [owner, editor, operator, viewer, orgAdmin, salesEditor, globexOwner] = await Promise.all([
    person(acme.id, "OWNER", [
      [ops.id, "OWNER"],
      [sales.id, "OWNER"],
    ]),
    person(acme.id, "MEMBER", [[ops.id, "EDITOR"]]),
    person(acme.id, "MEMBER", [[ops.id, "OPERATOR"]]),
    person(acme.id, "MEMBER", [[ops.id, "VIEWER"]]),
    person(acme.id, "ADMIN", []),
    person(acme.id, "MEMBER", [[sales.id, "EDITOR"]]),
    person(globex.id, "OWNER", [[main.id, "OWNER"]]),
  ]);
  return {
    acme: { id: acme.id, ops: ops.id, sales: sales.id },
    globex: { id: globex.id, main: main.id },
    people: {
      owner: owner!,
      editor: editor!,
      operator: operator!,
      viewer: viewer!,
      orgAdmin: orgAdmin!,
      salesEditor: salesEditor!,
      globexOwner: globexOwner!,
    },
  };
}

export type TAgentsWorld = Awaited<ReturnType<typeof agentsWorld>>;

export type TApiResponse = { status: number; headers: Headers; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One request to the /api/v1 surface, in-process, exactly as the route handler serves it. */
export async function api(
  method: string,
  path: string,
  options: { credential?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<TApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.credential) headers.authorization = `Bearer ${options.credential}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await handleOpenApiRequest(
    new Request(`http://127.0.0.1/api/v1${path}`, { method, headers, body }),
    "v1",
  );
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** A knowledge module row (the knowledge area's services create them in the product). */
export async function knowledgeModule(organizationId: string, domainId: string | null) {
  return db().knowledgeModule.create({
    data: {
      organizationId,
      domainId,
      kind: domainId ? "DOMAIN" : "ORG",
      name: `Module ${crypto.randomUUID().slice(0, 8)}`,
    },
    select: { id: true },
  });
}

export async function deleteKnowledgeModule(id: string) {
  await db().knowledgeModule.delete({ where: { id } });
}

/** A flow row: the agent routes must not see it. */
export async function flow(organizationId: string, domainId: string) {
  return db().automation.create({
    data: { organizationId, domainId, kind: "FLOW", name: "A flow" },
    select: { id: true },
  });
}

/** An organization's own integration with one read and one write tool. */
export async function customIntegration(organizationId: string, slug: string, options: { disabled?: boolean } = {}) {
  const id = `${slug}.crm`;
  const tool = (name: string, isReadonly: boolean) => ({
    name: `${id}.${name}`,
    description: name,
    isReadonly,
    inputSchema: { type: "object" },
  });
  await db().customIntegration.create({
    data: {
      id,
      organizationId,
      name: "CRM",
      baseUrl: "https://crm.example.test",
      tools: [tool("list_contacts", true), tool("create_contact", false)],
      disabledAt: options.disabled ? new Date() : null,
    },
  });
  return id;
}

export async function revisionCount(automationId: string) {
  return db().automationRevision.count({ where: { automationId } });
}

export async function draftRow(automationId: string) {
  return db().automation.findUniqueOrThrow({ where: { id: automationId } });
}
