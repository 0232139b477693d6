"""The customer event log's pagers: `webhook_events.pages` / `items` follow `nextCursor`."""

from __future__ import annotations

import httpx

from agent_automation_sdk import CustomerClient

EVENT = {
    "type": "turn.completed",
    "createdAt": "2026-12-05T10:00:00.000Z",
    "data": {
        "sessionId": "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
        "executionId": "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
        "automationId": "3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b",
        "status": "completed",
        "error": None,
        "usage": {"inputTokens": 1, "outputTokens": 2},
    },
}
E1, E2, E3 = (f"9b2f3c1e-0000-4000-8000-00000000000{n}" for n in (1, 2, 3))


def scripted(*pages: dict) -> tuple[CustomerClient, list[httpx.Request]]:
    answers = [httpx.Response(200, json=page) for page in pages]
    requests: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        return answers.pop(0)

    return CustomerClient("http://svc.test", "yk_test", transport=httpx.MockTransport(answer)), requests


def test_items_page_back_with_before_newest_first():
    client, requests = scripted(
        {"items": [{**EVENT, "id": E3}, {**EVENT, "id": E2}], "nextCursor": E2},
        {"items": [{**EVENT, "id": E1}], "nextCursor": None},
    )
    assert [event.id for event in client.webhook_events.items(type="turn.completed", limit=2)] == [E3, E2, E1]
    assert [request.url.params.get("before") for request in requests] == [None, E2]
    assert requests[1].url.params["type"] == "turn.completed"


def test_pages_catch_up_forward_with_after():
    client, requests = scripted({"items": [{**EVENT, "id": E2}], "nextCursor": E2}, {"items": [], "nextCursor": None})
    pages = [[event.id for event in page.items] for page in client.webhook_events.pages(after=E1, limit=1)]
    assert pages == [[E2], []]
    assert [request.url.params.get("after") for request in requests] == [E1, E2]
    assert all("before" not in request.url.params for request in requests)
