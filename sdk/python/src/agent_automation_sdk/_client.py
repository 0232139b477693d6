"""The hand-written transport under every generated method: auth, retries, idempotency keys,
typed errors and typed results. Generated clients only describe operations and call `_call`."""

from __future__ import annotations

import asyncio
import email.utils
import json
import random
import time
import uuid
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Mapping, TypedDict
from urllib.parse import quote

import httpx
from pydantic import TypeAdapter
from pydantic import ValidationError as PydanticValidationError

from ._models import OMIT, ApiModel, NoContent, RawResult, ResponseInfo
from .errors import ApiConnectionError, ApiError, RequestValidationError, typed_api_error

__version__ = "0.1.0"

#: 409 codes that mean "not now" rather than "never": the original call is still running.
RETRYABLE_CONFLICT_CODES = frozenset({"IDEMPOTENCY_IN_PROGRESS"})


@dataclass(frozen=True)
class RetryPolicy:
    """How a call is retried: connection errors, 429, 5xx and 409 IDEMPOTENCY_IN_PROGRESS.

    `Retry-After` (seconds or an HTTP date) is honoured when the answer carries one; otherwise
    the wait is `initial_delay * 2**attempt` (at most `max_delay`) less up to 25 % jitter. An
    answer that asks for a longer wait than `max_retry_after` is raised at once, since retrying
    sooner than the service asked only earns another refusal.
    """

    max_retries: int = 2
    initial_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_after: float = 60.0


class RequestOptions(TypedDict, total=False):
    """Per-call overrides, passed as `request_options=` to any method."""

    timeout: float | httpx.Timeout
    max_retries: int
    headers: Mapping[str, str]
    subject: str
    """`X-Service-Subject` for this call only (over the client's `subject`)."""


def parse_retry_after(value: str | None, now: float | None = None) -> float | None:
    """Seconds to wait from a `Retry-After` header: delta seconds or an HTTP date; None if absent or unreadable."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        return max(0.0, float(text))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


def _validated(model: Any, values: Mapping[str, Any]) -> Any:
    """A request body as its model; a value the documents refuse raises RequestValidationError
    (the SDK's own ValidationError), never pydantic's, and nothing is sent."""
    try:
        return model.model_validate(values)
    except PydanticValidationError as error:
        raise RequestValidationError(
            [{"path": ".".join(str(part) for part in issue["loc"]), "message": issue["msg"]} for issue in error.errors()]
        ) from None


def new_idempotency_key() -> str:
    """A fresh key in the service's format (1-128 letters, digits, `.`, `_`, `:`, `-`)."""
    return f"sdk-py-{uuid.uuid4()}"


def _jsonable(value: Any) -> Any:
    if isinstance(value, ApiModel):
        return value.to_wire()
    if isinstance(value, dict):
        return {key: _jsonable(item) for key, item in value.items() if item is not OMIT}
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    return value


_adapters: dict[Any, TypeAdapter[Any]] = {}


def _adapter(result: Any) -> TypeAdapter[Any]:
    adapter = _adapters.get(result)
    if adapter is None:
        adapter = _adapters[result] = TypeAdapter(result)
    return adapter


@dataclass(frozen=True)
class _Prepared:
    method: str
    url: str
    params: dict[str, Any]
    content: bytes | None
    headers: dict[str, str]
    timeout: Any
    max_retries: int
    request_id: str


class BaseClient:
    """Options shared by both surfaces. `base_url` is the service's origin (e.g.
    `https://automation.example.com`); the surface prefix is added by each client."""

    _PREFIX = ""

    def __init__(
        self,
        base_url: str,
        credential: str | None = None,
        *,
        http_client: httpx.Client | None = None,
        transport: httpx.BaseTransport | None = None,
        timeout: float | httpx.Timeout = 30.0,
        retry: RetryPolicy | int | None = None,
        headers: Mapping[str, str] | None = None,
        subject: str | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        """`subject`: `X-Service-Subject` on every call (partner API, spec 4.7-4.8), the worker
        the calls are made for; `request_options={"subject": ...}` overrides it per call."""
        root = base_url.rstrip("/")
        if self._PREFIX and root.endswith(self._PREFIX):
            root = root[: -len(self._PREFIX)]
        self.base_url = root
        self.credential = credential
        self.retry = retry if isinstance(retry, RetryPolicy) else RetryPolicy(max_retries=2 if retry is None else retry)
        self._owns_client = http_client is None
        self._http: Any = http_client or self._new_http_client(transport, timeout)
        self._timeout = timeout
        self._headers = dict(headers or {})
        if subject:
            self._headers["x-service-subject"] = subject
        self._sleep = sleep

    def _new_http_client(self, transport: Any, timeout: float | httpx.Timeout) -> Any:
        return httpx.Client(transport=transport, timeout=timeout)

    # -- lifecycle -------------------------------------------------------------------------
    def close(self) -> None:
        if self._owns_client:
            self._http.close()

    def __enter__(self) -> "BaseClient":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- plumbing shared with the stream ---------------------------------------------------
    def _url(self, path: str, path_params: Mapping[str, Any] | None = None) -> str:
        for name, value in (path_params or {}).items():
            path = path.replace("{" + name + "}", quote(str(value), safe=""))
        return f"{self.base_url}{self._PREFIX}{path}"

    def _base_headers(self, auth: bool, request_id: str) -> dict[str, str]:
        headers = {"accept": "application/json", "user-agent": f"agent-automation-sdk-python/{__version__}", "x-request-id": request_id}
        if auth and self.credential:
            headers["authorization"] = f"Bearer {self.credential}"
        headers.update(self._headers)
        return headers

    def _backoff(self, attempt: int) -> float:
        policy = self.retry
        delay = min(policy.max_delay, policy.initial_delay * (2**attempt))
        return delay * (1 - 0.25 * random.random())

    def _open_stream(self, path: str, path_params: Mapping[str, Any], **options: Any) -> Any:
        from .stream import SessionStream

        return SessionStream(self, self._url(path, path_params), str(next(iter(path_params.values()))), **options)

    # -- one operation ---------------------------------------------------------------------
    def _prepare(
        self,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, Any] | None = None,
        query: Mapping[str, Any] | None = None,
        body: Any = OMIT,
        headers: Mapping[str, Any] | None = None,
        auth: bool = True,
        idempotent: bool = False,
        idempotency_key: str | None = None,
        request_options: RequestOptions | None = None,
    ) -> "_Prepared":
        """Everything every attempt of one operation sends: the same headers (so the same
        Idempotency-Key and X-Request-Id) on each retry."""
        options = request_options or {}
        request_id = str(uuid.uuid4())
        send_headers = self._base_headers(auth, request_id)
        if idempotent or idempotency_key:
            send_headers["idempotency-key"] = idempotency_key or new_idempotency_key()
        for name, value in (headers or {}).items():
            if value is not None and value is not OMIT:
                send_headers[name.lower()] = str(value)
        send_headers.update({name.lower(): value for name, value in (options.get("headers") or {}).items()})
        if options.get("subject"):
            send_headers["x-service-subject"] = str(options["subject"])
        params = {name: _query_value(value) for name, value in (query or {}).items() if value is not None and value is not OMIT}
        content: bytes | None = None
        if body is not OMIT:
            content = json.dumps(_jsonable(body), separators=(",", ":")).encode("utf-8")
            send_headers["content-type"] = "application/json"
        return _Prepared(
            method=method,
            url=self._url(path, path_params),
            params=params,
            content=content,
            headers=send_headers,
            timeout=options.get("timeout", self._timeout),
            max_retries=options.get("max_retries", self.retry.max_retries),
            request_id=request_id,
        )

    def _after_transport_error(self, prepared: "_Prepared", error: httpx.TransportError, attempt: int, resend: bool) -> float:
        """The wait before retrying a request that got no answer; raises when it must not be retried."""
        # A connect error means nothing was sent; any other may have reached the service.
        never_sent = isinstance(error, (httpx.ConnectError, httpx.ConnectTimeout))
        if attempt < prepared.max_retries and (resend or never_sent):
            return self._backoff(attempt)
        raise ApiConnectionError(f"{prepared.method} {prepared.url} failed: {error!r}", request_id=prepared.request_id) from error

    def _after_error_answer(self, prepared: "_Prepared", response: httpx.Response, attempt: int, resend: bool) -> float:
        """The wait before retrying an error answer; raises its typed error when it must not be retried."""
        error = _api_error(response, prepared.request_id)
        delay = self._retry_delay(error, attempt, prepared.max_retries, resend)
        if delay is None:
            raise error
        return delay

    def _call(self, method: str, path: str, *, result: Any = None, resend: bool = True, **request: Any) -> Any:
        """Sends one operation, retrying by the policy.

        `idempotent`: the operation takes an Idempotency-Key; one is generated unless given and
        the same key goes out on every attempt, so a retry can only ever replay the first outcome.
        `resend`: False for a call that must not run twice and has no key (a POST the service
        cannot deduplicate): retried only when the service cannot have acted (no connection, 429).
        """
        prepared = self._prepare(method, path, **request)
        attempt = 0
        while True:
            try:
                response = self._http.request(prepared.method, prepared.url, params=prepared.params, content=prepared.content, headers=prepared.headers, timeout=prepared.timeout)
            except httpx.TransportError as error:
                self._sleep(self._after_transport_error(prepared, error, attempt, resend))
                attempt += 1
                continue
            if response.status_code < 400:
                return self._result(response, result, prepared.request_id, prepared.headers.get("idempotency-key"))
            self._sleep(self._after_error_answer(prepared, response, attempt, resend))
            attempt += 1

    def _retry_delay(self, error: ApiError, attempt: int, max_retries: int, resend: bool) -> float | None:
        """Seconds to wait before retrying this error answer, or None to raise it."""
        if attempt >= max_retries:
            return None
        status = error.status
        retryable = status == 429 or (status == 409 and error.code in RETRYABLE_CONFLICT_CODES) or (status >= 500 and resend)
        if not retryable:
            return None
        asked = parse_retry_after(error.retry_after)
        if asked is None:
            return self._backoff(attempt)
        return asked if asked <= self.retry.max_retry_after else None

    def _result(self, response: httpx.Response, result: Any, request_id: str, idempotency_key: str | None) -> Any:
        info = _info(response, request_id, idempotency_key)
        if response.status_code == 204 or result is None:
            return NoContent(info)
        data = response.json()
        if result is Any:
            return RawResult(data, info)
        value = _adapter(result).validate_python(data)
        if isinstance(value, ApiModel):
            value._response = info
        return value


def _query_value(value: Any) -> Any:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _info(response: httpx.Response, request_id: str, idempotency_key: str | None) -> ResponseInfo:
    return ResponseInfo(
        idempotency_key=idempotency_key,
        status=response.status_code,
        headers=response.headers,
        request_id=response.headers.get("x-request-id", request_id),
        replayed=response.headers.get("idempotency-replayed", "").lower() == "true",
    )


def _api_error(response: httpx.Response, request_id: str) -> ApiError:
    """The envelope as a typed error; an answer without one (a proxy's page) keeps its status."""
    rid = response.headers.get("x-request-id", request_id)
    try:
        payload = response.json()
        envelope = payload["error"]
        return typed_api_error(response.status_code, str(envelope["code"]), str(envelope["message"]), envelope.get("details"), rid, response.headers)
    except (ValueError, KeyError, TypeError):
        text = response.text[:500]
        return typed_api_error(response.status_code, f"HTTP_{response.status_code}", text or response.reason_phrase, None, rid, response.headers)


class AsyncBaseClient(BaseClient):
    """The same client on httpx's AsyncClient: every operation is a coroutine. Pass
    `http_client=httpx.AsyncClient(...)` or `transport=` an async transport, and an async
    `sleep` (default asyncio.sleep). Use `async with` or `await client.aclose()`."""

    def __init__(self, base_url: str, credential: str | None = None, *, sleep: Callable[[float], Awaitable[None]] = asyncio.sleep, **options: Any) -> None:
        super().__init__(base_url, credential, **options)
        self._async_sleep = sleep

    def _new_http_client(self, transport: Any, timeout: float | httpx.Timeout) -> Any:
        return httpx.AsyncClient(transport=transport, timeout=timeout)

    def close(self) -> None:
        raise TypeError("an async client is closed with `await client.aclose()`")

    async def aclose(self) -> None:
        if self._owns_client:
            await self._http.aclose()

    async def __aenter__(self) -> "AsyncBaseClient":
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def _call(self, method: str, path: str, *, result: Any = None, resend: bool = True, **request: Any) -> Any:  # type: ignore[override]
        """BaseClient._call, awaited: the same retries, keys and typed errors."""
        prepared = self._prepare(method, path, **request)
        attempt = 0
        while True:
            try:
                response = await self._http.request(prepared.method, prepared.url, params=prepared.params, content=prepared.content, headers=prepared.headers, timeout=prepared.timeout)
            except httpx.TransportError as error:
                await self._async_sleep(self._after_transport_error(prepared, error, attempt, resend))
                attempt += 1
                continue
            if response.status_code < 400:
                return self._result(response, result, prepared.request_id, prepared.headers.get("idempotency-key"))
            await self._async_sleep(self._after_error_answer(prepared, response, attempt, resend))
            attempt += 1


class Resource:
    """One resource's operations on a client (`client.sessions`, `partner.workers`): each method
    calls through the client, with its retries, idempotency keys and typed errors."""

    def __init__(self, client: BaseClient) -> None:
        self._client = client

    def _call(self, method: str, path: str, **request: Any) -> Any:
        return self._client._call(method, path, **request)

    def _open_stream(self, path: str, path_params: Mapping[str, Any], **options: Any) -> Any:
        return self._client._open_stream(path, path_params, **options)


class AsyncResource:
    """Resource on an AsyncBaseClient: every method is a coroutine."""

    def __init__(self, client: AsyncBaseClient) -> None:
        self._client = client

    async def _call(self, method: str, path: str, **request: Any) -> Any:
        return await self._client._call(method, path, **request)
