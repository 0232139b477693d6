"""The two clients: generated operation methods plus what generation cannot know."""

from __future__ import annotations

from typing import Any, Iterator

from ._client import RequestOptions
from ._generated.customer_client import AsyncCustomerClientBase, CustomerClientBase
from ._generated.partner_client import AsyncPartnerClientBase, PartnerClientBase
from ._generated.partner_models import AssistantEvent, AssistantEventPage, AssistantMessage, AssistantMessagePage
from .stream import SessionStream


class CustomerClient(CustomerClientBase):
    """The customer API (`/api/v1`) with a personal API key (`yk_...`) or a user token (`yku_...`).

        client = CustomerClient("https://automation.example.com", "yk_...")
        opened = client.sessions_open(agent_id, message="Hello")
    """

    def stream_session(self, session_id: str, *, last_event_id: int | str | None = None, **options: Any) -> SessionStream:
        """Follows a session's events (see SessionStream): reconnects with Last-Event-ID by itself.

        `last_event_id=0` replays the session from its first event; None starts at a snapshot of now.
        """
        stream: SessionStream = self.agents_sessions_stream(session_id, last_event_id=last_event_id, **options)
        return stream


class AsyncCustomerClient(AsyncCustomerClientBase):
    """CustomerClient on httpx's AsyncClient: every operation is a coroutine, with the same
    retries, idempotency keys and typed errors. Follow a session's stream with the sync client.

        async with AsyncCustomerClient("https://automation.example.com", "yk_...") as client:
            opened = await client.sessions_open(agent_id, message="Hello")
    """


class AsyncPartnerClient(AsyncPartnerClientBase):
    """PartnerClient on httpx's AsyncClient: every operation is a coroutine.

        async with AsyncPartnerClient("https://automation.example.com", "ykp_...") as partner:
            workers = await partner.partner_workers_list_workers(org_id)
    """


class PartnerClient(PartnerClientBase):
    """The partner API (`/api/partner/v1`) with a partner key (`ykp_...`) or a leased token (`ykt_...`).

        partner = PartnerClient("https://automation.example.com", "ykp_...")
        customer = partner.partner_provisioning_provision_organization(client_name="Bakery", ...)
    """

    def iter_event_pages(
        self,
        org_id: str,
        *,
        since: str | None = None,
        worker_ref: str | None = None,
        limit: int | None = None,
        request_options: RequestOptions | None = None,
    ) -> Iterator[AssistantEventPage]:
        """Pages GET /events oldest first from `since` (an event id; None: the oldest) until
        `next_cursor` is null. To poll later, pass the id of the last event you processed."""
        cursor = since
        while True:
            page = self.assistant_config_list_events(org_id, since=cursor, worker_ref=worker_ref, limit=limit, request_options=request_options)
            yield page
            if page.next_cursor is None:
                return
            cursor = page.next_cursor

    def iter_events(self, org_id: str, **options: Any) -> Iterator[AssistantEvent]:
        """Every event after `since`, oldest first (the items of iter_event_pages)."""
        for page in self.iter_event_pages(org_id, **options):
            yield from page.items

    def iter_message_pages(
        self,
        org_id: str,
        worker_ref: str,
        *,
        before: str | None = None,
        limit: int | None = None,
        request_options: RequestOptions | None = None,
    ) -> Iterator[AssistantMessagePage]:
        """Pages a worker's messages from the newest back (`before` a message id; None: the newest),
        each page oldest first, until `next_cursor` is null (the first message)."""
        cursor = before
        while True:
            page = self.assistant_workers_list_messages(org_id, worker_ref, before=cursor, limit=limit, request_options=request_options)
            yield page
            if page.next_cursor is None:
                return
            cursor = page.next_cursor

    def iter_messages(self, org_id: str, worker_ref: str, **options: Any) -> Iterator[AssistantMessage]:
        """Every message of a worker, newest page first (each page's items oldest first)."""
        for page in self.iter_message_pages(org_id, worker_ref, **options):
            yield from page.items
