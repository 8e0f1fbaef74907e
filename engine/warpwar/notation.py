"""Ship designs written the rulebook's way: ``PD=5 B=3 S=2 T=1 M=3 WG=1``."""

from __future__ import annotations

import re
from collections.abc import Collection

from engine.warpwar.rulesets import Attr

_TOKEN = re.compile(r"^([A-Za-z]{1,2})\s*=\s*(\d{1,4})$")


def read_attr(code: str, seen: Collection[Attr], known: tuple[Attr, ...]) -> Attr:
    """The attribute a code names (``pd`` → PD); ValueError for an unknown one or one in ``seen``."""
    try:
        attr = Attr(code.upper())
    except ValueError:
        names = " ".join(a.value for a in known)
        raise ValueError(f"{code} is not a ship attribute; use {names}") from None
    if attr in seen:
        raise ValueError(f"{code} is given twice")
    return attr


def parse_design(text: str) -> dict[Attr, int]:
    """Read ``ATTR=N`` pairs separated by spaces or commas; ValueError names the bad part."""
    design: dict[Attr, int] = {}
    for part in re.split(r"[,\s]+(?![=\d])", text.strip()):
        if not part:
            continue
        match = _TOKEN.match(part.replace(" ", ""))
        if match is None:
            raise ValueError(f"cannot read {part!r}: write attributes like PD=5 B=3")
        attr = read_attr(match.group(1), design, tuple(Attr))
        design[attr] = int(match.group(2))
    if not design:
        raise ValueError("the design is empty: write attributes like PD=5 B=3")
    return design
