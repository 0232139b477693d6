/** A small, realistic OpenAPI 3.1 document used by the import tests. */
export function crmDocument(overrides: Record<string, unknown> = {}) {
  return {
    openapi: "3.1.0",
    info: { title: "Acme CRM", version: "2.0", description: "Contacts and deals of the Acme CRM." },
    servers: [{ url: "https://{region}.crm.example.com/v2/", variables: { region: { default: "eu" } } }],
    components: {
      securitySchemes: {
        ApiKeyAuth: { type: "apiKey", in: "header", name: "X-CRM-Key", description: "Workspace API key." },
        QueryKey: { type: "apiKey", in: "query", name: "key" },
        bearer: { type: "http", scheme: "bearer" },
      },
      parameters: {
        Limit: {
          name: "limit",
          in: "query",
          schema: { type: "integer", minimum: 1, maximum: 100 },
          description: "Page size.",
        },
      },
      schemas: {
        Address: {
          type: "object",
          properties: { city: { type: "string" }, country: { type: "string", nullable: true } },
        },
        Contact: {
          type: "object",
          required: ["email"],
          properties: {
            email: { type: "string", format: "email" },
            name: { type: "string" },
            address: { $ref: "#/components/schemas/Address" },
            manager: { $ref: "#/components/schemas/Contact" },
          },
        },
      },
    },
    paths: {
      "/contacts": {
        get: {
          operationId: "listContacts",
          summary: "List contacts",
          description: "Returns contacts, newest first, filtered by a search term.",
          parameters: [
            { $ref: "#/components/parameters/Limit" },
            { name: "search", in: "query", schema: { type: "string" } },
          ],
        },
        post: {
          operationId: "createContact",
          summary: "Create a contact",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: "#/components/schemas/Contact" } } },
          },
        },
      },
      "/contacts/{contactId}": {
        parameters: [{ name: "contactId", in: "path", required: true, schema: { type: "string" } }],
        get: { operationId: "getContact", summary: "Get a contact" },
        delete: { summary: "Delete a contact" },
      },
      "/contacts/{contactId}/avatar": {
        put: { operationId: "uploadAvatar", requestBody: { content: { "image/png": {} } } },
      },
    },
    ...overrides,
  };
}
