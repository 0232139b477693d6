import type { TCodeDiagnostic } from "@/components/code-editor/code-editor";
import type { TVerified } from "./verify-panel";

/**
 * The verifier's findings (errors) and warnings that point into the procedure, as editor
 * diagnostics. Only while the text is the one verified: after an edit the spans no longer
 * line up, and the panel says the check is stale.
 */
export function verifierDiagnostics(verified: TVerified | null, procedure: string): TCodeDiagnostic[] {
  if (!verified || verified.procedure !== procedure) return [];
  const { findings, warnings } = verified.result;
  return [
    ...findings.flatMap((finding) =>
      finding.span
        ? [{ from: finding.span.start, to: finding.span.end, severity: "error" as const, message: finding.detail }]
        : [],
    ),
    ...warnings.flatMap((warning) =>
      warning.span
        ? [{ from: warning.span.start, to: warning.span.end, severity: "warning" as const, message: warning.detail }]
        : [],
    ),
  ];
}
