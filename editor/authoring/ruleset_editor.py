"""The ruleset editor: edition and currency, money (starting money per nation, income, gift
fee, repair, special-unit price), combat and experience values, victory, and the variant
switches (editor.authoring.variants_panel). Every number shows its `estimated` flag and note;
each field's help is the schema's description of it. Undo, live validation, atomic save and
crash recovery come from editor.authoring.window."""

from __future__ import annotations

from PySide6.QtCore import QT_TR_NOOP
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from editor.authoring.document import ContentDocument, Key
from editor.authoring.fields import Binder, BoolField, ChoiceField, Field, NumberField, TextField
from editor.authoring.variants_panel import VariantsPanel
from editor.authoring.window import ContentWindow
from editor.i18n import tr
from editor.recovery import RecoveryStore
from engine.content import schema_description
from engine.model import NATIONS


def schema_help(key: Key) -> str:
    """The ruleset schema's description of the value at `key` in the current language
    (empty if it has none)."""
    return schema_description("ruleset", key)


class RulesetEditor(ContentWindow):
    """The editor window of one ruleset document."""

    kind_label = QT_TR_NOOP("Ruleset")

    def __init__(self, doc: ContentDocument, recovery: RecoveryStore | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(doc, recovery, parent)
        self.setObjectName("rulesetEditor")
        self.binder = Binder(doc)
        body = QWidget()
        columns = QHBoxLayout(body)
        left, right = QVBoxLayout(), QVBoxLayout()
        columns.addLayout(left, 1)
        columns.addLayout(right, 1)

        left.addWidget(self._group(tr("Ruleset"), [
            (("id",), tr("Id"), TextField()),
            (("name", "en"), tr("Name (en)"), TextField()),
            (("name", "de"), tr("Name (de)"), TextField()),
            (("edition",), tr("Edition"), ChoiceField([(tr("current (coins)"), "current"),
                                                       (tr("earlier (war bonds)"), "earlier")])),
            (("currency",), tr("Currency"), ChoiceField([(tr("coins"), "coins"),
                                                         (tr("war bonds"), "war_bonds")])),
        ]))
        money: list[tuple[Key, str, Field]] = [
            (("starting_money", n), tr("Starting money {nation}").format(nation=n),
             NumberField(0, 1000)) for n in NATIONS]
        money += [
            (("income_per_fort",), tr("Income per fort"), NumberField(0, 100)),
            (("gift_fee",), tr("Gift fee"), NumberField(0, 100)),
            (("repair", "mode"), tr("Repair paid"), ChoiceField([(tr("flat price"), "flat"),
                                                               (tr("card price"), "card")])),
            (("repair", "cost"), tr("Flat repair price"), NumberField(0, 100)),
            (("special_unit", "price"), tr("Special unit price"), NumberField(0, 100)),
            (("special_unit", "choice"), tr("Special unit bought"),
             ChoiceField([(tr("hidden (drawn)"), "hidden"), (tr("free choice"), "free")])),
        ]
        left.addWidget(self._group(tr("Money"), money))
        left.addWidget(self._group(tr("Combat and experience"), [
            (("destroyed_at_damage",), tr("Destroyed at damage"), NumberField(1, 20)),
            (("hit_bonus_per_level",), tr("Hit bonus per level"), NumberField(0, 12)),
            (("pincer_dice",), tr("Pincer dice"), NumberField(0, 50)),
            (("encirclement_dice",), tr("Encirclement dice"), NumberField(0, 50)),
            (("xp_for_damage",), tr("XP for damaging"), NumberField(0, 100)),
            (("xp_for_destroy",), tr("XP for destroying"), NumberField(0, 100)),
            (("experience", "veteran"), tr("XP to veteran"), NumberField(1, 100)),
            (("experience", "hero"), tr("XP to hero"), NumberField(1, 100)),
            (("last_step_to_meadow",), tr("Last step to meadow"),
             NumberField(0, 10, decimals=1)),
        ]))
        left.addWidget(self._group(tr("Victory"), [
            (("forts_to_win", "2"), tr("Forts to win (2 players)"), NumberField(1, 14)),
            (("forts_to_win", "4"), tr("Forts to win (4 players)"), NumberField(1, 14)),
            (("elimination_victory",), "", BoolField(tr("Destroying every enemy unit wins"))),
            (("unit_limit_per_type", "enabled"), "",
             BoolField(tr("Limit units of one type per player"))),
            (("unit_limit_per_type", "max"), tr("Most units of one type"), NumberField(1, 50)),
        ]))
        left.addStretch(1)
        self.variants = VariantsPanel(doc)
        box = QGroupBox(tr("Variants (RULES §11)"))
        QVBoxLayout(box).addWidget(self.variants)
        right.addWidget(box)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        self.setCentralWidget(scroll)
        self.binder.load(())
        doc.changed.connect(self.binder.refresh)
        doc.problemsChanged.connect(self.binder.show_problems)
        self.show_problems()
        self.binder.show_problems()
        self.variants.show_problems()
        self.resize(1180, 860)

    def _group(self, title: str, rows: list[tuple[Key, str, Field]]) -> QGroupBox:
        box = QGroupBox(title)
        form = QFormLayout(box)
        for key, label, field in rows:
            help_text = schema_help(key) or schema_help(key[:-1])  # e.g. name/en: the name's
            form.addRow(label, self.binder.bind(key, field, label or str(key[-1]), help_text))
        return box

    def go_to(self, key: Key) -> None:
        """Focus the field (or the variant) of a problem."""
        if key[:1] == ("variants",) and len(key) > 1:
            row = self.variants.rows.get(str(key[1]))
            if row is not None:
                row.switch.setFocus()
                self.centralWidget().ensureWidgetVisible(row)  # type: ignore[attr-defined]
            return
        field = self.binder.field_for(key)
        if field is not None:
            field.focus()
            self.centralWidget().ensureWidgetVisible(field)  # type: ignore[attr-defined]
