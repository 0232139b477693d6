import { describe, expect, it } from "vitest";
import { callSecrets, maskToolArgs } from "./invoke-tool";
import {
  CREDENTIAL_MARKER,
  credentialForms,
  isSecretName,
  redactCredentials,
  redactError,
  redactTail,
} from "./redact-credentials";
import { AppError } from "@/server/errors";

// The scrubber alone: which names count as secret, which forms of a value are found, and that
// short values and ordinary text are left alone.

const M = CREDENTIAL_MARKER;

describe("redact-credentials", () => {
  it("recognises secret names by word, not by substring", () => {
    for (const name of ["authorization", "X-API-Key", "api_key", "apiKey", "access_token", "X-Auth-Token", "password"])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ["keyword", "monkey", "q", "message", "content-type", "page"])
      expect(isSecretName(name), name).toBe(false);
  });

  it("scrubs values at any depth, inside longer strings, in keys, and their URL and JSON forms", () => {
    const secret = "s3cr+t/val ue";
    const result = redactCredentials(
      {
        headers: { authorization: `Bearer ${secret}` },
        body: {
          deep: [{ note: `got ${secret} here` }],
          [secret]: 1,
          url: `/echo?key=${encodeURIComponent(secret)}&form=${new URLSearchParams({ v: secret }).toString().slice(2)}`,
          text: JSON.stringify({ quoted: `"${secret}"` }),
        },
      },
      [secret],
    );
    expect(JSON.stringify(result)).not.toContain("s3cr");
    expect(result.headers.authorization).toBe(`Bearer ${M}`);
    expect(result.body.deep[0]!.note).toBe(`got ${M} here`);
    expect(Object.keys(result.body)).toContain(M);
  });

  it("finds basic auth in base64, decoded, and the password alone", () => {
    const basic = `Basic ${Buffer.from("ada:hunter22").toString("base64")}`;
    const text = [basic, Buffer.from("ada:hunter22").toString("base64"), "ada:hunter22", "pw=hunter22"].join(" | ");
    expect(redactCredentials(text, [basic])).toBe([M, M, M, `pw=${M}`].join(" | "));
    // user:pass material (a field) is found in its base64 form too.
    expect(redactCredentials(`Basic ${Buffer.from("ada:hunter22").toString("base64")}`, ["ada:hunter22"])).toBe(
      `Basic ${M}`,
    );
  });

  it("leaves values shorter than 4 characters alone", () => {
    expect(credentialForms(["abc"])).toEqual([]);
    expect(redactCredentials("abc abcd", ["abc", "abcd"])).toBe(`abc ${M}`);
  });

  it("turns a number holding a credential into the marker and leaves other numbers", () => {
    expect(redactCredentials({ pin: 123456, n: 7 }, ["123456"])).toEqual({ pin: M, n: 7 });
  });

  it("scrubs an error in place: message, stack and details, class kept", () => {
    const error = new AppError("UNAVAILABLE", "failed for tok-9999", { details: { reason: "network", v: "tok-9999" } });
    const same = redactError(error, credentialForms(["tok-9999"])) as AppError;
    expect(same).toBe(error);
    expect(same.message).toBe(`failed for ${M}`);
    expect(same.details).toEqual({ reason: "network", v: M });
    expect(same.stack).not.toContain("tok-9999");
  });

  it("replaces a credential cut by the body cap", () => {
    expect(redactTail("echo: abcd-12", credentialForms(["abcd-1234"]))).toBe(`echo: ${M}`);
    expect(redactTail("echo: ab", credentialForms(["abcd-1234"]))).toBe("echo: ab");
  });

  it("collects a call's secrets from its credential, secret headers, query and URL", () => {
    const secrets = callSecrets(
      { token: "conn-token", fields: { api_key: "field-key" } },
      {
        url: "http://h/x?api_key=url-key&page=2",
        headers: { "X-API-Key": "header-key", Accept: "text/plain" },
        query: { access_token: "query-token", q: "shoes" },
      },
    );
    expect(secrets.sort()).toEqual(["conn-token", "field-key", "header-key", "query-token", "url-key"].sort());
  });

  it("masks secret query parameters in shown arguments", () => {
    const masked = maskToolArgs({ url: "http://h/x?api_key=url-key&page=2", query: { token: "t-123", q: "shoes" } });
    expect(JSON.stringify(masked)).not.toMatch(/url-key|t-123/);
    expect(masked.query).toEqual({ token: "[redacted]", q: "shoes" });
    expect(masked.url).toContain("page=2");
  });
});
