"""What the house-rules pages show: the options with their choices in words, and what a
house table changes in the variant's rules.

Each choice is said by the facts row of its key, fed the table with that choice, so the
house page, the facts table and the comparison use one sentence for one rule.
"""

import dataclasses
from dataclasses import dataclass
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _
from sixtysix.errors import RuleSetError
from sixtysix.ruleset import RuleSet

from words.house import code_error, combination_error, house_table_name

from . import house
from .forms import MAX_VARIANTS
from .parameters import ROWS


@dataclass(frozen=True)
class Choice:
    position: int
    words: str
    preset: bool
    chosen: bool
    sources: list[house.Source]
    refusal: str | None


@dataclass(frozen=True)
class OptionView:
    id: str
    label: str
    choices: list[Choice]


@dataclass(frozen=True)
class Group:
    title: str
    options: list[OptionView]


@dataclass(frozen=True)
class Change:
    key: str
    label: str
    house: str
    preset: str
    sections: tuple[str, ...]


def say(key: str, table: RuleSet, value: Any) -> str:
    """The facts row's words for `key` at `table` with `value` (not validated: a refused
    choice is still said as it would be played)."""
    return house.row_for(key).words(dataclasses.replace(table, **{key: value}))


def _refusal(base: RuleSet, changes: dict[str, Any]) -> str | None:
    try:
        house.house_rules(base, changes)
    except RuleSetError as exc:
        return combination_error(exc.key)
    return None


def option_groups(base: RuleSet, changes: dict[str, Any]) -> list[Group]:
    """Every offered option in the facts rows' groups, with the current choices marked and
    each choice's refusal where it cannot be combined with the others."""
    known = house.sources()
    shown = house.house_rules(base, changes) if _refusal(base, changes) is None else base
    groups: dict[str, list[OptionView]] = {}
    for option in house.offered(base):
        row = house.row_for(option.key)
        current = changes.get(option.key, getattr(base, option.key))
        refusals = [_refusal(base, {**changes, option.key: v}) for v in option.values]
        if all(refusals):  # no choice of this option would help: the conflict is elsewhere
            refusals = [None] * len(refusals)
        choices = [
            Choice(
                position,
                say(option.key, shown, value),
                house.value_id(value) == house.value_id(getattr(base, option.key)),
                house.value_id(value) == house.value_id(current),
                [known[key] for key in option.sources_of(value) if key in known],
                refusals[position],
            )
            for position, value in enumerate(option.values)
        ]
        groups.setdefault(str(row.group), []).append(OptionView(option.id, str(row.label), choices))
    order = list(dict.fromkeys(str(row.group) for row in ROWS))  # the facts rows' groups
    return [Group(title, groups[title]) for title in sorted(groups, key=order.index)]


def changes_of(base: RuleSet, table: RuleSet) -> list[Change]:
    """The options the table sets differently from the preset, each in both sets of words."""
    out = []
    for option in house.offered(base):
        mine, theirs = getattr(table, option.key), getattr(base, option.key)
        if mine != theirs:
            row = house.row_for(option.key)
            out.append(
                Change(
                    option.key,
                    str(row.label),
                    row.words(table),
                    row.words(base),
                    option.sections,
                )
            )
    return out


HOUSE_RULES_SECTION = "house-rules"


def section_notes(changes: list[Change]) -> dict[str, list[Change]]:
    """Section key -> the changes its prose (written for the preset) contradicts; the
    section on house rules names the preset's choices, so it differs whenever any does."""
    notes: dict[str, list[Change]] = {}
    for change in changes:
        for key in (*change.sections, HOUSE_RULES_SECTION):
            notes.setdefault(key, []).append(change)
    return notes


@dataclass(frozen=True)
class HouseColumn:
    """A house table as a column of the comparison (a variant's name, URL and rules)."""

    name: str
    rules: dict[str, Any]
    url: str
    value: str  # `<slug>:<code>`, as the form sends it again

    def get_absolute_url(self) -> str:
        return self.url


def house_columns(values: list[str], by_slug: dict) -> tuple[list[HouseColumn], str | None]:
    """The comparison's house tables from `<slug>:<code>` values; the first error, if any."""
    columns: list[HouseColumn] = []
    for value in list(dict.fromkeys(values))[:MAX_VARIANTS]:
        slug, _sep, code = value.partition(":")
        variant = by_slug.get(slug)
        if variant is None:
            return [], _("There is no variant called “%(slug)s”.") % {"slug": slug[:40]}
        base = RuleSet.from_dict(variant.rules)
        try:
            table, canonical = house.from_code(base, code)
        except house.HouseCodeError as exc:
            return [], code_error(exc.reason, code=code, token=exc.token, variant=variant.name)
        except RuleSetError as exc:
            return [], combination_error(exc.key)
        name = house_table_name(variant.name, canonical)
        url = reverse("rules:house_detail", kwargs={"slug": slug, "code": canonical})
        columns.append(HouseColumn(name, table.to_dict(), url, f"{slug}:{canonical}"))
    return columns, None
