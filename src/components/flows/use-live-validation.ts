"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "@/client/app-error";
import { useTRPC } from "@/client/trpc";
import type { TBeltEntry } from "@/contracts/agents/setup";
import type { TParsedText } from "./document-text";
import type { TShownFinding } from "./findings-list";

const DELAY_MS = 400;

/**
 * Findings for the text as typed: syntax errors at once, the service's findings (the same
 * checks publish runs) a moment after typing stops. Stale answers are dropped.
 */
export function useLiveValidation(flowId: string, parsed: TParsedText, revalidateKey: number) {
  const trpc = useTRPC();
  const validate = useMutation(trpc.flows.validate.mutationOptions());
  const [result, setResult] = useState<{ findings: TShownFinding[]; belt: TBeltEntry[] } | null>(null);
  const [checking, setChecking] = useState(false);
  const latest = useRef(0);
  const { mutateAsync } = validate;
  const value = parsed.ok ? JSON.stringify(parsed.value) : null;

  useEffect(() => {
    const request = ++latest.current;
    if (value === null) return;
    setChecking(true);
    const timer = setTimeout(() => {
      mutateAsync({ id: flowId, graph: JSON.parse(value) as unknown })
        .then((answer) => {
          if (request === latest.current) setResult({ findings: answer.findings, belt: answer.plannedBelt });
        })
        .catch((error: unknown) => {
          if (request === latest.current)
            setResult({
              findings: [
                { kind: "syntax", path: "", message: errorMessage(error, "The document could not be checked.") },
              ],
              belt: [],
            });
        })
        .finally(() => {
          if (request === latest.current) setChecking(false);
        });
    }, DELAY_MS);
    return () => clearTimeout(timer);
  }, [flowId, value, mutateAsync, revalidateKey]);

  if (!parsed.ok)
    return {
      findings: [
        { kind: "syntax" as const, path: "", message: `The text is not valid YAML or JSON: ${parsed.message}` },
      ],
      belt: result?.belt ?? [],
      checking: false,
    };
  return { findings: result?.findings ?? null, belt: result?.belt ?? [], checking };
}
