import ui from "@/components/ui/ui.module.css";
import authoring from "./authoring.module.css";

const COUNT = new Intl.NumberFormat("en");

type TProps = {
  hintId?: string;
  errorId?: string;
  hint?: string;
  error?: string | null;
  length?: number;
  max?: number;
};

/** Under a multi-line field or a code editor: its error or hint, and the "used / max" counter. */
export function FieldFooter({ hintId, errorId, hint, error, length = 0, max }: TProps) {
  return (
    <div className={authoring.fieldFooter}>
      {error ? (
        <p id={errorId} className={ui.fieldError}>
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className={ui.hint}>
          {hint}
        </p>
      ) : null}
      {max !== undefined ? (
        <span className={`${authoring.counter} ${length > max ? authoring.counterOver : ""}`} aria-hidden="true">
          {COUNT.format(length)} / {COUNT.format(max)}
        </span>
      ) : null}
    </div>
  );
}
