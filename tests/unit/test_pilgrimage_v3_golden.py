"""Pilgrimage 3's golden logs hold what version 3 changes: Oathbands chosen after the environment
is rolled, a Climb that stops part-way up a face, a shove, and falls with their inches."""

from __future__ import annotations

from tests.golden.coverage import log_files, read_log


def _types(name: str) -> list[str]:
    [path] = [p for p in log_files("pilgrimage", "3") if p.stem == name]
    return [line["event"]["type"] for line in read_log(path)]


def test_the_trials_choose_their_oathbands_after_the_environment() -> None:
    for name in ("reckoning", "vigil"):
        types = _types(name)
        assert types.index("environment_rolled") < types.index("oathband_submitted")
        assert "trial_ended" in types


def test_the_reckoning_climbs_part_way_shoves_and_falls() -> None:
    [path] = [p for p in log_files("pilgrimage", "3") if p.stem == "reckoning"]
    events = [line["event"] for line in read_log(path)]
    notes = [n for e in events if e["type"] == "deed_performed" for n in e["data"]["notes"]]
    assert any(n.startswith("part-way up the face") for n in notes)
    assert any(n.startswith("shove") for n in notes) and any(e["type"] == "character_shoved" for e in events)
    falls = [e["data"] for e in events if e["type"] == "character_fell"]
    assert falls and all({"inches", "damage", "knocked_down", "landed", "cause"} <= set(f) for f in falls)
