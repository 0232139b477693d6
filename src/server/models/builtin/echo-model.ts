import type { TModelAdapter } from "@/server/models/types";
import { builtinUsage, currentTurn } from "./usage";

/** builtin:echo: answers every message without tools, deterministically. */
export const echoModel: TModelAdapter = {
  id: "builtin:echo",
  async generate(request) {
    const text = `Echo: ${currentTurn(request.messages).userMessage}`;
    return { text, toolCalls: [], usage: builtinUsage(request, text), stopReason: "stop" };
  },
};
