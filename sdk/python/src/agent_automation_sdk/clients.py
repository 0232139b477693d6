"""The two clients: generated operation methods by resource, plus what generation cannot know
(the session stream's type, the pagers)."""

from __future__ import annotations

from typing import Any, Iterator

from ._client import RequestOptions
from ._generated.customer_client import (
    AsyncCustomerClientBase,
    CustomerClientBase,
    CustomerSessions,
    CustomerWebhookEvents,
)
from ._generated.customer_models import CompletionEvent, CompletionEventPage
from ._generated.partner_client import AsyncPartnerClientBase, PartnerClientBase, PartnerEvents, PartnerMessages
from ._generated.partner_models import AssistantEvent, AssistantEventPage, AssistantMessage, AssistantMessagePage
from .stream import SessionStream


class Sessions(CustomerSessions):
    def stream(self, session_id: str, *, last_event_id: int | str | None = None, **options: Any) -> SessionStream:  # type: ignore[override]
        """Follows a session's events (see SessionStream): reconnects with Last-Event-ID by itself.

        `last_event_id=0` replays the session from its first event; None starts at a snapshot of now.
        """
        stream: SessionStream = super().stream(session_id, last_event_id=last_event_id, **options)
        return stream


class WebhookEvents(CustomerWebhookEvents):
    """`client.webhook_events`: `list` one page, `pages` every page, `items` every event (as in the TypeScript SDK)."""

    def pages(
        self,
        *,
        type: Any = None,
        before: str | None = None,
        after: str | None = None,
        limit: int | None = None,
        request_options: RequestOptions | None = None,
    ) -> Iterator[CompletionEventPage]:
        """Pages the completion event log from the newest back (`before` an event id; None: the
        newest), or oldest first after `after` (an event id), until `next_cursor` is null."""
        forward = after is not None
        cursor = after if forward else before
        while True:
            page = self.list(
                type=type,
                before=None if forward else cursor,
                after=cursor if forward else None,
                limit=limit,
                request_options=request_options,
            )
            yield page
            if page.next_cursor is None or page.next_cursor == cursor:
                return
            cursor = page.next_cursor

    def items(self, **options: Any) -> Iterator[CompletionEvent]:
        """Every event of the log, newest first (oldest first after `after`): the items of `pages`."""
        for page in self.pages(**options):
            yield from page.items


class CustomerClient(CustomerClientBase):
    """The customer API (`/api/v1`) with a personal API key (`yk_...`) or a user token (`yku_...`).

        client = CustomerClient("https://automation.example.com", "yk_...")
        opened = client.sessions.open(agent_id, message="Hello")
    """

    sessions: Sessions
    webhook_events: WebhookEvents

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sessions = Sessions(self)
        self.webhook_events = WebhookEvents(self)


class AsyncCustomerClient(AsyncCustomerClientBase):
    """CustomerClient on httpx's AsyncClient: every operation is a coroutine, with the same
    retries, idempotency keys and typed errors. Follow a session's stream with the sync client.

        async with AsyncCustomerClient("https://automation.example.com", "yk_...") as client:
            opened = await client.sessions.open(agent_id, message="Hello")
    """


class AsyncPartnerClient(AsyncPartnerClientBase):
    """PartnerClient on httpx's AsyncClient: every operation is a coroutine.

        async with AsyncPartnerClient("https://automation.example.com", "ykp_...") as partner:
            workers = await partner.workers.list(org_id)
    """


class Events(PartnerEvents):
    """`partner.events`: `list` one page, `pages` every page, `items` every event (as in the TypeScript SDK)."""

    def pages(
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
            page = self.list(org_id, since=cursor, worker_ref=worker_ref, limit=limit, request_options=request_options)
            yield page
            if page.next_cursor is None or page.next_cursor == cursor:
                return
            cursor = page.next_cursor

    def items(self, org_id: str, **options: Any) -> Iterator[AssistantEvent]:
        """Every event after `since`, oldest first (the items of `pages`)."""
        for page in self.pages(org_id, **options):
            yield from page.items


class Messages(PartnerMessages):
    """`partner.messages`: `list` one page, `pages` every page, `items` every message (as in the TypeScript SDK)."""

    def pages(
        self,
        org_id: str,
        worker_ref: str,
        *,
        before: str | None = None,
        limit: int | None = None,
        request_options: RequestOptions | None = None,
    ) -> Iterator[AssistantMessagePage]:
        """Pages a worker's messages from the newest back (`before` a message id; None: the newest),
        each page oldest first (as served), until `next_cursor` is null (the first message)."""
        cursor = before
        while True:
            page = self.list(org_id, worker_ref, before=cursor, limit=limit, request_options=request_options)
            yield page
            if page.next_cursor is None or page.next_cursor == cursor:
                return
            cursor = page.next_cursor

    def items(self, org_id: str, worker_ref: str, **options: Any) -> Iterator[AssistantMessage]:
        """Every message of a worker from the newest back, newest first across pages."""
        for page in self.pages(org_id, worker_ref, **options):
            yield from reversed(page.items)


class PartnerClient(PartnerClientBase):
    """The partner API (`/api/partner/v1`) with a partner key (`ykp_...`) or a leased token (`ykt_...`).

        partner = PartnerClient("https://automation.example.com", "ykp_...")
        customer = partner.organizations.provision(client_name="Bakery", ...)
    """

    events: Events
    messages: Messages

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.events = Events(self)
        self.messages = Messages(self)
