"use client";

import { errorMessage } from "@/client/app-error";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import authoring from "@/components/authoring/authoring.module.css";

type TMutationState = { isPending: boolean; isSuccess: boolean; isError: boolean; error: unknown };

/**
 * The refusal and the Run / Test run buttons shared by the agent and flow run panels. Run is the
 * form's submit button (shown once published); Test run is for editors. Both stay busy until the
 * new session opens.
 */
export function RunActions({
  published,
  canTestRun,
  run,
  testRun,
  onTestRun,
}: {
  published: boolean;
  canTestRun: boolean;
  run: TMutationState;
  testRun: TMutationState;
  onTestRun: () => void;
}) {
  const pending = run.isPending || run.isSuccess || testRun.isPending || testRun.isSuccess;
  return (
    <>
      {run.isError || testRun.isError ? (
        <Alert tone="error" title={run.isError ? "The run did not start" : "The test run did not start"}>
          {errorMessage(run.isError ? run.error : testRun.error)}
        </Alert>
      ) : null}
      <div className={authoring.formActions}>
        {published ? (
          <Button type="submit" variant="primary" busy={run.isPending || run.isSuccess} disabled={pending}>
            Run
          </Button>
        ) : null}
        {canTestRun ? (
          <Button onClick={onTestRun} busy={testRun.isPending || testRun.isSuccess} disabled={pending}>
            Test run
          </Button>
        ) : null}
      </div>
    </>
  );
}
