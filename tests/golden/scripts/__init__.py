"""The scripted battles of each released ruleset version, by (ruleset, version): each returns
its battles by log name."""

from __future__ import annotations

from collections.abc import Callable

from tests.golden.client import Api, Battle
from tests.golden.scripts import d100, pericle, pilgrimage

Script = Callable[[Api], dict[str, Battle]]

SCRIPTS: dict[tuple[str, str], Script] = {
    ("pilgrimage", "1"): pilgrimage.version_1,
    ("pilgrimage", "2"): pilgrimage.version_2,
    ("pilgrimage", "3"): pilgrimage.version_3,
    ("pericle", "1"): pericle.version_1,
    ("pericle", "2"): pericle.version_2,
    ("pericle", "3"): pericle.version_3,
    ("pericle", "4"): pericle.version_4,
    ("pericle", "5"): pericle.version_5,
    ("pericle", "6"): pericle.version_6,
    ("d100", "1"): d100.version_1,
    ("d100", "2"): d100.version_2,
    ("d100", "3"): d100.version_3,
}
