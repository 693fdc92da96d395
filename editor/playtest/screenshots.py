"""Render the documentation screenshots of the play-test offscreen.

`QT_QPA_PLATFORM=offscreen python -m editor.playtest.screenshots [OUT_DIR]` plays the default
map (2 players, seed 17, full setup) with a simple fort-racing script, stops in a declare
phase of round 3 with planned attacks for `playtest.png` (and the whole board at the fit
zoom of a 1280×720 window for `playtest-map.png`), then plays to the end for
`playtest-end.png` (the end screen over the window). OUT_DIR defaults to docs/images.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths
from PySide6.QtWidgets import QApplication

from editor import files
from editor.canvas.view import MapView
from editor.document import MapDocument
from editor.main_window import MainWindow
from editor.settings import Settings
from engine.content import load_map
from engine.hexes import Hex
from engine.play.session import PlaytestSession
from engine.play.setup import PlaytestOptions, SeatChoice
from engine.rules.actions import Buy, EndPhase, Fight, Move, Place

ROOT = Path(__file__).resolve().parents[2]


def _goals(st, nation: str) -> list[Hex]:
    index_of = st.game.board.index_of
    return [n for f in st.game.map.forts if st.fort_owner.get(f.id) != nation
            for e in f.entrances for n in e.neighbors()
            if n in index_of and n not in f.hexes and n not in f.entrances]


def play_move_phase(s: PlaytestSession, movers: int = 6) -> None:
    """Captures first, else units step toward forts their nation does not hold."""
    st = s.state
    nation = st.nation
    done = 0
    for u in sorted((u for u in st.units.values() if u.nation == nation),
                    key=lambda u: (u.type.unit_class != "foot", u.id)):
        st = s.state
        if done >= movers or u.id not in st.units or not st.can_move(st.units[u.id]):
            continue
        reach = st.legal_moves(u.id)
        cap = next((o for o in reach.values() if o.kind == "capture"), None)
        if cap is not None:
            s.apply(cap.action())
            done += 1
            continue
        goals = _goals(st, nation)
        options = [h for h, o in reach.items() if o.kind == "move"]
        if options and goals:
            s.apply(Move(u.id, min(options, key=lambda h: min(h.distance(g) for g in goals))))
            done += 1


def plan_attacks(s: PlaytestSession) -> None:
    """Each unit that has a target plans an attack on its first one."""
    for a in [u.id for u in s.state.occ.values() if u.nation == s.state.nation]:
        targets = sorted(s.targets(a))
        if targets:
            s.add_attack(a, targets[0])


def play_turn_rest(s: PlaytestSession) -> None:
    """From the declare phase: plan, fight, buy the first allowed unit, end the turn."""
    if s.state.is_terminal():
        return
    plan_attacks(s)
    s.start_combat()
    while s.state.phase == "combat":
        s.apply(Fight())
    if s.state.phase == "money":
        st = s.state
        forts = sorted(f for f, o in st.fort_owner.items() if o == st.nation)
        for utype in s.game.rosters[st.nation]:
            if forts and st.buy_problem(utype.id, forts[0]) is None:
                s.apply(Buy(utype.id, forts[0]))
                break
        s.apply(EndPhase())


def main(argv: list[str] | None = None) -> int:
    """Write playtest.png, playtest-map.png and playtest-end.png; returns the exit code."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    QStandardPaths.setTestModeEnabled(True)
    app = QApplication.instance() or QApplication([])
    tmp = Path(tempfile.mkdtemp(prefix="tc-shots-"))
    map_path = ROOT / "content" / "maps" / "default.map.yaml"
    settings = Settings(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
    w = MainWindow(MapDocument(load_map(map_path), map_path), view_factory=MapView,
                   settings=settings, recovery=files.RecoveryStore(tmp / "recovery"))
    w.ask_unsaved = lambda: "discard"
    w.resize(1600, 1000)
    w.show()
    c = w.playtest
    c.start(PlaytestOptions(seed=17, setup="full",
                            seats=[SeatChoice("DE"), SeatChoice("FR")]))
    s = c.session
    while s.state.phase == "setup":
        if s.state.setup_step == "assign":
            c.suggest_groups()
        else:
            s.apply(next(a for a in s.state.legal_actions() if isinstance(a, Place)))
    while s.state.round < 3 or s.state.phase != "declare" or sum(
            1 for u in s.state.occ.values()
            if u.nation == s.state.nation and s.targets(u.id)) < 2:
        if s.state.is_terminal():
            print("the game ended before round 3; try another seed", file=sys.stderr)
            return 1
        if s.state.phase == "move":
            play_move_phase(s)
            if not s.state.is_terminal():
                s.apply(EndPhase())
        else:
            play_turn_rest(s)
    plan_attacks(s)
    c.refresh()
    a, d = s.plan[0]
    c.status(QCoreApplication.translate("PlayMode", "Planned %1 → %2: %3").replace(
        "%1", a).replace("%2", d).replace("%3", s.odds_of(a, d).text()), 0)
    # The whole board at the fit zoom in a small window: the half not in play is veiled and
    # the counters must still read.
    w.resize(1280, 720)
    for _ in range(5):
        app.processEvents()
    w.view.zoom_to_fit()
    for _ in range(5):
        app.processEvents()
    w.grab().save(str(out / "playtest-map.png"))
    w.resize(1600, 1000)
    for _ in range(5):
        app.processEvents()
    w.view.set_zoom(1.6)
    w.view.center_on_hex(s.state.hex_of(s.state.units[d]))
    c.status(QCoreApplication.translate("PlayMode", "Planned %1 → %2: %3").replace(
        "%1", a).replace("%2", d).replace("%3", s.odds_of(a, d).text()), 0)
    c.panel.plan.setCurrentRow(0)
    c.panel.tabs.setCurrentIndex(0)
    for _ in range(5):
        app.processEvents()
    w.grab().save(str(out / "playtest.png"))
    while not s.state.is_terminal():
        if s.state.phase == "move":
            play_move_phase(s)
            if not s.state.is_terminal():
                s.apply(EndPhase())
        elif s.state.phase == "declare":
            play_turn_rest(s)
        if s.state.round > 30:
            s.apply(next(a for a in s.state.legal_actions() if a.verb == "surrender"))
    c.refresh()
    for _ in range(5):
        app.processEvents()
    end = c.end_dialog
    end.resize(720, 460 if end.table.isHidden() else 640)
    for _ in range(5):
        app.processEvents()
    end.grab().save(str(out / "playtest-end.png"))
    print(f"wrote playtest.png, playtest-map.png and playtest-end.png in {out}")
    c.ai_timer.stop()
    end.close()
    w.validator.shutdown()
    w.document.undo_stack.setClean()
    w.close()
    w.deleteLater()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
