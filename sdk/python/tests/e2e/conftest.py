"""The e2e suite runs against the built service with the fixture world (e2e/sdk/python.spec.ts
starts it): E2E_WORLD_FILE is the world JSON, E2E_BASE_URL the service's origin."""

from __future__ import annotations

import json
import os
import sys
import time
import uuid
from pathlib import Path
from typing import Any, Callable

import httpx
import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
if SRC.exists():
    sys.path.insert(0, str(SRC))

from agent_automation_sdk import CustomerClient, PartnerClient  # noqa: E402


def _required(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise pytest.UsageError(f"{name} is not set: run this suite through e2e/sdk/python.spec.ts (or set E2E_WORLD_FILE and E2E_BASE_URL)")
    return value


@pytest.fixture(scope="session")
def world() -> dict[str, Any]:
    return json.loads(Path(_required("E2E_WORLD_FILE")).read_text("utf-8"))


@pytest.fixture(scope="session")
def base_url() -> str:
    return _required("E2E_BASE_URL")


class Counter:
    """Counts the requests a client sends (to prove what was and was not retried)."""

    def __init__(self) -> None:
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> None:
        self.requests.append(request)

    def to(self, suffix: str) -> list[httpx.Request]:
        return [request for request in self.requests if request.url.path.endswith(suffix)]


@pytest.fixture
def counter() -> Counter:
    return Counter()


@pytest.fixture
def operator(world, base_url, counter) -> CustomerClient:
    http = httpx.Client(event_hooks={"request": [counter]}, timeout=30)
    client = CustomerClient(base_url, world["orgs"]["acme"]["users"]["operator"]["apiKey"], http_client=http)
    yield client
    http.close()


@pytest.fixture
def partner(world, base_url, counter) -> PartnerClient:
    http = httpx.Client(event_hooks={"request": [counter]}, timeout=30)
    client = PartnerClient(base_url, world["partner"]["key"], http_client=http)
    yield client
    http.close()


def marker(prefix: str = "sdkpy") -> str:
    return f"{prefix}{uuid.uuid4().hex[:12]}"


def poll(read: Callable[[], Any], done: Callable[[Any], bool], timeout: float = 30.0, every: float = 0.3) -> Any:
    """Reads until `done(value)`; fails with the last value after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    value = read()
    while not done(value):
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting after {timeout} s; last value: {value!r}")
        time.sleep(every)
        value = read()
    return value
