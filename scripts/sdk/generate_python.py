#!/usr/bin/env python3
"""Generates the Python SDK's models and clients from the served OpenAPI documents.

    python scripts/sdk/generate_python.py           # writes sdk/python/src/agent_automation_sdk/_generated/
    python scripts/sdk/generate_python.py --check   # exits 1 when the checked-in output is stale

Reads sdk/openapi/v1.json (customer API -> CustomerClient) and sdk/openapi/partner-v1.json
(partner API -> PartnerClient). Pure standard library and deterministic: the same documents
always give the same bytes, so CI can diff. No Python OpenAPI generator runs offline here, and the
documents use a small, known subset of JSON Schema (objects, arrays, enums, const, anyOf/oneOf,
nullable type lists, $ref to components), which is all this handles; anything else is `Any`.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from python_models import (  # noqa: E402  (the generator's sibling module: names and pydantic models)
    RESERVED_FIELDS,
    HEADER,
    snake,
    pascal,
    py_name,
    docstring,
    ModelWriter,
    union,
    resolve_ref,
    one_of_objects,
    json_content,
)

ROOT = Path(__file__).resolve().parents[2]
OPENAPI_DIR = ROOT / "sdk" / "openapi"
OUT_DIR = ROOT / "sdk" / "python" / "src" / "agent_automation_sdk" / "_generated"
# Where each operation sits on the clients (resource.method), shared with the TypeScript generator.
METHOD_NAMES: dict[str, dict[str, str]] = {
    surface: names for surface, names in json.loads((ROOT / "scripts" / "sdk" / "method-names.json").read_text("utf-8")).items() if surface != "$comment"
}

# (document, module prefix, generated base class, the client it becomes)
SURFACES = [
    ("v1.json", "customer", "CustomerClientBase", "CustomerClient"),
    ("partner-v1.json", "partner", "PartnerClientBase", "PartnerClient"),
]

# Operations that take an Idempotency-Key (fire, provisioning, the assistant config and worker
# mutations; issue 16). The documents say so only in prose, so the list is ours; an operation
# whose description or header parameters name the header is added too. A listed id the
# documents no longer have fails the generation, so a rename cannot silently drop a key.
IDEMPOTENT_OPERATIONS = {
    "v1.json": {"triggers-fire", "triggers-ingress"},
    "partner-v1.json": {
        "partnerProvisioning-provisionOrganization",
        "assistantConfig-putAssistantConfig",
        "assistantWorkers-createWorker",
        "assistantWorkers-deleteWorker",
        "assistantWorkers-postMessage",
        "assistantWorkers-startTurn",
        "assistantWorkers-putPolicy",
        "assistantWorkers-decideApproval",
    },
}

# Decisions without an Idempotency-Key: a second one is 409 CONFLICT, so these are retried only
# when the service cannot have acted (no connection made, 429 before the route ran).
SEND_ONCE_OPERATIONS = {
    "v1.json": {"sessions-decideApproval", "sessions-consoleDecideApproval"},
    "partner-v1.json": {"partnerWorkers-decideWorkerSessionApproval", "partnerWorkers-decideWorkerRunApproval"},
}



def generate_surface(doc_name: str, prefix: str, base_class: str) -> dict[str, str]:
    source = OPENAPI_DIR / doc_name
    if not source.exists():
        raise SystemExit(f"{source.relative_to(ROOT)} is missing: export the OpenAPI documents first (scripts/sdk/export-openapi.ts, part of `npm run sdk`).")
    document = json.loads(source.read_text("utf-8"))
    models = ModelWriter(document)
    for name in models.components:
        models.component(name)
    idempotent_ids, send_once_ids = IDEMPOTENT_OPERATIONS[doc_name], SEND_ONCE_OPERATIONS[doc_name]
    all_ids = {op["operationId"] for item in document["paths"].values() for op in item.values()}
    missing = sorted((idempotent_ids | send_once_ids) - all_ids)
    if missing:
        raise SystemExit(f"{doc_name} has no operation {', '.join(missing)}: update the lists in {Path(__file__).name}")
    names = METHOD_NAMES.get(doc_name.removesuffix(".json"), {})
    unnamed = sorted(all_ids - set(names))
    if unnamed:
        raise SystemExit(f"scripts/sdk/method-names.json names no method for {doc_name} {', '.join(unnamed)}: add one (resource.method)")
    gone = sorted(set(names) - all_ids)
    if gone:
        raise SystemExit(f"scripts/sdk/method-names.json names operations {doc_name} lacks: {', '.join(gone)}")
    short = [op["operationId"].rsplit("-", 1)[-1] for item in document["paths"].values() for op in item.values()]
    # resource -> its rendered methods, in the documents' order
    resources: dict[str, list[str]] = {}
    for path, item in document["paths"].items():
        for http_method, op in item.items():
            op_id = op["operationId"]
            last = op_id.rsplit("-", 1)[-1]
            class_stem = pascal(last if short.count(last) == 1 else op_id)
            for name, variant in client_methods(names[op_id], op):
                resource, method_name = name.split(".")
                resources.setdefault(resource, []).append(
                    render_method(models, path, http_method.upper(), variant, class_stem, snake(method_name), op_id in idempotent_ids, op_id in send_once_ids)
                )
    server = document.get("servers", [{}])[0].get("url", "")
    info = document.get("info", {})
    title = prefix.capitalize()
    client = [
        HEADER.format(doc=doc_name),
        "from __future__ import annotations\n\n",
        "import builtins\n",
        "from typing import Any, Literal\n\n",
        "from .._client import AsyncBaseClient, AsyncResource, BaseClient, RequestOptions, Resource, _validated\n",
        "from .._models import OMIT, NoContent, RawResult\n",
        f"from .{prefix}_models import *  # noqa: F403\n",
        f"from .{prefix}_models import __all__ as _models\n\n",
        "_ = (Literal, _models, builtins)\n",
    ]
    for resource, methods in sorted(resources.items()):
        methods = [shadow_safe(method, methods) for method in methods]
        client.append(f"\n\nclass {title}{pascal(resource)}(Resource):\n")
        client.append(docstring(f"`{snake(resource)}` on {base_class.removesuffix('Base')}.", "    "))
        client.extend(methods)
        # The async twin: the same operations as coroutines (the stream stays sync-only).
        client.append(f"\n\nclass Async{title}{pascal(resource)}(AsyncResource):\n")
        client.append(docstring(f"`{snake(resource)}` on Async{base_class.removesuffix('Base')}.", "    "))
        client.extend(asynchronous(method) for method in methods if "self._open_stream(" not in method)
    for async_prefix, parent in (("", "BaseClient"), ("Async", "AsyncBaseClient")):
        description = f"{info.get('title', '')}: every operation of `{server}` (version {info.get('version', '')}), by resource. {info.get('description', '')}"
        client.extend([
            f"\n\nclass {async_prefix}{base_class}({parent}):\n",
            docstring(description if not async_prefix else f"{base_class} on httpx's AsyncClient: every operation is a coroutine.", "    "),
            "\n",
            f"    _PREFIX = {server!r}\n",
            *(f"    {snake(resource)}: {async_prefix}{title}{pascal(resource)}\n" for resource in sorted(resources)),
            "\n    def __init__(self, *args: Any, **kwargs: Any) -> None:\n",
            "        super().__init__(*args, **kwargs)\n",
            *(f"        self.{snake(resource)} = {async_prefix}{title}{pascal(resource)}(self)\n" for resource in sorted(resources)),
        ])
    return {f"{prefix}_models.py": models.render(doc_name), f"{prefix}_client.py": "".join(client)}


def client_methods(entry: str | dict[str, Any], op: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """An operation's methods: one, or one per body of a two-body route (`workers.create` and
    `workers.vouch`), each seeing only its body and the answer that body gets."""
    if isinstance(entry, str):
        return [(entry, op)]
    methods = []
    for name, split in entry.items():
        variant = copy.deepcopy(op)
        variant["requestBody"]["content"]["application/json"]["schema"] = {"$ref": f"#/components/schemas/{split['body']}"}
        for status, response in variant["responses"].items():
            if status.startswith("2") and json_content(response):
                response["content"]["application/json"]["schema"] = {"$ref": f"#/components/schemas/{split['result']}"}
        methods.append((name, variant))
    return methods


def shadow_safe(method: str, siblings: list[str]) -> str:
    """A resource with a method named like a builtin type (`workers.list`) shadows it for type
    checkers in the class body: its annotations say `builtins.list[...]` instead."""
    for name in ("list", "set", "dict"):
        if any(f"\n    def {name}(" in sibling for sibling in siblings):
            method = re.sub(rf"(?<![\w.]){name}\[", f"builtins.{name}[", method)
    return method


def asynchronous(method: str) -> str:
    """A rendered operation method as its coroutine twin."""
    return method.replace("\n    def ", "\n    async def ", 1).replace("        return self._call(", "        return await self._call(", 1)


def render_method(models: ModelWriter, path: str, method: str, op: dict[str, Any], stem: str, name: str, idempotent: bool, send_once: bool) -> str:
    name = py_name(name)
    params = op.get("parameters", [])
    idempotent = idempotent or any(p["in"] == "header" and p["name"].lower() == "idempotency-key" for p in params) or "Idempotency-Key" in op.get("description", "")
    # After it may have reached the service, a retry of a POST without a key could do it twice.
    send_once = (send_once or method == "POST") and not idempotent
    success = sorted(code for code in op["responses"] if code.startswith("2"))
    status = success[0] if success else "200"
    response = op["responses"].get(status, {})
    content = response.get("content") or {}
    doc = docstring(f"{method} {path}: {op.get('summary', '')}\n\n{op.get('description', '')}", "        ")

    if list(content) == ["text/event-stream"]:
        # The session id first: the stream reads it from the first path value (the tenant twin adds orgId).
        names = ["sessionId"] + [p["name"] for p in params if p["in"] == "path" and p["name"] != "sessionId"]
        args = ", ".join(f"{py_name(n)}: str" for n in [n for n in names if n != "sessionId"] + ["sessionId"])
        values = ", ".join(f"{n!r}: {py_name(n)}" for n in names)
        return (
            f"\n    def {name}(self, {args}, *, last_event_id: int | str | None = None, **options: Any) -> Any:\n"
            + doc
            + f"        return self._open_stream({path!r}, {{{values}}}, last_event_id=last_event_id, **options)\n"
        )

    positional: list[str] = []
    keyword_args: list[str] = []
    path_map: list[str] = []
    query_map: list[str] = []
    header_map: list[str] = []
    for param in params:
        arg = py_name(param["name"])
        annotation = models.type_of(param.get("schema"), stem + pascal(param["name"]))
        if param.get("schema", {}).get("pattern") == "^\\d+$":
            annotation = "int | str"
        if param["in"] == "path":
            positional.append(f"{arg}: {annotation}")
            path_map.append(f"{param['name']!r}: {arg}")
        elif param["in"] == "header" and param["name"].lower() == "idempotency-key":
            continue
        else:
            target = query_map if param["in"] == "query" else header_map
            if param.get("required"):
                keyword_args.append(f"{arg}: {annotation}")
            else:
                keyword_args.append(f"{arg}: {union([annotation, 'None'])} = None")
            target.append(f"{param['name']!r}: {arg}")

    body_expr = None
    body = json_content(op.get("requestBody") or {})
    if body is not None:
        schema = body.get("schema") or {}
        if "$ref" in schema:
            resolved_name = schema["$ref"].rsplit("/", 1)[-1]
            schema = models.components[resolved_name]
        if schema.get("type") == "object" and schema.get("properties") and "anyOf" not in schema and "oneOf" not in schema:
            request_class = models.type_of(body["schema"], stem + "Request")
            required = set(schema.get("required", []))
            fields: list[str] = []
            used = {a.split(":")[0] for a in positional + keyword_args}
            for wire, prop in schema["properties"].items():
                if idempotent and wire == "idempotencyKey":
                    continue  # the body twin of the header (the header wins): `idempotency_key=` sends the header
                arg = py_name(wire, RESERVED_FIELDS)
                while arg in used or arg in ("idempotency_key", "request_options"):
                    arg += "_"
                used.add(arg)
                annotation = models.field_types[request_class][wire]
                if re.fullmatch(r"[A-Z]\w*( \| None)?", annotation):
                    annotation = annotation.replace(" | None", "") + " | dict[str, Any]" + (" | None" if "None" in annotation else "")
                if wire in required:
                    keyword_args.append(f"{arg}: {annotation}")
                else:
                    keyword_args.append(f"{arg}: {annotation} = OMIT")
                fields.append(f"{wire!r}: {arg}")
            body_expr = f"_validated({request_class}, {{k: v for k, v in {{{', '.join(fields)}}}.items() if v is not OMIT}})"
        elif one_of_objects(schema, models.components):
            # A `oneOf` body (the trigger types, the two worker bodies, the approval decisions): one
            # keyword per field of any branch, required only when every branch requires it; the
            # service says which branch a call matches. The union's models stay importable.
            models.type_of(body["schema"], stem + "Request")
            branches = [resolve_ref(branch, models.components) for branch in schema["oneOf"]]
            required = set.intersection(*(set(branch.get("required", [])) for branch in branches))
            merged: dict[str, list[str]] = {}
            for member, branch in zip(schema["oneOf"], branches):
                # A named branch has its model already: reuse its field types (and their class names).
                known = models.field_types.get(models.component(member["$ref"].rsplit("/", 1)[-1]), {}) if "$ref" in member else {}
                for wire, prop in branch["properties"].items():
                    merged.setdefault(wire, []).append(known.get(wire) or models.type_of(prop, stem + "Request" + pascal(wire)))
            fields = []
            used = {a.split(":")[0] for a in positional + keyword_args}
            for wire, props in merged.items():
                arg = py_name(wire, RESERVED_FIELDS)
                while arg in used or arg in ("idempotency_key", "request_options"):
                    arg += "_"
                used.add(arg)
                parts = [part.replace(" | None", "") + " | dict[str, Any]" if re.fullmatch(r"[A-Z]\w*( \| None)?", part) else part for part in props]
                annotation = union(parts)
                keyword_args.append(f"{arg}: {annotation}" if wire in required else f"{arg}: {annotation} = OMIT")
                fields.append(f"{wire!r}: {arg}")
            body_expr = f"{{k: v for k, v in {{{', '.join(fields)}}}.items() if v is not OMIT}}"
        else:
            annotation = models.type_of(body.get("schema"), stem + "Request")
            keyword_args.insert(0, f"body: {union([annotation, 'dict[str, Any]'])}")
            body_expr = "body"

    json_response = json_content(response)
    if status == "204" or json_response is None:
        result, returns = "None", "NoContent"
    else:
        schema = json_response.get("schema")
        if not schema or (schema.get("type") == "object" and not schema.get("properties") and "$ref" not in schema):
            result, returns = "Any", "RawResult"
        else:
            result = models.type_of(schema, stem + "Response")
            returns = result

    # Required keyword arguments first (Python needs defaults last only for positionals; keep it readable).
    keyword_args.sort(key=lambda a: "=" in a)
    if idempotent:
        keyword_args.append("idempotency_key: str | None = None")
    keyword_args.append("request_options: RequestOptions | None = None")
    signature = ", ".join(["self", *positional, "*", *keyword_args])
    call = [f"            {method!r},\n", f"            {path!r},\n"]
    if path_map:
        call.append(f"            path_params={{{', '.join(path_map)}}},\n")
    if query_map:
        call.append(f"            query={{{', '.join(query_map)}}},\n")
    if header_map:
        call.append(f"            headers={{{', '.join(header_map)}}},\n")
    if body_expr:
        call.append(f"            body={body_expr},\n")
    call.append(f"            result={result},\n")
    if not op.get("security"):
        call.append("            auth=False,\n")
    if idempotent:
        call.append("            idempotent=True,\n            idempotency_key=idempotency_key,\n")
    if send_once:
        call.append("            resend=False,\n")
    call.append("            request_options=request_options,\n")
    return f"\n    def {name}({signature}) -> {returns}:\n" + doc + "        return self._call(\n" + "".join(call) + "        )\n"


def generate() -> dict[str, str]:
    files: dict[str, str] = {}
    exports = []
    for doc_name, prefix, base_class, _client in SURFACES:
        files.update(generate_surface(doc_name, prefix, base_class))
        exports.append(f"from .{prefix}_client import Async{base_class}, {base_class}\n")
    names = [name for s in SURFACES for name in (f"Async{s[2]}", s[2])]
    files["__init__.py"] = HEADER.format(doc="*.json") + '"""Generated models and operation methods; import the clients from agent_automation_sdk."""\n\n' + "".join(exports) + "\n__all__ = [" + ", ".join(repr(n) for n in names) + "]\n"
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the checked-in output differs from what the documents generate")
    args = parser.parse_args(argv)
    files = generate()
    if args.check:
        on_disk = {p.name: p.read_text("utf-8") for p in OUT_DIR.glob("*.py")} if OUT_DIR.exists() else {}
        stale = sorted(name for name in set(files) | set(on_disk) if files.get(name) != on_disk.get(name))
        if stale:
            print(f"The Python SDK is stale ({', '.join(stale)} in {OUT_DIR}): run `python scripts/sdk/generate_python.py` and commit the result.", file=sys.stderr)
            return 1
        print("The Python SDK matches the OpenAPI documents.")
        return 0
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for stale in OUT_DIR.glob("*.py"):
        if stale.name not in files:
            stale.unlink()
    for name, text in files.items():
        (OUT_DIR / name).write_text(text, "utf-8")
    print(f"Wrote {len(files)} files to {OUT_DIR}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
