"""The session stream (spec 6.1) as an iterator that survives dropped connections.

Wire format (docs/decisions.md "Session stream"): `retry: 2000`, then a `snapshot` frame, then
every logged event as `id: <seq>` / `event: <type>` / `data: { v, sessionId, seq, ts, event,
data }`. Reconnecting with `Last-Event-ID: N` answers a snapshot with seq N and then every event
after N; an N the log cannot serve answers `stream.reset` and a fresh snapshot.
"""

from __future__ import annotations

import json
import threading
from typing import TYPE_CHECKING, Any, Iterator

import httpx
from httpx_sse import connect_sse
from pydantic import BaseModel, ConfigDict, Field

from ._client import _api_error, parse_retry_after
from .errors import ApiConnectionError

if TYPE_CHECKING:
    from ._client import BaseClient

#: Event types that are produced by the stream itself rather than logged.
STREAM_FRAME_TYPES = ("snapshot", "stream.reset")


class StreamEvent(BaseModel):
    """One envelope `{ v, sessionId, seq, ts, event, data }` of the session stream."""

    model_config = ConfigDict(populate_by_name=True, extra="allow")

    v: int
    session_id: str = Field(alias="sessionId")
    seq: int
    ts: str
    event: str
    data: dict[str, Any]

    def session_details(self) -> Any:
        """A snapshot's data as the typed session details (what GET the session answers)."""
        from ._generated.customer_models import SessionDetails

        if self.event != "snapshot":
            raise ValueError(f"{self.event} carries no session details; only a snapshot does")
        return SessionDetails.model_validate(self.data)


class SessionStream:
    """Iterates a session's events, reconnecting by itself with `Last-Event-ID`.

    - The first snapshot is yielded; the snapshot the service sends on every resume is not
      (nothing changed for the caller: every event after the cursor follows it), unless
      `resume_snapshots=True`.
    - `stream.reset` is yielded (re-read the session) and the fresh snapshot after it too.
    - An event at or below the cursor is never yielded twice.
    - `close()` (from any thread) or leaving a `with` block ends the iteration.
    - A refusal (404, 401 ...) raises ApiError; failed connects are retried up to
      `max_reconnects` times in a row (a connection that opens resets the count), then raise
      ApiConnectionError. The same rules and defaults as the TypeScript SDK's stream.
    """

    def __init__(
        self,
        client: "BaseClient",
        url: str,
        session_id: str,
        *,
        last_event_id: int | str | None = None,
        resume_snapshots: bool = False,
        max_reconnects: int = 10,
        read_timeout: float = 60.0,
        subject: str | None = None,
    ) -> None:
        self._client = client
        # `X-Service-Subject` for this stream only (partner tenant routes), over the client's `subject`.
        self._subject = subject
        self._url = url
        self.session_id = session_id
        self.last_event_id: int | None = None if last_event_id in (None, "") else int(last_event_id)  # type: ignore[arg-type]
        self.resume_snapshots = resume_snapshots
        self.max_reconnects = max_reconnects
        #: The connections opened so far (1 + reconnects), for logs and tests.
        self.connections = 0
        self._read_timeout = read_timeout
        self._retry_ms = 2000
        self._closed = threading.Event()
        self._response: httpx.Response | None = None
        self._snapshot_seen = False

    def __enter__(self) -> "SessionStream":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stops the iteration; an iterator blocked on a read returns."""
        self._closed.set()
        response = self._response
        if response is not None:
            response.close()

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    def __iter__(self) -> Iterator[StreamEvent]:
        failures = 0
        after_reset = False
        while not self.closed:
            headers = self._client._base_headers(True, request_id=_new_request_id())
            headers.pop("accept", None)  # connect_sse asks for text/event-stream
            if self._subject:
                headers["x-service-subject"] = self._subject
            if self.last_event_id is not None:
                headers["last-event-id"] = str(self.last_event_id)
            timeout = httpx.Timeout(self._read_timeout, connect=10.0)
            try:
                with connect_sse(self._client._http, "GET", self._url, headers=headers, timeout=timeout) as source:
                    response = source.response
                    self.connections += 1
                    if response.status_code != 200:
                        response.read()
                        error = _api_error(response, headers["x-request-id"])
                        if response.status_code == 429 or response.status_code >= 500:
                            failures = self._wait_or_raise(failures, parse_retry_after(error.retry_after), error)
                            continue
                        raise error
                    self._response = response
                    failures = 0
                    for frame in source.iter_sse():
                        if frame.retry is not None:
                            self._retry_ms = frame.retry
                        if not frame.data or self.closed:
                            continue
                        envelope = StreamEvent.model_validate(json.loads(frame.data))
                        if envelope.event == "stream.reset":
                            after_reset = True
                            self.last_event_id = envelope.seq
                            yield envelope
                        elif envelope.event == "snapshot":
                            first = not self._snapshot_seen or after_reset
                            self._snapshot_seen = True
                            after_reset = False
                            self.last_event_id = envelope.seq
                            if first or self.resume_snapshots:
                                yield envelope
                        elif self.last_event_id is None or envelope.seq > self.last_event_id:
                            self.last_event_id = envelope.seq
                            yield envelope
                        if self.closed:
                            return
            except (httpx.TransportError, httpx.StreamError) as error:
                if self.closed:
                    return
                failures = self._wait_or_raise(failures, None, ApiConnectionError(f"session stream {self.session_id}: {error!r}"))
                continue
            finally:
                self._response = None
            # The service ended the stream (a restart, a proxy's idle cut): resume where we are.
            if not self.closed:
                failures = self._wait_or_raise(failures, None, ApiConnectionError(f"session stream {self.session_id} keeps ending"))

    def _wait_or_raise(self, failures: int, asked: float | None, error: Exception) -> int:
        if failures >= self.max_reconnects:
            raise error
        # The service's `retry:` pause (2 s), as the TypeScript SDK waits.
        delay = asked if asked is not None else self._retry_ms / 1000.0
        # Wakes early when closed, so close() never waits for a backoff.
        self._closed.wait(delay)
        return failures + 1


def _new_request_id() -> str:
    import uuid

    return str(uuid.uuid4())
