"""What the README and docs/ point a new user at exists: every relative link names a file
(and, into a Markdown file, one of its headings), and every `tcstudio COMMAND` they show is a
command of the parser."""

from __future__ import annotations

import argparse
import re

from tcstudio.cli import build_parser
from tests.layers import ROOT

DOCS = sorted([ROOT / "README.md", ROOT / "examples" / "README.md",
               *(ROOT / "docs").rglob("*.md")])
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _anchors(text: str) -> set[str]:
    """GitHub's heading anchors: lower case, punctuation dropped, spaces to '-', repeats -N."""
    seen: dict[str, int] = {}
    anchors: set[str] = set()
    for heading in re.findall(r"^#{1,6}\s+(.+?)\s*#*$", FENCE.sub("", text), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        anchors.add(f"{slug}-{seen[slug]}" if slug in seen else slug)
        seen[slug] = seen.get(slug, 0) + 1
    return anchors


def test_every_relative_link_names_an_existing_file_and_heading():
    broken = []
    for doc in DOCS:
        for link in LINK.findall(FENCE.sub("", doc.read_text(encoding="utf-8"))):
            if re.match(r"[a-z]+:", link):  # http:, https:, mailto:
                continue
            path, _, anchor = link.partition("#")
            target = (doc.parent / path).resolve() if path else doc
            if not target.exists():
                broken.append(f"{doc.relative_to(ROOT)}: {link} (no such file)")
            elif anchor and target.suffix == ".md" and anchor not in _anchors(
                    target.read_text(encoding="utf-8")):
                broken.append(f"{doc.relative_to(ROOT)}: {link} (no such heading)")
    assert broken == []


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _shown_commands(text: str) -> list[str]:
    """The words after `tcstudio` in code spans and shell blocks."""
    shown = re.findall(r"`(?:\.venv/bin/)?tcstudio ([^`]+)`", FENCE.sub("", text))
    for block in re.findall(r"^```(?:sh|bash)\n(.*?)^```", text, re.M | re.S):
        shown += re.findall(r"(?:^|\s|/)tcstudio ([^\n#]+)", block)
    return shown


def test_every_tcstudio_command_the_docs_show_exists():
    commands = _subcommands(build_parser())
    rules = _subcommands(commands["rules"])
    unknown = []
    for doc in DOCS:
        for shown in _shown_commands(doc.read_text(encoding="utf-8")):
            words = shown.split()
            if words[0].startswith("-") or words[0].endswith(":"):  # --help; a message
                continue
            if words[0] not in commands:
                unknown.append(f"{doc.relative_to(ROOT)}: tcstudio {shown}")
            elif words[0] == "rules" and len(words) > 1 and re.fullmatch(r"[a-z|\\]+", words[1]):
                names = [w for w in re.split(r"\\?\|", words[1]) if w]
                unknown += [f"{doc.relative_to(ROOT)}: tcstudio rules {w}"
                            for w in names if w not in rules]
    assert unknown == []
