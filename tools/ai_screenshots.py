"""Render docs/images/playtest-automa.png and playtest-heuristic.png: a human (DE) play-testing
against the Automa (easy) and against the heuristic AI (FR) on the default map, after the AI's
turn in round 3, the status bar showing the AI's last reason; and playtest-coop.png: France +
Britain together (hot-seat) against the Automa (standard), in their joint move phase of round
3 after a British and a French unit moved, and playtest-coop-money.png, the money dialog
buying for Britain from the shared pool.

Usage: QT_QPA_PLATFORM=offscreen python tools/ai_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, QStandardPaths
from PySide6.QtWidgets import QApplication

from editor import files
from editor.canvas.view import MapView
from editor.document import MapDocument
from editor.main_window import MainWindow
from editor.settings import Settings
from engine.ai.registry import make_bot
from engine.content import load_map
from engine.play.setup import PlaytestOptions, SeatChoice
from engine.rules.actions import EndPhase, Fight, Move

ROOT = Path(__file__).resolve().parents[1]


def _human_turn(s) -> None:
    """The human seat ends its phases (it only watches the AI here)."""
    st = s.state
    s.apply(Fight() if st.phase == "combat" else EndPhase())


def _window(prefix: str) -> MainWindow:
    """An editor window on the default map, 1600x1000, with its settings and recovery in a
    new temporary folder."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    map_path = ROOT / "content" / "maps" / "default.map.yaml"
    settings = Settings(QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat))
    w = MainWindow(MapDocument(load_map(map_path), map_path), view_factory=MapView,
                   settings=settings, recovery=files.RecoveryStore(tmp / "recovery"))
    w.ask_unsaved = lambda: "discard"
    w.resize(1600, 1000)
    w.show()
    return w


def shoot(app: QApplication, out: Path, kind: str, name: str) -> None:
    """Play until the AI has finished its round-3 turn and save the window."""
    w = _window("tc-ai-shots-")
    c = w.playtest
    c.start(PlaytestOptions(seed=5, seats=[SeatChoice("DE"), SeatChoice("FR", kind)]))
    c.ai_timer.stop()
    s = c.session
    last = ""
    while not s.state.is_terminal() and not (s.state.round >= 3 and s.state.current == 0
                                             and s.state.phase == "move" and last):
        if s.is_ai_turn():
            s.ai_step()
            last = s.ai_reasons[s.cursor - 1]
        else:
            _human_turn(s)
    c.refresh()
    c.status(f"{s.controller_label(1)}: {last}", 0)
    w.view.zoom_to_fit()
    for _ in range(5):
        app.processEvents()
    w.grab().save(str(out / name))
    w.validator.shutdown()
    w.document.undo_stack.setClean()
    w.close()
    w.deleteLater()


def shoot_coop(app: QApplication, out: Path, name: str) -> None:
    """The co-op play-test (the dialog's preset) in the joint seat's move phase of round 3."""
    w = _window("tc-coop-shots-")
    dialog = w.new_playtest_dialog()
    dialog.coop_preset.setCurrentIndex(1)  # France + Britain vs Automa (Germany)
    c = w.playtest
    c.start(dialog.options())
    c.ai_timer.stop()
    s = c.session
    bot = make_bot("heuristic", "shots")  # moves the joint seat's units for the picture
    while not s.state.is_terminal() and not (s.state.round >= 3 and s.state.nation == "FR"
                                             and s.state.phase == "move"):
        if s.is_ai_turn():
            s.ai_step()
        else:
            s.apply(bot.choose(s.state))
    st = s.state
    for flag in ("GB", "FR"):
        action = bot.choose(st)
        if isinstance(action, Move) and st.units[action.unit].flag == flag:
            c.apply(action)
        else:
            mover = next((u for u in st.units.values() if u.flag == flag and st.can_move(u)
                          and st.legal_moves(u)), None)
            if mover is not None:
                c.apply(Move(mover.id, min(st.legal_moves(mover))))
    c.refresh()
    c.status("France + Britain: one joint turn; the money pool and the forts are shared", 0)
    w.view.zoom_to_fit()
    for _ in range(5):
        app.processEvents()
    w.grab().save(str(out / name))
    c.open_money()
    c.money_dialog.for_nation.setCurrentIndex(1)
    c.money_dialog.resize(760, 760)
    for _ in range(5):
        app.processEvents()
    c.money_dialog.grab().save(str(out / name.replace(".png", "-money.png")))
    c.money_dialog.close()
    w.validator.shutdown()
    w.document.undo_stack.setClean()
    w.close()
    w.deleteLater()


def main(argv: list[str] | None = None) -> int:
    """Write the three screenshots; returns the exit code."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else ROOT / "docs" / "images"
    out.mkdir(parents=True, exist_ok=True)
    QStandardPaths.setTestModeEnabled(True)
    app = QApplication.instance() or QApplication([])
    shoot(app, out, "automa:easy", "playtest-automa.png")
    shoot(app, out, "heuristic", "playtest-heuristic.png")
    shoot_coop(app, out, "playtest-coop.png")
    print(f"wrote playtest-automa.png, playtest-heuristic.png, playtest-coop.png and "
          f"playtest-coop-money.png in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
