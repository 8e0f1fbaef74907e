"""``python bot.py --script FILE``, ``--console`` from a pipe, and a configured token."""

from __future__ import annotations

from pathlib import Path

from tests.console.helpers import STARTED, bot, write_script

SMALL = ("# a small game", "", *STARTED, "/warpwar status")


def test_a_script_plays_with_each_line_echoed_and_exits_0(tmp_path: Path) -> None:
    script = write_script(tmp_path, *SMALL)
    run = bot("--script", str(script), "--db", str(tmp_path / "db.sqlite3"), "--no-pictures")
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[0] == 'alice> /warpwar new title:"Test game" fixed_order:yes'
    assert "bob> /warpwar join" in lines
    assert "[#game] Test game begins. Turn order: alice, bob." in lines
    assert "[to alice] +40 BP: starting BP (your Build Points)." in lines
    assert lines[-1].strip().startswith("Deadline in 2 days")
    assert not any("# a small game" in line for line in lines)


def test_a_refused_line_stops_the_script_with_1_and_names_the_line(tmp_path: Path) -> None:
    script = write_script(tmp_path, *STARTED, "/move ship ship:W1 to:Kish", "/warpwar status")
    run = bot("--script", str(script), "--db", str(tmp_path / "db.sqlite3"), "--no-pictures")
    assert run.returncode == 1
    lines = run.stdout.splitlines()
    assert lines[-2].startswith("[to alice] refused: ")
    assert (
        lines[-1]
        == f"-- {script}:{len(STARTED) + 1}: that line was refused; stopping (--keep-going plays on)."
    )
    assert "alice> /warpwar status" not in lines


def test_keep_going_plays_on_and_lists_the_refused_lines(tmp_path: Path) -> None:
    script = write_script(tmp_path, *STARTED, "/move ship ship:W1 to:Kish", "/bogus", "/warpwar status")
    run = bot("--script", str(script), "--db", str(tmp_path / "db.sqlite3"), "--no-pictures", "--keep-going")
    assert run.returncode == 1
    lines = run.stdout.splitlines()
    assert "alice> /warpwar status" in lines
    assert lines[-1] == f"-- {script}: 2 lines refused: {len(STARTED) + 1}, {len(STARTED) + 2}."


def test_a_script_played_again_repeats_nothing(tmp_path: Path) -> None:
    script = write_script(tmp_path, *SMALL)
    args = ("--script", str(script), "--db", str(tmp_path / "db.sqlite3"), "--no-pictures")
    first, again = bot(*args), bot(*args)
    assert again.returncode == 0
    replayed = again.stdout.replace("   (done before the restart)", "").splitlines()
    assert replayed == [line for line in first.stdout.splitlines() if not line.startswith("[picture]")]
    assert again.stdout.count("(done before the restart)") == len(STARTED) + 1, "every line, /as too"


def test_pictures_of_a_script_go_to_the_folder_given(tmp_path: Path) -> None:
    script = write_script(tmp_path, *STARTED, "/fleetcard")
    run = bot(
        "--script", str(script), "--db", str(tmp_path / "db.sqlite3"), "--pictures", str(tmp_path / "pics")
    )
    assert run.returncode == 0
    assert f"[to alice] picture: {tmp_path / 'pics' / '0003-fleet-alice.png'}" in run.stdout.splitlines()
    # the map the end is chosen on, the map once the bases are placed, the fleet card
    names = ["0001-map.png", "0002-map.png", "0003-fleet-alice.png"]
    assert sorted(p.name for p in (tmp_path / "pics").iterdir()) == names


def test_a_missing_script_is_a_usage_error(tmp_path: Path) -> None:
    run = bot("--script", str(tmp_path / "nowhere.txt"))
    assert run.returncode == 2
    assert "no script at" in run.stderr


def test_the_console_reads_a_pipe_and_echoes_it(tmp_path: Path) -> None:
    typed = "/as bob\n/warpwar new\n/quit\n/warpwar join\n"
    run = bot("--console", "--db", str(tmp_path / "db.sqlite3"), "--no-pictures", typed=typed)
    assert run.returncode == 0
    lines = run.stdout.splitlines()
    assert "bob> /warpwar new" in lines
    assert any(
        line.startswith("[#game] WarpWar (classic learning) is open") and "bob has" in line for line in lines
    )
    assert "bob> /warpwar join" not in lines
