import styles from "./reference.module.css";

/** Where the SDKs are: generated from these documents, with retries, idempotency keys, the stream and webhook checks built in. */
export function SdkNote() {
  return (
    <aside className={styles.sdks} aria-label="SDKs">
      <p>
        Prefer an SDK: both are generated from the documents below and add retries, idempotency keys, the session stream with resume, webhook
        verification and paging.
      </p>
      <ul>
        <li>
          <strong>TypeScript</strong> (<code>sdk/typescript</code>, see its README): <code>cd sdk/typescript &amp;&amp; npm ci &amp;&amp; npm pack</code>, then{" "}
          <code>npm install agent-automation-sdk-0.1.0.tgz</code>
        </li>
        <li>
          <strong>Python</strong> (<code>sdk/python</code>, see its README): <code>pip install ./sdk/python</code>
        </li>
      </ul>
    </aside>
  );
}
