"""The partner SDK against the running service: provisioning, workers, a verified webhook."""

from __future__ import annotations

import json
import uuid

import httpx
from conftest import marker, poll

from agent_automation_sdk import webhooks

# The same agent, URL and secret as e2e/api/assistant-webhooks.spec.ts and assistant-actions.spec.ts,
# which may run beside this suite: setting them again changes nothing for those files.
SECRET = "whsec_e2e_assistant_webhooks_0001"


def test_provision_a_customer_and_replay_the_call(partner, counter):
    segment = f"sdkpy-{uuid.uuid4().hex[:8]}"
    body = dict(client_name="Python Bakery", client_segment=segment, direct_login_disabled=False, owner_name="Pia Owner", domain_name="Front desk")
    created = partner.organizations.provision(**body)
    assert created.response.status == 202 and created.replayed is False
    assert created.client_segment == segment and created.onboarding_status in ("pending", "running", "completed")
    assert created.owner.invitation is not None and created.owner.invitation.url
    replay = partner.organizations.provision(**body, idempotency_key=created.response.idempotency_key)
    assert replay.replayed is True and replay.org_id == created.org_id and replay.owner.invitation is None
    read = poll(lambda: partner.organizations.get(created.org_id), lambda record: record.onboarding_status in ("completed", "failed"))
    assert read.onboarding_status == "completed", read.onboarding_error
    assert len({request.headers["idempotency-key"] for request in counter.to("/organizations")}) == 1


def test_a_real_webhook_delivery_verifies_and_is_in_the_event_log(world, partner):
    follower = world["partner"]["follower"]
    org = follower["orgId"]
    hook_url = f"{world['httpTarget']}/assistant-webhooks"
    config = partner.assistant_config.put(org, assistant_automation_id=follower["assistantAgentId"], webhook={"url": hook_url, "secret": SECRET})
    assert config.webhook.url == hook_url and SECRET not in json.dumps(config.model_dump())
    worker = partner.workers.create(org, external_ref=marker("ext"), email="sdk-python@example.com")
    worker_ref = worker.worker_ref
    posted = partner.messages.post(org, worker_ref, body="hello from the Python SDK")
    assert posted.response.status == 201 and posted.response.idempotency_key

    def deliveries():
        answer = httpx.get(f"{world['httpTarget']}/__receiver/requests", params={"marker": worker_ref}).json()
        return [hit for hit in answer if hit["path"] == "/assistant-webhooks" and json.loads(hit["body"])["type"] == "message.created"]

    hit = poll(deliveries, lambda hits: len(hits) >= 1)[0]
    event = webhooks.verify(hit["body"].encode("utf-8"), hit["headers"], SECRET)
    assert event.type == "message.created" and event.worker_ref == worker_ref
    assert event.data.outcome == "ok"
    # The event log holds the same event (same id); the iterator pages until next_cursor is null.
    assert event.id in [item.id for item in partner.events.items(org, worker_ref=worker_ref, limit=1)]
    messages = list(partner.messages.items(org, worker_ref, limit=1))
    assert event.data.message_id in [message.id for message in messages]
    assert "hello from the Python SDK" in [message.body for message in messages]
