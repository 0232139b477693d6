"""verify()/sign() of the 6.2 scheme: sha256= hex HMAC of "<timestamp>.<raw body>"."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from agent_automation_sdk import WebhookVerificationError, webhooks

SECRET = "whsec_unit_test_secret_0001"
NOW = 1_800_000_000
BODY = json.dumps({"id": "ev-1", "type": "message.created", "occurred_at": "2026-01-01T00:00:00.000Z", "worker_ref": "w1", "data": {"message_id": "m1", "session_id": "s1", "created_at": "2026-01-01T00:00:00.000Z", "outcome": "ok"}}, separators=(",", ":"))


def test_sign_matches_the_documented_scheme_and_verify_returns_the_typed_event():
    headers = webhooks.sign(BODY, SECRET, timestamp=NOW)
    expected = "sha256=" + hmac.new(SECRET.encode(), f"{NOW}.{BODY}".encode(), hashlib.sha256).hexdigest()
    assert headers == {"X-Service-Timestamp": str(NOW), "X-Service-Signature": expected}
    event = webhooks.verify(BODY.encode(), headers, SECRET, now=NOW + 10)
    # Typed by its type: message.created's data is its own model.
    assert isinstance(event, webhooks.MessageCreatedEvent)
    assert (event.id, event.type, event.worker_ref, event.data.message_id, event.data.outcome) == ("ev-1", "message.created", "w1", "m1", "ok")


def test_header_names_are_case_insensitive():
    headers = {name.lower(): value for name, value in webhooks.sign(BODY, SECRET, timestamp=NOW).items()}
    assert webhooks.verify(BODY, headers, SECRET, now=NOW).id == "ev-1"


@pytest.mark.parametrize(
    "mutate",
    [
        lambda body, headers: (body.replace("ok", "ko"), headers),  # body changed after signing
        lambda body, headers: (body + " ", headers),  # re-serialized: bytes differ
        lambda body, headers: (body, {**headers, "X-Service-Signature": headers["X-Service-Signature"][:-1] + "0"}),
        lambda body, headers: (body, {**headers, "X-Service-Timestamp": str(NOW + 1)}),  # timestamp is signed
        lambda body, headers: (body, {"X-Service-Timestamp": headers["X-Service-Timestamp"]}),  # no signature
        lambda body, headers: (body, {**headers, "X-Service-Timestamp": "soon"}),
    ],
)
def test_tampering_is_refused(mutate):
    body, headers = mutate(BODY, webhooks.sign(BODY, SECRET, timestamp=NOW))
    with pytest.raises(WebhookVerificationError):
        webhooks.verify(body, headers, SECRET, now=NOW)


def test_another_secret_is_refused():
    with pytest.raises(WebhookVerificationError, match="signature"):
        webhooks.verify(BODY, webhooks.sign(BODY, "whsec_someone_else_000", timestamp=NOW), SECRET, now=NOW)


def test_timestamps_outside_the_tolerance_are_refused_either_way():
    headers = webhooks.sign(BODY, SECRET, timestamp=NOW)
    assert webhooks.verify(BODY, headers, SECRET, now=NOW + 300).id == "ev-1"
    assert webhooks.verify(BODY, headers, SECRET, now=NOW - 300).id == "ev-1"
    for now in (NOW + 301, NOW - 301):
        with pytest.raises(WebhookVerificationError, match="300 seconds"):
            webhooks.verify(BODY, headers, SECRET, now=now)
    assert webhooks.verify(BODY, headers, SECRET, tolerance_seconds=1000, now=NOW + 900).id == "ev-1"


def test_a_signed_event_of_an_unknown_type_is_returned_not_raised():
    # A newer service may add event types: the receiver must still answer 2xx, not loop on 500s.
    body = json.dumps({"id": "ev-9", "type": "turn.completed", "occurred_at": "2026-01-01T00:00:00.000Z", "worker_ref": None, "data": {"turn_id": "t1"}})
    event = webhooks.verify(body, webhooks.sign(body, SECRET, timestamp=NOW), SECRET, now=NOW)
    assert isinstance(event, webhooks.UnknownEvent)
    assert (event.id, event.type, event.data["turn_id"]) == ("ev-9", "turn.completed", "t1")
    not_an_event = json.dumps({"hello": "world"})
    with pytest.raises(WebhookVerificationError):
        webhooks.verify(not_an_event, webhooks.sign(not_an_event, SECRET, timestamp=NOW), SECRET, now=NOW)


COMPLETION = json.dumps({
    "id": "9b2f0c1e-3f4a-4d5b-8c6d-7e8f9a0b1c2d",
    "type": "turn.failed",
    "createdAt": "2026-12-05T10:00:00.000Z",
    "data": {"sessionId": "s1", "executionId": "t1", "automationId": "a1", "status": "failed",
             "error": {"code": "TOOL_FAILED", "message": "the write tool answered 500"},
             "usage": {"inputTokens": 10, "outputTokens": 2}},
})


def test_a_completion_event_is_verified_with_the_endpoint_secret_and_typed():
    headers = webhooks.sign(COMPLETION, "whsec_endpoint", timestamp=NOW)
    event = webhooks.verify_completion_event(COMPLETION, headers, "whsec_endpoint", now=NOW)
    assert isinstance(event, webhooks.CompletionEvent)
    assert (event.type, event.data.execution_id, event.data.error.code, event.data.usage.input_tokens) == ("turn.failed", "t1", "TOOL_FAILED", 10)
    with pytest.raises(WebhookVerificationError):
        webhooks.verify_completion_event(COMPLETION, headers, "whsec_another", now=NOW)
    newer = json.dumps({"id": "ev-2", "type": "turn.archived", "createdAt": "2026-12-05T10:00:00.000Z", "data": {}})
    unknown = webhooks.verify_completion_event(newer, webhooks.sign(newer, "whsec_endpoint", timestamp=NOW), "whsec_endpoint", now=NOW)
    assert isinstance(unknown, webhooks.UnknownEvent) and unknown.type == "turn.archived"
