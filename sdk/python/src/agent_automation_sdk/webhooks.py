"""Webhook signatures (spec 6.2): assistant events (`verify`) and a customer's completion events
(`verify_completion_event`), signed alike.

Each delivery carries `X-Service-Timestamp` (Unix seconds) and `X-Service-Signature` =
`sha256=` + hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the webhook secret.
Verify over the raw bytes exactly as received, never over re-serialized JSON.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from typing import Any, Mapping

from pydantic import TypeAdapter
from pydantic import ValidationError as _PydanticValidationError

from ._generated.customer_models import CompletionEvent
from ._generated.partner_models import (
    ActionRecordedEvent,
    ApprovalRequestedEvent,
    AssistantEvent,
    ConnectionFailedEvent,
    MessageCreatedEvent,
    UsageRecordedEvent,
)

# The event models, one per type (AssistantEvent is their union), for isinstance checks.
__all__ = [
    "ActionRecordedEvent",
    "ApprovalRequestedEvent",
    "AssistantEvent",
    "CompletionEvent",
    "ConnectionFailedEvent",
    "MessageCreatedEvent",
    "UnknownEvent",
    "UsageRecordedEvent",
    "sign",
    "signature",
    "verify",
    "verify_completion_event",
]
from ._models import ApiModel
from .errors import WebhookVerificationError

class UnknownEvent(ApiModel):
    """A correctly signed event of a type this SDK version does not know yet (added by a newer
    service). Answer it 2xx (and ignore it, or log it): refusing would make the service retry it."""

    id: str
    type: str
    occurred_at: str | None = None
    worker_ref: str | None = None
    data: dict[str, Any] = {}


TIMESTAMP_HEADER = "X-Service-Timestamp"
SIGNATURE_HEADER = "X-Service-Signature"


def _bytes(value: bytes | str) -> bytes:
    return value.encode("utf-8") if isinstance(value, str) else value


def signature(secret: str, timestamp: int, raw_body: bytes | str) -> str:
    """`sha256=` + the hex HMAC-SHA256 of `<timestamp>.<raw body>`."""
    digest = hmac.new(_bytes(secret), str(timestamp).encode("ascii") + b"." + _bytes(raw_body), hashlib.sha256).hexdigest()
    return f"sha256={digest}"


def sign(raw_body: bytes | str, secret: str, timestamp: int | None = None) -> dict[str, str]:
    """The two headers the service sends with `raw_body` (for tests of your receiver)."""
    at = int(time.time()) if timestamp is None else int(timestamp)
    return {TIMESTAMP_HEADER: str(at), SIGNATURE_HEADER: signature(secret, at, raw_body)}


def _header(headers: Mapping[str, Any], name: str) -> str | None:
    getter = getattr(headers, "get", None)
    value = getter(name) if getter else None
    if value is None:
        # Plain dicts are case-sensitive; frameworks spell headers every way.
        lowered = name.lower()
        for key, item in headers.items():
            if str(key).lower() == lowered:
                value = item
                break
    if isinstance(value, (list, tuple)):
        value = value[0] if value else None
    return None if value is None else str(value)


def _verified_payload(raw_body: bytes | str, headers: Mapping[str, Any], secret: str, tolerance_seconds: int, now: float | None) -> Any:
    """The JSON of a delivery whose signature and timestamp check out; WebhookVerificationError otherwise."""
    timestamp = _header(headers, TIMESTAMP_HEADER)
    presented = _header(headers, SIGNATURE_HEADER)
    if not timestamp or not presented:
        raise WebhookVerificationError(f"missing {TIMESTAMP_HEADER} or {SIGNATURE_HEADER} header")
    try:
        at = int(timestamp.strip())
    except ValueError:
        raise WebhookVerificationError(f"{TIMESTAMP_HEADER} is not Unix seconds") from None
    current = time.time() if now is None else now
    if abs(current - at) > tolerance_seconds:
        raise WebhookVerificationError(f"{TIMESTAMP_HEADER} is more than {tolerance_seconds} seconds from now")
    expected = signature(secret, at, raw_body)
    if not hmac.compare_digest(expected.encode("ascii"), presented.strip().encode("utf-8", "replace")):
        raise WebhookVerificationError("signature does not match the body and the secret")
    try:
        return json.loads(_bytes(raw_body))
    except ValueError:
        raise WebhookVerificationError("the signed body is not JSON") from None


def _typed(payload: Any, model: Any) -> Any:
    try:
        # A model or a union of them (AssistantEvent: one model per event type, told apart by `type`).
        return TypeAdapter(model).validate_python(payload)
    except _PydanticValidationError:
        # Signed by the service, so genuine: a newer event type, or new fields of a known one.
        try:
            return UnknownEvent.model_validate(payload)
        except _PydanticValidationError:
            raise WebhookVerificationError("the signed body is not an event (no id or type)") from None


def verify(
    raw_body: bytes | str,
    headers: Mapping[str, Any],
    secret: str,
    tolerance_seconds: int = 300,
    *,
    now: float | None = None,
) -> AssistantEvent | UnknownEvent:
    """Checks an assistant webhook delivery's signature in constant time and its timestamp
    against the clock (at most `tolerance_seconds` either way), then returns the typed event; an
    event of a type this SDK does not know yet comes back as an `UnknownEvent`, never an exception.

    Raises WebhookVerificationError (answer 401) when a header is missing, the timestamp is
    stale or the signature does not match. Delivery is at least once: deduplicate by `event.id`.
    """
    result: AssistantEvent | UnknownEvent = _typed(_verified_payload(raw_body, headers, secret, tolerance_seconds, now), AssistantEvent)
    return result


def verify_completion_event(
    raw_body: bytes | str,
    headers: Mapping[str, Any],
    secret: str,
    tolerance_seconds: int = 300,
    *,
    now: float | None = None,
) -> CompletionEvent | UnknownEvent:
    """`verify` for a webhook endpoint's deliveries (POST /api/v1/webhook-endpoints, secret
    `whsec_...`): the typed `CompletionEvent` (`turn.completed`, `turn.failed`, `turn.suspended`,
    `run.completed`, `run.failed`), or an `UnknownEvent` for a type this SDK does not know yet."""
    result: CompletionEvent | UnknownEvent = _typed(_verified_payload(raw_body, headers, secret, tolerance_seconds, now), CompletionEvent)
    return result
