/**
 * Our tool wire ids contain dots (`service.http.get`); OpenAI and Anthropic accept only
 * `[A-Za-z0-9_-]{1,64}`. Dots become `__` (readable for the model); anything else not allowed
 * becomes `_`; a name still too long or colliding gets a numbered short form. The map is built
 * per request from the offered tools, so the way back is exact, never a guess.
 */
const MAX_NAME = 64;

export type TToolNameMap = { toProvider(wireId: string): string; toWire(providerName: string): string };

function safeName(wireId: string): string {
  return wireId.replace(/\./g, "__").replace(/[^A-Za-z0-9_-]/g, "_");
}

export function buildToolNameMap(wireIds: string[]): TToolNameMap {
  const forward = new Map<string, string>();
  const back = new Map<string, string>();
  wireIds.forEach((wireId, index) => {
    if (forward.has(wireId)) return;
    let name = safeName(wireId);
    if (name.length > MAX_NAME || back.has(name)) {
      const suffix = `_t${index}`;
      name = `${name.slice(0, MAX_NAME - suffix.length)}${suffix}`;
    }
    forward.set(wireId, name);
    back.set(name, wireId);
  });
  return {
    // Tools in history that are no longer offered still need a provider-safe name.
    toProvider: (wireId) => forward.get(wireId) ?? safeName(wireId).slice(0, MAX_NAME),
    // An unknown name (the model invented a tool) is passed through; the turn loop refuses it.
    toWire: (providerName) => back.get(providerName) ?? providerName,
  };
}
