"""Every problem code the validator can emit is documented in docs/validation.md."""

from __future__ import annotations

import re

from engine.paths import PROJECT_ROOT


def emitted_codes() -> set[str]:
    codes: set[str] = set()
    sources = [*(PROJECT_ROOT / "engine" / "content").glob("*.py"),
               PROJECT_ROOT / "engine" / "rules" / "savecheck.py"]
    for path in sources:
        text = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r'"((?:file|yaml|json|document|schema|map|fort|start|region|'
                                r'terrain|catalog|ruleset|scenario|manifest|internal|save)'
                                r'\.[a-z0-9_]+)"', text))
        if 'f"yaml.{what}"' in text:
            codes |= {"yaml.anchor", "yaml.alias"}
        if 'f"scenario.missing_{key}"' in text:
            codes |= {"scenario.missing_map", "scenario.missing_ruleset",
                      "scenario.missing_catalog"}
    return codes


def test_every_code_is_documented():
    doc = (PROJECT_ROOT / "docs" / "validation.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"`([a-z]+\.[a-z0-9_]+)`", doc))
    documented |= {f"scenario.{m}" for m in re.findall(r"/ `(missing_[a-z]+)`", doc)}
    codes = emitted_codes()
    assert len(codes) > 90
    assert sorted(codes - documented) == []
