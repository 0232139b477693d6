"""Python SDK of the Agent Automation Service: the customer API (`CustomerClient`) and the
partner API (`PartnerClient`), generated from the service's OpenAPI documents, with retries,
idempotency keys, the session stream and webhook verification (see README.md)."""

from . import webhooks
from ._client import RequestOptions, RetryPolicy, __version__, new_idempotency_key, parse_retry_after
from ._models import OMIT, ApiModel, NoContent, RawResult, ResponseInfo
from .clients import AsyncCustomerClient, AsyncPartnerClient, CustomerClient, PartnerClient
from .errors import (
    AgentAutomationError,
    ApiConnectionError,
    ApiError,
    AuthenticationError,
    ConflictError,
    IdempotencyError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    RequestValidationError,
    ServerError,
    ValidationError,
    WebhookVerificationError,
)
from .stream import SessionStream, StreamEvent

__all__ = [
    "OMIT",
    "AgentAutomationError",
    "ApiConnectionError",
    "ApiError",
    "ApiModel",
    "AsyncCustomerClient",
    "AsyncPartnerClient",
    "AuthenticationError",
    "ConflictError",
    "IdempotencyError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "RequestValidationError",
    "ServerError",
    "ValidationError",
    "CustomerClient",
    "NoContent",
    "PartnerClient",
    "RawResult",
    "RequestOptions",
    "ResponseInfo",
    "RetryPolicy",
    "SessionStream",
    "StreamEvent",
    "WebhookVerificationError",
    "__version__",
    "new_idempotency_key",
    "parse_retry_after",
    "webhooks",
]
