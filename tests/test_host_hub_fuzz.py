"""Any message from any client, at a hub with a match being played: the
hub answers each with lines of JSON, never fails (no exception logged),
keeps the other clients' match as it was, and closes no connection."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host import hub as hub_module
from host.hub import Client, Hub
from tests.hub_kit import RecordingWriter

HOSTILE = st.sampled_from([
    None, True, False, 0, -1, 1, 2**64, -(2**63), 1.5, 1e308, "", "open", "[/]", "\x1b[2J",
    "\u202e", "x" * 200, "overboss-duel", "boss-quest", "heuristic",
])
KEYS = ["table", "seat", "game", "seats", "options", "player", "text", "kind", "action", "seq",
        "type", "away_bot", "bot", "x", "short_board"]
VALUES = st.recursive(
    HOSTILE | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(KEYS), inner,
                                                               max_size=4),
    max_leaves=10,
)
KINDS = st.sampled_from(["hello", "lobby", "create", "join", "watch", "stand", "chat", "command",
                         "shout"])


@st.composite
def messages(draw, table: str) -> bytes:
    kind = draw(KINDS)
    body: Any = draw(VALUES)
    if isinstance(body, dict) and draw(st.booleans()):
        body["table"] = table  # aimed at the match being played
    if kind == "command":
        obj = {"command": body, "table": draw(st.sampled_from([table, "nope", None]))}
    else:
        obj = {kind: body}
    line = json.dumps(obj).encode()
    if draw(st.integers(0, 9)) == 0:
        line = line[: draw(st.integers(0, len(line)))]
    return line + b"\n"


def _hub(tmp_path, monkeypatch) -> tuple[Hub, dict[str, Client], str, list]:
    bugs: list = []
    monkeypatch.setattr(hub_module.log, "exception", lambda *a, **k: bugs.append(a))
    hub = Hub(tmp_path / "matches", bot_delay=0, seed=1)
    clients = {}
    for name in ("ann", "bob", "eve"):
        client = Client(hub, RecordingWriter())  # type: ignore[arg-type]
        hub.clients.add(client)
        client.handle(json.dumps({"hello": {"player": name}}).encode())
        clients[name] = client
    clients["ann"].handle(json.dumps(
        {"create": {"game": "overboss-duel", "seats": ["open", {"player": "bob"}]}}).encode())
    table = next(iter(hub.tables))
    clients["ann"].handle(json.dumps({"join": {"table": table, "seat": 0}}).encode())
    clients["bob"].handle(json.dumps({"join": {"table": table, "seat": 1}}).encode())
    return hub, clients, table, bugs


def _fuzz(tmp_path, monkeypatch, data, count: int) -> None:
    async def run() -> None:
        hub, clients, table, bugs = _hub(tmp_path, monkeypatch)
        match = hub.tables[table].session.match
        history = list(match.history)
        eve = clients["eve"]
        try:
            for _ in range(count):
                line = data.draw(messages(table))
                before = len(eve.writer.lines)
                eve.handle(line)
                for out in eve.writer.lines[before:]:
                    json.loads(out)
                assert not bugs, (line, bugs)
                assert not eve.closed
            # eve holds no seat there: nothing she sent moved the match
            assert match.history == history and not match.closed
        finally:
            await hub.close()

    asyncio.run(run())


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_any_message_is_answered_and_disturbs_no_match(tmp_path, monkeypatch, data):
    _fuzz(tmp_path, monkeypatch, data, 20)


@pytest.mark.slow
@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_any_message_is_answered_and_disturbs_no_match_long(tmp_path, monkeypatch, data):
    _fuzz(tmp_path, monkeypatch, data, 100)
