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


class ApiConnectionError(AgentAutomationError):
    """No answer: the connection failed or timed out on every attempt."""

    def __init__(self, message: str, request_id: str | None = None) -> None:
        super().__init__(message)
        self.request_id = request_id


class WebhookVerificationError(AgentAutomationError):
    """A webhook delivery whose signature or timestamp does not verify: answer it 401."""
