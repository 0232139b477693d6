"""The customer SDK against the running service: stream, fire idempotency, approvals."""

from __future__ import annotations

import httpx
import pytest
from conftest import marker

from agent_automation_sdk import ApiError, CustomerClient


class DropOnce(httpx.BaseTransport):
    """A real HTTP transport that cuts the first stream response right after the frame that
    contains `after` appeared `times` times, the way a proxy or a flaky network would."""

    def __init__(self, after: bytes, times: int) -> None:
        self.inner = httpx.HTTPTransport()
        self.after, self.times, self.dropped = after, times, 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self.inner.handle_request(request)
        if self.dropped or not request.url.path.endswith("/stream"):
            return response
        transport = self

        class Cut(httpx.SyncByteStream):
            def __iter__(self):
                received, sent = b"", 0
                for chunk in response.stream:
                    received += chunk
                    # Cut exactly after the frame that completes the count, even when the
                    # service wrote more frames into the same chunk: those are lost, as in a drop.
                    cut = frame_end(received, transport.after, transport.times)
                    if cut is None:
                        yield received[sent:]
                        sent = len(received)
                        continue
                    yield received[sent:cut]
                    transport.dropped += 1
                    response.close()
                    raise httpx.ReadError("connection dropped by the test")

            def close(self):
                response.close()

        return httpx.Response(response.status_code, headers=response.headers, stream=Cut(), extensions=response.extensions)

    def close(self) -> None:
        self.inner.close()


def frame_end(received: bytes, needle: bytes, times: int) -> int | None:
    """The end of the frame holding the `times`-th `needle`, once that frame is complete."""
    at = -1
    for _ in range(times):
        at = received.find(needle, at + 1)
        if at < 0:
            return None
    end = received.find(b"\n\n", at)
    return None if end < 0 else end + 2


def test_stream_follows_turns_to_completion_through_a_dropped_connection(world, base_url):
    acme = world["orgs"]["acme"]
    transport = DropOnce(b"event: turn.started", times=2)
    with CustomerClient(base_url, acme["users"]["operator"]["apiKey"], transport=transport) as client:
        first = marker("first")
        second = marker("second")
        opened = client.sessions.open(acme["agents"]["echo"]["id"], message=first)
        events = []
        with client.sessions.stream(opened.session_id, last_event_id=0) as stream:
            for event in stream:
                events.append(event)
                if event.event == "turn.completed":
                    if len([e for e in events if e.event == "turn.completed"]) == 2:
                        break
                    # The second turn runs live while the stream is open; the transport cuts
                    # the connection right after its turn.started, mid-turn.
                    client.sessions.post_message(opened.session_id, message=second)
    assert transport.dropped == 1 and stream.connections == 2
    logged = [event for event in events if event.event != "snapshot"]
    # Nothing lost, nothing twice: the logged seqs are exactly 1..N.
    assert [event.seq for event in logged] == list(range(1, len(logged) + 1))
    assert [event.event for event in events].count("snapshot") == 1
    snapshot = events[0].session_details()
    assert snapshot.id == opened.session_id and snapshot.messages[0].body == first
    turns = [event.data.get("executionId") for event in logged if event.event == "turn.completed"]
    assert turns[0] == opened.execution_id and len(set(turns)) == 2
    # The second turn's text, reassembled from the deltas across the cut, is the whole reply.
    second_started = [i for i, event in enumerate(logged) if event.event == "turn.started"][1]
    text = "".join(event.data["text"] for event in logged[second_started:] if event.event == "message.delta")
    details = client_details(base_url, acme, opened.session_id)
    assert text == details.messages[-1].body == f"Echo: {second}"


def client_details(base_url, acme, session_id):
    with CustomerClient(base_url, acme["users"]["operator"]["apiKey"]) as client:
        return client.sessions.get(session_id)


def test_fire_with_a_generated_key_replays_it(world, operator, counter):
    acme = world["orgs"]["acme"]
    prompt = marker("fire")
    fired = operator.triggers.fire(trigger_id=acme["triggers"]["api"]["id"], input={"prompt": prompt})
    key = fired.response.idempotency_key
    assert key and key.startswith("sdk-py-") and fired.replayed is False and fired.sessions
    replay = operator.triggers.fire(trigger_id=acme["triggers"]["api"]["id"], input={"prompt": prompt}, idempotency_key=key)
    assert replay.replayed is True
    assert replay.model_dump() == fired.model_dump()
    assert [request.headers["idempotency-key"] for request in counter.to("/triggers/fire")] == [key, key]


def test_another_body_under_the_same_key_is_a_typed_idempotency_key_reused(world, operator, counter):
    acme = world["orgs"]["acme"]
    fired = operator.triggers.fire(trigger_id=acme["triggers"]["api"]["id"], input={"prompt": marker("reuse")})
    with pytest.raises(ApiError) as caught:
        operator.triggers.fire(trigger_id=acme["triggers"]["api"]["id"], input={"prompt": "another input"}, idempotency_key=fired.response.idempotency_key)
    error = caught.value
    assert (error.status, error.code) == (409, "IDEMPOTENCY_KEY_REUSED")
    assert error.message and error.request_id
    assert len(counter.to("/triggers/fire")) == 2  # never retried


def test_decide_an_approval_found_through_the_stream(world, operator, counter):
    acme = world["orgs"]["acme"]
    opened = operator.sessions.open(acme["agents"]["httpWrite"]["id"], message=marker("approve"))
    with operator.sessions.stream(opened.session_id, last_event_id=0) as stream:
        suspended = next(event for event in stream if event.event == "turn.suspended")
    approval_id = suspended.data["approvalId"]
    details = operator.sessions.get(opened.session_id)
    assert details.pending_approval_id == approval_id and details.pending_approval.can_decide is True
    decided = operator.sessions.decide_approval(opened.session_id, decision="approved", approval_id=approval_id, comment="ok from the Python SDK")
    assert (decided.ok, decided.approval_id, decided.decision) == (True, approval_id, "approved")
    with pytest.raises(ApiError) as caught:
        operator.sessions.decide_approval(opened.session_id, decision="rejected", approval_id=approval_id)
    assert (caught.value.status, caught.value.code) == (409, "CONFLICT")
    assert len(counter.to("/turn-approval")) == 2  # the second decision was not retried
    with operator.sessions.stream(opened.session_id, last_event_id=suspended.seq) as stream:
        completed = next(event for event in stream if event.event == "turn.completed")
    assert completed.data.get("executionId") == opened.execution_id
    final = operator.sessions.get(opened.session_id)
    assert final.turns[0].tool_calls[0].status == "succeeded"
