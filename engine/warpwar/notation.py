"""Ship designs written the rulebook's way: ``PD=5 B=3 S=2 T=1 M=3 WG=1``."""

from __future__ import annotations

import re

from engine.warpwar.rulesets import Attr

_TOKEN = re.compile(r"^([A-Za-z]{1,2})\s*=\s*(\d{1,4})$")


def parse_design(text: str) -> dict[Attr, int]:
    """Read ``ATTR=N`` pairs separated by spaces or commas; ValueError names the bad part."""
    design: dict[Attr, int] = {}
    for part in re.split(r"[,\s]+(?![=\d])", text.strip()):
        if not part:
            continue
        match = _TOKEN.match(part.replace(" ", ""))
        if match is None:
            raise ValueError(f"cannot read {part!r}: write attributes like PD=5 B=3")
        code, number = match.group(1).upper(), int(match.group(2))
        try:
            attr = Attr(code)
        except ValueError:
            known = " ".join(a.value for a in Attr)
            raise ValueError(f"{code} is not a ship attribute; use {known}") from None
        if attr in design:
            raise ValueError(f"{code} is given twice")
        design[attr] = number
    if not design:
        raise ValueError("the design is empty: write attributes like PD=5 B=3")
    return design
