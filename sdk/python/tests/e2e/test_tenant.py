"""Issue 40's journey in Python: a partner-only customer (directLoginDisabled) operated through
the tenant routes alone, as its provisioned owner."""

from __future__ import annotations

import json
import uuid

import httpx
from conftest import marker, poll

from agent_automation_sdk import PartnerClient


def test_operate_a_partner_only_customer_through_the_tenant_routes(world, base_url):
    with PartnerClient(base_url, world["partner"]["key"], subject="owner") as partner:
        customer = partner.organizations.provision(
            client_name="Python Tenant", client_segment=f"sdkpy-{uuid.uuid4().hex[:8]}", direct_login_disabled=True,
            owner_name="Pia Owner", domain_name="Front desk")
        org = customer.org_id
        domain_id = customer.domains[0].id
        assert domain_id in [domain.id for domain in partner.tenant_domains.list(org).items]

        token = f"tok-{uuid.uuid4()}"
        connection = partner.tenant_connections.create(org, domain_id=domain_id, integration_id="service.http", name="Orders API", token=token)
        assert token not in json.dumps(connection.model_dump(by_alias=True))

        write = marker("tenantpy")
        call = json.dumps({"url": f"{world['httpTarget']}/write", "body": {"message": "{{message}}"}})
        agent = partner.tenant_agents.create(org, domain_id=domain_id, name="Order writer", initial_setup={
            "model": "builtin:procedure",
            "procedure": f"Write the order; a person approves first.\n#service.http.post {call}",
            "approvalTools": ["service.http.post"],
        })
        assert partner.tenant_agents.verify(org, agent.id).findings == []
        assert partner.tenant_agents.publish(org, agent.id, change_note="First").response.status == 201

        trigger = partner.tenant_triggers.create(org, type="api", domain_id=domain_id, name="Orders").trigger
        partner.tenant_triggers.subscribe(org, trigger.id, agent.id)
        fired = partner.tenant_triggers.fire(org, trigger_id=trigger.id, input={"prompt": f"fired {write}"})
        assert fired.response.status == 202 and [s.automation_id for s in fired.sessions] == [agent.id]

        opened = partner.tenant_sessions.open(org, agent.id, message=write)
        with partner.tenant_sessions.stream(org, opened.session_id, last_event_id=0) as stream:
            suspended = next(event for event in stream if event.event == "turn.suspended")
        decided = partner.tenant_sessions.decide_approval(org, opened.session_id, decision="approved", approval_id=suspended.data["approvalId"])
        assert decided.decision == "approved"
        with partner.tenant_sessions.stream(org, opened.session_id, last_event_id=suspended.seq) as stream:
            next(event for event in stream if event.event == "turn.completed")

        def writes():
            answer = httpx.get(f"{world['httpTarget']}/__receiver/requests", params={"marker": write}).json()
            return [hit for hit in answer if hit["path"] == "/write"]

        hits = poll(writes, lambda found: len(found) >= 1)
        assert len(hits) == 1 and hits[0]["headers"]["authorization"] == f"Bearer {token}"
        session = partner.tenant_sessions.get(org, opened.session_id)
        assert session.messages[0].body == write and session.pending_approval_id is None
        assert token not in json.dumps(session.model_dump(by_alias=True))
