"""The session stream iterator: resume with Last-Event-ID, snapshots, stream.reset, close."""

from __future__ import annotations

import json
import threading

import httpx
import pytest

from agent_automation_sdk import ApiError, CustomerClient

SID = "5d9c4a6e-0000-4000-8000-000000000003"


def frame(seq: int, event: str, data: dict | None = None) -> bytes:
    envelope = {"v": 1, "sessionId": SID, "seq": seq, "ts": "2026-01-01T00:00:00.000Z", "event": event, "data": data or {}}
    return f"id: {seq}\nevent: {event}\ndata: {json.dumps(envelope)}\n\n".encode()


class Frames(httpx.SyncByteStream):
    """Sends the frames, then drops the connection (ReadError) or ends cleanly."""

    def __init__(self, chunks: list[bytes], drop: bool, hold: threading.Event | None = None):
        self.chunks, self.drop, self.hold = chunks, drop, hold

    def __iter__(self):
        yield b"retry: 10\n\n"
        yield from self.chunks
        if self.hold is not None:
            self.hold.wait(5)
        if self.drop:
            raise httpx.ReadError("connection reset by peer")

    def close(self):
        if self.hold is not None:
            self.hold.set()


def sse(chunks: list[bytes], drop: bool = True, hold: threading.Event | None = None) -> httpx.Response:
    return httpx.Response(200, headers={"content-type": "text/event-stream"}, stream=Frames(chunks, drop, hold))


class Server:
    def __init__(self, *answers):
        self.answers = list(answers)
        self.last_event_ids: list[str | None] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        assert request.url.path == f"/api/v1/agents/sessions/{SID}/stream"
        assert request.headers["accept"] == "text/event-stream"
        self.last_event_ids.append(request.headers.get("last-event-id"))
        return self.answers.pop(0)


def client(server: Server) -> CustomerClient:
    return CustomerClient("http://svc.test", "yk_test", transport=httpx.MockTransport(server))


def test_a_dropped_connection_resumes_after_the_last_event_without_gap_or_duplicate():
    server = Server(
        sse([frame(0, "snapshot", {"state": "running"}), frame(1, "turn.started"), frame(2, "message.delta", {"text": "He"})]),
        # The service answers a resume with a snapshot at the cursor, then the events after it;
        # a duplicate of seq 2 (a proxy replaying) must not come out twice.
        sse([frame(2, "snapshot", {"state": "running"}), frame(2, "message.delta", {"text": "He"}), frame(3, "message.delta", {"text": "llo"}), frame(4, "turn.completed")], drop=False),
    )
    seen = []
    with client(server).sessions.stream(SID, last_event_id=0) as stream:
        for event in stream:
            seen.append((event.seq, event.event))
            if event.event == "turn.completed":
                break
    assert seen == [(0, "snapshot"), (1, "turn.started"), (2, "message.delta"), (3, "message.delta"), (4, "turn.completed")]
    assert server.last_event_ids == ["0", "2"]
    assert stream.connections == 2


def test_a_fresh_stream_starts_at_the_snapshot_and_types_its_details():
    details = {"id": SID, "state": "idle", "messages": [], "turns": [], "pendingApproval": None, "pendingApprovalId": None}
    server = Server(sse([frame(7, "snapshot", details), frame(8, "session.changed")], drop=False))
    stream = client(server).sessions.stream(SID)
    events = iter(stream)
    first = next(events)
    assert (first.event, first.seq, first.session_id) == ("snapshot", 7, SID)
    assert first.data["state"] == "idle"
    assert next(events).seq == 8
    stream.close()
    assert server.last_event_ids == [None]


def test_stream_reset_is_yielded_with_the_fresh_snapshot_and_moves_the_cursor():
    server = Server(
        sse([frame(3, "stream.reset", {"reason": "last_event_id_unavailable", "lastEventId": "99"}), frame(3, "snapshot", {"state": "idle"}), frame(4, "turn.started")], drop=True),
        sse([frame(4, "snapshot"), frame(5, "turn.completed")], drop=False),
    )
    seen = []
    stream = client(server).sessions.stream(SID, last_event_id=99)
    for event in stream:
        seen.append((event.seq, event.event))
        if event.event == "turn.completed":
            stream.close()
    assert seen == [(3, "stream.reset"), (3, "snapshot"), (4, "turn.started"), (5, "turn.completed")]
    assert server.last_event_ids == ["99", "4"]


def test_a_refusal_raises_the_typed_error():
    server = Server(httpx.Response(404, json={"error": {"code": "NOT_FOUND", "message": "No session with this id."}}))
    with pytest.raises(ApiError) as caught:
        list(client(server).sessions.stream(SID))
    assert (caught.value.status, caught.value.code) == (404, "NOT_FOUND")


def test_close_from_another_thread_ends_a_blocked_iteration():
    hold = threading.Event()
    server = Server(sse([frame(1, "snapshot")], drop=False, hold=hold))
    stream = client(server).sessions.stream(SID)
    seen = []

    def consume():
        for event in stream:
            seen.append(event.seq)

    worker = threading.Thread(target=consume)
    worker.start()
    for _ in range(500):
        if seen or not worker.is_alive():
            break
        worker.join(0.01)
    stream.close()
    worker.join(5)
    assert not worker.is_alive() and seen == [1]


def test_gives_up_after_max_reconnects_of_connection_failures():
    def refuse(request):
        raise httpx.ConnectError("refused")

    stream = CustomerClient("http://svc.test", "yk_test", transport=httpx.MockTransport(refuse)).sessions.stream(SID, max_reconnects=2)
    stream._retry_ms = 1
    with pytest.raises(Exception, match="session stream"):
        list(stream)
