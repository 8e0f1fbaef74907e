"""``python tests/console/kill_at.py TEXT ARGS…``: ``bot.py ARGS…`` that SIGKILLs itself just
before it prints a message containing TEXT, for the crash tests that need the kill at one exact
moment (after a commit, before its news is out) rather than at a random one."""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import bot  # the repository is on the path only now
from console.output import Printer


def main() -> int:
    target, args = sys.argv[1], sys.argv[2:]
    say = Printer.say

    def killed_before(self: Printer, tag: str, text: str) -> None:
        if target in text:
            os.kill(os.getpid(), signal.SIGKILL)
        say(self, tag, text)

    Printer.say = killed_before  # type: ignore[method-assign]
    return bot.main(args)


if __name__ == "__main__":
    sys.exit(main())
