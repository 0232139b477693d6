"""Retries, Retry-After, idempotency keys and typed errors against httpx.MockTransport."""

from __future__ import annotations

import email.utils
import json
import time

import httpx
import pytest

from agent_automation_sdk import ApiConnectionError, ApiError, CustomerClient, PartnerClient, RetryPolicy

TRIGGER = "9b2f3c1e-0000-4000-8000-000000000001"
ORG = "9b2f3c1e-0000-4000-8000-000000000002"


def envelope(status: int, code: str, message: str = "nope", headers: dict[str, str] | None = None, details: dict | None = None) -> httpx.Response:
    error: dict = {"code": code, "message": message}
    if details is not None:
        error["details"] = details
    return httpx.Response(status, json={"error": error}, headers=headers or {})


class Script:
    """A transport that answers from a list and records every request."""

    def __init__(self, *answers):
        self.answers = list(answers)
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        answer = self.answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def customer(script: Script, **options) -> tuple[CustomerClient, list[float]]:
    sleeps: list[float] = []
    client = CustomerClient("http://svc.test", "yk_test", transport=httpx.MockTransport(script), sleep=sleeps.append, **options)
    return client, sleeps


def partner(script: Script, **options) -> tuple[PartnerClient, list[float]]:
    sleeps: list[float] = []
    client = PartnerClient("http://svc.test/api/partner/v1", "ykp_test", transport=httpx.MockTransport(script), sleep=sleeps.append, **options)
    return client, sleeps


FIRED = httpx.Response(202, json={"sessions": []})


def test_fire_sends_one_generated_key_on_every_retry_and_surfaces_the_replay():
    script = Script(
        httpx.ConnectError("refused"),
        envelope(503, "INTERNAL"),
        httpx.Response(202, json={"sessions": []}, headers={"Idempotency-Replayed": "true"}),
    )
    client, sleeps = customer(script)
    result = client.triggers.fire(trigger_id=TRIGGER, input={"prompt": "hi"})
    keys = {request.headers["idempotency-key"] for request in script.requests}
    assert len(script.requests) == 3 and len(keys) == 1
    assert keys.pop().startswith("sdk-py-")
    assert result.replayed is True and result.response.status == 202
    assert result.response.idempotency_key == script.requests[0].headers["idempotency-key"]
    assert len(sleeps) == 2
    body = json.loads(script.requests[0].content)
    assert body == {"triggerId": TRIGGER, "input": {"prompt": "hi"}}
    assert script.requests[0].headers["authorization"] == "Bearer yk_test"
    assert str(script.requests[0].url) == "http://svc.test/api/v1/triggers/fire"


def test_each_call_gets_its_own_key_and_a_given_key_is_sent_as_is():
    script = Script(FIRED, FIRED, FIRED)
    client, _ = customer(script)
    client.triggers.fire(trigger_id=TRIGGER)
    client.triggers.fire(trigger_id=TRIGGER)
    first = client.triggers.fire(trigger_id=TRIGGER, idempotency_key="order-42")
    generated = [request.headers["idempotency-key"] for request in script.requests[:2]]
    assert generated[0] != generated[1]
    assert script.requests[2].headers["idempotency-key"] == "order-42"
    assert first.replayed is False


def test_operations_without_idempotency_send_no_key():
    script = Script(httpx.Response(200, json={"token": "yku_t", "expiresAt": "2026-12-05T08:00:00.000Z"}))
    client, _ = customer(script)
    client.auth.create_token(body={})
    assert all("idempotency-key" not in request.headers for request in script.requests)


def test_provisioning_and_worker_mutations_carry_a_key():
    record = {"orgId": ORG, "clientName": "B", "clientSegment": "b", "directLoginDisabled": False, "domainName": "D", "domains": [], "onboardingStatus": "pending", "onboardingSteps": [], "onboardingError": None, "release": None, "owner": {"userId": "u", "name": "O", "invitation": None}, "createdAt": "2026-01-01T00:00:00.000Z"}
    script = Script(httpx.Response(202, json=record), httpx.Response(204), httpx.Response(204))
    client, _ = partner(script)
    made = client.organizations.provision(client_name="B", client_segment="b", direct_login_disabled=False, owner_name="O", domain_name="D")
    client.policies.put(ORG, "w1", rules=[{"action": "*", "mode": "ask"}], approval_ttl="1d")
    deleted = client.workers.delete(ORG, "w1")
    assert made.org_id == ORG and made.owner.invitation is None
    assert all(request.headers.get("idempotency-key") for request in script.requests)
    assert str(script.requests[0].url) == "http://svc.test/api/partner/v1/organizations"
    assert deleted.response.status == 204 and deleted.replayed is False


@pytest.mark.parametrize("code", ["IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_OUTCOME_UNKNOWN", "CONFLICT"])
def test_conflicts_other_than_in_progress_are_never_retried(code):
    script = Script(envelope(409, code, "the key was used with another body", details={"field": "x"}, headers={"x-request-id": "req-1"}))
    client, sleeps = customer(script)
    with pytest.raises(ApiError) as caught:
        client.triggers.fire(trigger_id=TRIGGER, idempotency_key="k1")
    error = caught.value
    assert (error.status, error.code, error.message, dict(error.details), error.request_id) == (409, code, "the key was used with another body", {"field": "x"}, "req-1")
    assert len(script.requests) == 1 and sleeps == []


def test_in_progress_is_retried_after_retry_after_seconds():
    script = Script(envelope(409, "IDEMPOTENCY_IN_PROGRESS", headers={"Retry-After": "2"}), FIRED)
    client, sleeps = customer(script)
    client.triggers.fire(trigger_id=TRIGGER)
    assert sleeps == [2.0]
    assert script.requests[0].headers["idempotency-key"] == script.requests[1].headers["idempotency-key"]


def test_retry_after_as_an_http_date():
    when = email.utils.formatdate(time.time() + 30, usegmt=True)
    script = Script(envelope(429, "RATE_LIMITED", headers={"Retry-After": when}), httpx.Response(200, json={"items": []}))
    client, sleeps = partner(script)
    client.workers.list(ORG)
    assert len(sleeps) == 1 and 27 <= sleeps[0] <= 30


def test_backoff_without_retry_after_grows_and_is_jittered():
    script = Script(envelope(500, "INTERNAL"), envelope(502, "HTTP_502"), envelope(500, "INTERNAL"), httpx.Response(200, json={"items": []}))
    client, sleeps = partner(script, retry=RetryPolicy(max_retries=3, initial_delay=1.0, max_delay=8.0))
    client.workers.list(ORG)
    assert len(sleeps) == 3
    for attempt, delay in enumerate(sleeps):
        assert 0.75 * 2**attempt <= delay <= 2**attempt


def test_gives_up_after_the_default_two_retries_with_the_last_error():
    script = Script(envelope(500, "INTERNAL"), envelope(500, "INTERNAL"), envelope(500, "INTERNAL", "Quote request id r3"))
    client, sleeps = partner(script)
    with pytest.raises(ApiError) as caught:
        client.workers.list(ORG)
    assert caught.value.message == "Quote request id r3" and len(script.requests) == 3 and len(sleeps) == 2


def test_a_retry_after_longer_than_the_policy_allows_is_raised_at_once():
    script = Script(envelope(429, "RATE_LIMITED", headers={"Retry-After": "3600"}))
    client, sleeps = partner(script)
    with pytest.raises(ApiError) as caught:
        client.workers.list(ORG)
    assert caught.value.code == "RATE_LIMITED" and caught.value.retry_after == "3600" and sleeps == []


def test_client_errors_are_not_retried():
    for status, code in [(400, "VALIDATION"), (401, "UNAUTHORIZED"), (403, "FORBIDDEN"), (404, "NOT_FOUND")]:
        script = Script(envelope(status, code))
        client, sleeps = partner(script)
        with pytest.raises(ApiError) as caught:
            client.workers.list(ORG)
        assert caught.value.code == code and len(script.requests) == 1


def test_max_retries_zero_and_per_call_override():
    script = Script(envelope(503, "INTERNAL"))
    client, _ = partner(script, retry=0)
    with pytest.raises(ApiError):
        client.workers.list(ORG)
    script = Script(envelope(503, "INTERNAL"), httpx.Response(200, json={"items": []}))
    client, _ = partner(script, retry=0)
    client.workers.list(ORG, request_options={"max_retries": 1})
    assert len(script.requests) == 2


def test_a_post_without_a_key_is_not_resent_after_it_may_have_reached_the_service():
    # A read error or a 500 may follow a token that was minted: a second call would mint another.
    script = Script(httpx.ReadError("connection reset"))
    client, _ = customer(script)
    with pytest.raises(ApiConnectionError):
        client.auth.create_token(body={})
    script = Script(envelope(500, "INTERNAL"))
    client, _ = customer(script)
    with pytest.raises(ApiError):
        client.auth.create_token(body={})
    assert len(script.requests) == 1 and "idempotency-key" not in script.requests[0].headers
    # ... but it is retried when nothing was sent (no connection) or the rate limiter refused it.
    script = Script(httpx.ConnectError("refused"), envelope(429, "RATE_LIMITED", headers={"Retry-After": "1"}), httpx.Response(200, json={"token": "yku_t", "expiresAt": "2026-12-05T08:00:00.000Z"}))
    client, _ = customer(script)
    client.auth.create_token(body={}, request_options={"max_retries": 2})
    assert len(script.requests) == 3


def test_a_lost_answer_never_runs_work_twice_open_message_approval_and_creates_reuse_one_key():
    # A proxy that forwarded the request and answered 502, or a read timeout: the retry carries
    # the first attempt's key, so the service replays the first outcome instead of doing it again.
    opened = httpx.Response(202, json={"sessionId": "s1", "executionId": "e1", "revision": 1})
    calls = [
        (lambda client: client.sessions.open(TRIGGER, message="hi"), opened),
        (lambda client: client.sessions.post_message("s1", message="again"), httpx.Response(202, json={"executionId": "e2"})),
        (lambda client: client.sessions.decide_approval("s1", decision="approved"), httpx.Response(200, json={"ok": True, "approvalId": "a", "decision": "approved"})),
    ]
    for call, answer in calls:
        for lost in (envelope(502, "HTTP_ERROR"), httpx.ReadTimeout("no answer")):
            script = Script(lost, answer)
            client, _ = customer(script)
            call(client)
            first, retry = script.requests
            assert first.headers["idempotency-key"] and retry.headers["idempotency-key"] == first.headers["idempotency-key"]


def test_every_error_family_has_its_class_under_api_error():
    from agent_automation_sdk import (
        AuthenticationError,
        ConflictError,
        IdempotencyError,
        NotFoundError,
        RateLimitError,
        ServerError,
        ValidationError,
    )

    cases = [(401, "UNAUTHENTICATED", AuthenticationError), (404, "NOT_FOUND", NotFoundError), (409, "CONFLICT", ConflictError), (409, "IDEMPOTENCY_KEY_REUSED", IdempotencyError), (400, "VALIDATION", ValidationError), (500, "INTERNAL", ServerError), (429, "RATE_LIMITED", RateLimitError)]
    for status, code, kind in cases:
        script = Script(envelope(status, code, headers={"Retry-After": "3600"}))
        client, _ = customer(script)
        with pytest.raises(kind) as caught:
            client.sessions.get("s1")
        assert isinstance(caught.value, ApiError) and caught.value.code == code
    assert caught.value.retry_after_seconds == 3600


def test_connection_errors_exhausted_raise_api_connection_error():
    script = Script(httpx.ConnectError("refused"), httpx.ConnectError("refused"), httpx.ConnectError("refused"))
    client, sleeps = customer(script)
    with pytest.raises(ApiConnectionError):
        client.sessions.get("s1")
    assert len(script.requests) == 3


def test_an_error_without_envelope_keeps_its_status():
    script = Script(httpx.Response(404, text="<html>not here</html>"))
    client, _ = customer(script)
    with pytest.raises(ApiError) as caught:
        client.sessions.get("s1")
    assert caught.value.status == 404 and caught.value.code == "HTTP_404" and caught.value.request_id


def test_null_is_sent_and_omitted_arguments_are_not():
    config = {"assistant_automation_id": None, "webhook": None}
    script = Script(httpx.Response(200, json=config))
    client, _ = partner(script)
    client.assistant_config.put(ORG, webhook=None)
    assert json.loads(script.requests[0].content) == {"webhook": None}


def test_query_and_path_parameters():
    page = {"items": [], "next_cursor": None}
    script = Script(httpx.Response(200, json=page))
    client, _ = partner(script)
    client.events.list(ORG, since="e 1", limit=5)
    url = script.requests[0].url
    assert url.path == f"/api/partner/v1/organizations/{ORG}/events"
    assert dict(url.params) == {"since": "e 1", "limit": "5"}


def test_x_service_subject_as_a_client_option_and_per_call():
    page = httpx.Response(200, json={"items": []})
    script = Script(page, httpx.Response(200, json={"items": []}))
    client = PartnerClient("http://svc.test", "ykp_test", transport=httpx.MockTransport(script), sleep=lambda _: None, subject="worker-a")
    client.workers.list(ORG)
    client.workers.list(ORG, request_options={"subject": "worker-b"})
    assert [request.headers["x-service-subject"] for request in script.requests] == ["worker-a", "worker-b"]


def test_the_async_client_retries_with_one_key_and_raises_typed_errors():
    import asyncio

    from agent_automation_sdk import AsyncCustomerClient, NotFoundError

    opened = httpx.Response(202, json={"sessionId": "s1", "executionId": "e1", "revision": 1})
    script = Script(envelope(502, "HTTP_ERROR"), opened, envelope(404, "NOT_FOUND"))
    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    async def run() -> None:
        async with AsyncCustomerClient("http://svc.test", "yk_test", transport=httpx.MockTransport(script), sleep=sleep) as client:
            session = await client.sessions.open(TRIGGER, message="hi")
            assert session.session_id == "s1"
            with pytest.raises(NotFoundError):
                await client.sessions.post_message("s1", message="again")

    asyncio.run(run())
    first, retry = script.requests[:2]
    assert first.headers["idempotency-key"] == retry.headers["idempotency-key"] and len(waits) == 1


def test_a_value_mistake_raises_the_sdks_validation_error_and_sends_nothing():
    from agent_automation_sdk import PartnerClient, RequestValidationError, ValidationError

    sent = []
    partner = PartnerClient("http://svc.test", "ykp_x", transport=httpx.MockTransport(lambda request: sent.append(request) or httpx.Response(200, json={})))
    for call in (lambda: partner.entitlements.set("o", "a", enabled="false"), lambda: partner.oauth_apps.set_state("o", state="wrong")):
        with pytest.raises(ValidationError) as caught:
            call()
        assert isinstance(caught.value, RequestValidationError)
        assert caught.value.code == "VALIDATION" and caught.value.status == 0
        assert caught.value.details["issues"][0]["path"] and "not sent" in caught.value.message
    assert sent == []
