"""Plots of a balance simulation (matplotlib, no Qt): the `tcstudio simulate --report DIR` folder.

Files: win_rate.png (per team with 95 % CI), game_length.png (rounds histogram),
fort_heatmap.png (captures per game drawn on the board), losses.png (mean units lost per type
and team with CI), first_player.png (win rate of the team that moved first), summary.json.
For an area scenario (Der Erste Weltkrieg) `write_area_report` writes win_rate.png (per
alliance), game_length.png and summary.json. Each file is written atomically
(engine.content.atomic).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only; never a window (and never Qt)

import matplotlib.pyplot as plt
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure

from engine.content.atomic import atomic_write, atomic_write_text
from engine.i18n import _, ngettext
from engine.model import Scenario
from engine.rules.game import Game

TEAM_COLOURS = {"central": "#6b6b6b", "entente": "#3a6ea5", "allies": "#3a6ea5",
                "neutral": "#c8b273"}


def _save(fig: Figure, path: Path) -> None:
    try:
        atomic_write(path, lambda fh: fig.savefig(fh, format="png", dpi=110,
                                                  bbox_inches="tight"))
    finally:
        plt.close(fig)


def _save_summary(summary: dict[str, Any], path: Path) -> None:
    atomic_write_text(path, json.dumps(summary, indent=1) + "\n")


def _err(rate: dict[str, Any]) -> tuple[float, float]:
    low, high = rate["ci95"]
    return rate["rate"] - low, high - rate["rate"]


def win_rate(summary: dict[str, Any], path: Path) -> None:
    """Bars of each team's win rate with its 95 % interval."""
    teams = list(summary["wins"])
    rates = [summary["wins"][t]["rate"] for t in teams]
    errs = list(zip(*(_err(summary["wins"][t]) for t in teams), strict=True))
    fig, ax = plt.subplots(figsize=(4.5, 3.2))
    ax.bar(teams, rates, yerr=errs, capsize=6,
           color=[TEAM_COLOURS.get(t, "#888") for t in teams])
    ax.set_ylim(0, 1)
    ax.set_ylabel(_("win rate (95 % CI)"))
    ax.set_title(_title(summary))
    _save(fig, path)


def _title(summary: dict[str, Any]) -> str:
    seats = ", ".join(f"{s.get('nation') or s.get('name')}={s['ai']}" for s in summary["seats"])
    return ngettext("{n} game · {seats}", "{n} games · {seats}", summary["games"],
                    seats=seats)


def game_length(summary: dict[str, Any], path: Path) -> None:
    """Histogram of game length in rounds."""
    hist = summary["rounds"]["histogram"]
    fig, ax = plt.subplots(figsize=(5, 3.2))
    ax.bar([int(k) for k in hist], list(hist.values()), color="#7a9a5a")
    ax.set_xlabel(_("rounds"))
    ax.set_ylabel(_("games"))
    ax.set_title(_("game length: mean {mean:.1f} rounds", mean=summary["rounds"]["mean"]))
    _save(fig, path)


def losses(summary: dict[str, Any], path: Path) -> None:
    """Mean units lost per game by team and unit type, with 95 % intervals."""
    keys = sorted(summary["losses"])
    fig, ax = plt.subplots(figsize=(6.5, max(2.5, 0.28 * len(keys) + 1)))
    means = [summary["losses"][k]["mean"] for k in keys]
    lows = [m - summary["losses"][k]["ci95"][0] for k, m in zip(keys, means, strict=True)]
    highs = [summary["losses"][k]["ci95"][1] - m for k, m in zip(keys, means, strict=True)]
    ax.barh(keys, means, xerr=[lows, highs], capsize=3,
            color=[TEAM_COLOURS.get(k.split("/")[0], "#888") for k in keys])
    ax.set_xlabel(_("units lost per game (95 % CI)"))
    _save(fig, path)


def first_player(summary: dict[str, Any], path: Path) -> None:
    """The win rate of the team whose player took the first turn, with its 95 % interval."""
    r = summary["first_player_wins"]
    fig, ax = plt.subplots(figsize=(3.2, 3.2))
    ax.bar([_("first player's team")], [r["rate"]], yerr=[[_err(r)[0]], [_err(r)[1]]], capsize=6,
           color="#a55a3a")
    ax.axhline(0.5, color="black", linewidth=0.8, linestyle="--")
    ax.set_ylim(0, 1)
    ax.set_ylabel(_("win rate (95 % CI)"))
    _save(fig, path)


def fort_heatmap(summary: dict[str, Any], scenario: Scenario, path: Path) -> None:
    """The board in play with each fort coloured by its mean captures per game."""
    game = Game(scenario, seed=0, setup="quick")
    layout = game.map.layout.pixel_layout()
    board = game.board
    land, water = [], []
    for i, h in enumerate(board.hexes):
        (water if board.water[i] else land).append(layout.polygon(h))
    fig, ax = plt.subplots(figsize=(7, 7))
    ax.add_collection(PolyCollection(land, facecolors="#e8e4d8", edgecolors="#d0cab8",
                                     linewidths=0.3))
    ax.add_collection(PolyCollection(water, facecolors="#bcd3e6", edgecolors="#a8c0d4",
                                     linewidths=0.3))
    values = {f: summary["forts"][f]["captures"]["mean"] for f in summary["forts"]}
    top = max([*values.values(), 1e-9])
    cmap = plt.get_cmap("Reds")
    for f in game.forts:
        v = values.get(f.id, 0.0)
        polys = [layout.polygon(h) for h in [*f.hexes, *f.entrances]]
        ax.add_collection(PolyCollection(polys, facecolors=cmap(0.15 + 0.85 * v / top),
                                         edgecolors="black", linewidths=0.6))
        x, y = layout.hex_to_pixel(f.hexes[0])
        ax.annotate(f"{f.name or f.id}: {v:.2f}", (x, y - 1.6 * layout.size), ha="center",
                    va="center", fontsize=7,
                    bbox={"boxstyle": "round,pad=0.2", "fc": "white", "alpha": 0.8, "lw": 0})
    ax.autoscale_view()
    ax.invert_yaxis()  # screen space: y grows down
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(_("fort captures per game"))
    _save(fig, path)


def write_report(summary: dict[str, Any], scenario: Scenario, folder: Path) -> list[Path]:
    """Write every plot and the summary JSON into `folder` (created); returns the files."""
    folder.mkdir(parents=True, exist_ok=True)
    out = [folder / n for n in ("win_rate.png", "game_length.png", "fort_heatmap.png",
                                "losses.png", "first_player.png", "summary.json")]
    win_rate(summary, out[0])
    game_length(summary, out[1])
    fort_heatmap(summary, scenario, out[2])
    losses(summary, out[3])
    first_player(summary, out[4])
    _save_summary(summary, out[5])
    return out


def write_area_report(summary: dict[str, Any], folder: Path) -> list[Path]:
    """Write an area simulation's plots (win rate per alliance, game length) and its summary
    JSON into `folder` (created); returns the files."""
    folder.mkdir(parents=True, exist_ok=True)
    out = [folder / n for n in ("win_rate.png", "game_length.png", "summary.json")]
    win_rate(summary, out[0])
    game_length(summary, out[1])
    _save_summary(summary, out[2])
    return out
