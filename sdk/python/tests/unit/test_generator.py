"""The generator: every operation of both documents becomes a method; --check catches staleness."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from agent_automation_sdk import CustomerClient, PartnerClient

REPO = Path(__file__).resolve().parents[4]
SCRIPT = REPO / "scripts" / "sdk" / "generate_python.py"
DOCS = REPO / "sdk" / "openapi"

pytestmark = pytest.mark.skipif(not (SCRIPT.exists() and (DOCS / "v1.json").exists()), reason="needs the repository's generator and sdk/openapi documents")


def load_generator():
    spec = importlib.util.spec_from_file_location("generate_python", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("document", "client_class"), [("v1.json", CustomerClient), ("partner-v1.json", PartnerClient)])
def test_every_operation_is_a_method_on_its_resource(document, client_class):
    generator = load_generator()
    spec = json.loads((DOCS / document).read_text("utf-8"))
    names = generator.METHOD_NAMES[document.removesuffix(".json")]
    operations = [op["operationId"] for item in spec["paths"].values() for op in item.values()]
    with client_class("http://127.0.0.1:9") as client:
        def methods_of(operation: str):
            entry = names[operation]
            for name in [entry] if isinstance(entry, str) else list(entry):
                resource, method = name.split(".")
                yield getattr(getattr(client, generator.snake(resource), None), generator.snake(method), None)

        missing = [op for op in operations if not all(callable(method) for method in methods_of(op))]
    assert operations and missing == []


def test_resources_read_as_in_the_typescript_sdk():
    with CustomerClient("http://127.0.0.1:9") as client, PartnerClient("http://127.0.0.1:9") as partner:
        assert callable(client.sessions.open) and callable(client.sessions.post_message)
        assert callable(partner.workers.create) and callable(partner.messages.post)
        # One operation per method: vouching a named worker and creating an assistant worker are two calls.
        assert callable(partner.workers.vouch)
        assert callable(partner.events.items) and callable(partner.messages.pages)
        assert callable(client.webhook_events.items) and callable(client.webhook_events.resend)


def test_check_passes_on_fresh_output_and_fails_on_an_edit_or_a_stray_file(tmp_path, capsys):
    generator = load_generator()
    generator.OUT_DIR = tmp_path
    assert generator.main([]) == 0
    first = {path.name: path.read_text() for path in tmp_path.glob("*.py")}
    assert generator.main([]) == 0
    assert {path.name: path.read_text() for path in tmp_path.glob("*.py")} == first  # deterministic
    assert generator.main(["--check"]) == 0
    (tmp_path / "customer_client.py").write_text(first["customer_client.py"] + "\n# edited by hand\n")
    assert generator.main(["--check"]) == 1
    assert "customer_client.py" in capsys.readouterr().err
    generator.main([])
    (tmp_path / "leftover.py").write_text("")
    assert generator.main(["--check"]) == 1


def test_the_checked_in_output_is_current():
    assert load_generator().main(["--check"]) == 0
