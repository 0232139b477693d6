"""The base of every generated model, and what a call's HTTP response adds to its result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from pydantic import BaseModel, ConfigDict, PrivateAttr


class _Omit:
    """Marks an argument the caller did not give: it is left out of the body (None sends null)."""

    _instance: "_Omit | None" = None

    def __new__(cls) -> "_Omit":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "OMIT"

    def __bool__(self) -> bool:
        return False


OMIT: Any = _Omit()


@dataclass(frozen=True)
class ResponseInfo:
    """What the HTTP exchange said besides the body."""

    status: int
    headers: Mapping[str, str] = field(repr=False)
    request_id: str | None = None
    #: True when the service answered a stored outcome of an earlier call with the same
    #: Idempotency-Key (`Idempotency-Replayed: true`) and did the work only once.
    replayed: bool = False
    #: The Idempotency-Key this call sent (generated or given), to replay the call later.
    idempotency_key: str | None = None


class ApiModel(BaseModel):
    # Extra fields are kept so a newer service never breaks an older SDK; wire names (camelCase
    # or snake_case, as the document says) are aliases of the Python names.
    model_config = ConfigDict(populate_by_name=True, extra="allow", serialize_by_alias=True)

    _response: ResponseInfo | None = PrivateAttr(default=None)

    @property
    def response(self) -> ResponseInfo | None:
        """Status, headers, request id and replay flag of the call that returned this model."""
        return self._response

    @property
    def replayed(self) -> bool:
        """True when this result is the stored answer to an earlier call with the same Idempotency-Key."""
        return bool(self._response and self._response.replayed)

    def to_wire(self) -> dict[str, Any]:
        """The JSON object as sent on the wire: wire names, unset fields left out."""
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)


@dataclass(frozen=True)
class NoContent:
    """The result of an operation that answers 204 (nothing but the exchange itself)."""

    response: ResponseInfo

    @property
    def replayed(self) -> bool:
        return self.response.replayed


@dataclass(frozen=True)
class RawResult:
    """A JSON result the document describes with no schema (returned as parsed JSON)."""

    data: Any
    response: ResponseInfo

    @property
    def replayed(self) -> bool:
        return self.response.replayed
