"""Errors the SDK raises. Every error answer of the service becomes one ApiError."""

from __future__ import annotations

from typing import Any, Mapping


class AgentAutomationError(Exception):
    """The base of every error this SDK raises."""


class ApiError(AgentAutomationError):
    """The service answered with an error envelope `{ error: { code, message, details? } }`.

    `code` is stable and machine-readable (NOT_FOUND, VALIDATION, IDEMPOTENCY_KEY_REUSED, ...);
    `message` says what to do about it; `request_id` is what to quote to support (the service
    logs it with the failure).
    """

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        details: Mapping[str, Any] | None = None,
        request_id: str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message}" + (f" (request id {request_id})" if request_id else ""))
        self.status = status
        self.code = code
        self.message = message
        self.details: Mapping[str, Any] = details or {}
        self.request_id = request_id
        self.headers: Mapping[str, str] = headers or {}

    @property
    def retry_after(self) -> str | None:
        """The raw `Retry-After` header of the answer, when it had one."""
        return self.headers.get("retry-after")


class AuthenticationError(ApiError):
    """401: the credential is missing, unknown, expired or revoked."""


class PermissionDeniedError(ApiError):
    """403: the credential is known but may not do this."""


class NotFoundError(ApiError):
    """404: nothing there, or nothing this credential may see (answered alike)."""


class ConflictError(ApiError):
    """409: the resource's state refuses the call."""


class IdempotencyError(ConflictError):
    """409 IDEMPOTENCY_KEY_REUSED / IDEMPOTENCY_IN_PROGRESS (every IDEMPOTENCY_* code)."""


class ValidationError(ApiError):
    """400 / 415 / 422: the request itself is invalid; `details["issues"]` names the fields."""


class RequestValidationError(ValidationError):
    """A value the documents refuse (`enabled="false"`, an unknown enum value), caught before
    anything is sent: `status` is 0, `code` VALIDATION, `details["issues"]` the fields, as a
    400 from the service would name them. Catch `ValidationError` for both."""

    def __init__(self, issues: list[dict[str, Any]]) -> None:
        first = issues[0] if issues else {"path": "", "message": "the input does not match the documents"}
        where = f"{first['path']}: " if first["path"] else ""
        more = f" (and {len(issues) - 1} more)" if len(issues) > 1 else ""
        super().__init__(0, "VALIDATION", f"Invalid request, not sent: {where}{first['message']}{more}", {"issues": issues})


class RateLimitError(ApiError):
    """429: refused before anything ran; raised at once when `Retry-After` is longer than the
    policy's `max_retry_after`, or after the last retry. `retry_after_seconds` is the wait asked for."""

    @property
    def retry_after_seconds(self) -> float | None:
        from ._client import parse_retry_after

        return parse_retry_after(self.retry_after)


class ServerError(ApiError):
    """5xx: the service failed; `request_id` is what to give support."""


def typed_api_error(
    status: int,
    code: str,
    message: str,
    details: Mapping[str, Any] | None = None,
    request_id: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> ApiError:
    """The error class of an answer's family; every one is an ApiError."""
    kind: type[ApiError] = ApiError
    if code.startswith("IDEMPOTENCY_"):
        kind = IdempotencyError
    elif status == 401:
        kind = AuthenticationError
    elif status == 403:
        kind = PermissionDeniedError
    elif status == 404:
        kind = NotFoundError
    elif status == 409:
        kind = ConflictError
    elif status == 429:
        kind = RateLimitError
    elif status in (400, 415, 422):
        kind = ValidationError
    elif status >= 500:
        kind = ServerError
    return kind(status, code, message, details, request_id, headers)


class ApiConnectionError(AgentAutomationError):
    """No answer: the connection failed or timed out on every attempt."""

    def __init__(self, message: str, request_id: str | None = None) -> None:
        super().__init__(message)
        self.request_id = request_id


class WebhookVerificationError(AgentAutomationError):
    """A webhook delivery whose signature or timestamp does not verify: answer it 401."""
