"""Read the variant and glossary files of rules/content/ and write them to the database.

A variant's rule parameters are the engine's preset of the same id (`get_preset(slug)`):
they are written once, in the engine package, and copied here into `Variant.rules`.

Everything is parsed and checked before anything is written, and the writing happens in
one transaction, so a bad file leaves the database exactly as it was. Rows are created or
updated by their language-neutral key and saved only when a value changed, which makes a
second load a no-op. `load_content` (sixtysix_site/content.py) adds the guards around this:
no editor's change and no whole file's rows are lost unasked.
"""

import functools
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from sixtysix import RuleSetError, get_preset

from sixtysix_site.content_rows import write_rows
from words.markup import CARD_TOKEN, SUIT_TOKEN

from .models import Family, GlossaryTerm, RuleSection, Source, Variant

CONTENT_DIR = Path(__file__).resolve().parent / "content"
SECTION_KEYS = (
    "overview",
    "players-and-cards",
    "card-values",
    "the-deal",
    "bidding",
    "open-play",
    "closing",
    "strict-phase",
    "marriages",
    "trump-exchange",
    "declaring",
    "last-trick",
    "scoring",
    "match",
    "house-rules",
    "related-games",
)
# Anything that looks like a token; markup.py's patterns say which ones it draws.
BRACKET_TOKEN = re.compile(r"\[[A-Z0-9]{1,2}(?::[a-z]+)?\]")
EMPTY_FILE = "is empty: restore it, or pass --allow-delete to delete what it held"


class ContentError(Exception):
    """A content file that cannot be loaded; the message names file, field and language."""

    def __init__(self, path: Path, field_name: str, message: str, language: str | None = None):
        self.path, self.field, self.language = path, field_name, language
        where = f"{path.name}: {field_name}"
        if language:
            where += f" [{language}]"
        super().__init__(f"{where}: {message}")


def languages() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


@dataclass
class VariantData:
    slug: str
    family: str
    order: int
    players: int
    rules: dict
    texts: dict[str, dict[str, str]]  # field -> language -> text
    sections: list[dict] = field(default_factory=list)
    sources: list[dict] = field(default_factory=list)


@dataclass
class TermData:
    key: str
    order: int
    texts: dict[str, dict[str, str]]


@dataclass
class LoadReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    deleted: int = 0
    kept_edits: list[str] = field(default_factory=list)  # local edits left in place

    @property
    def changed(self) -> int:
        return self.created + self.updated + self.deleted

    def __str__(self):
        return (
            f"{self.created} created, {self.updated} updated, "
            f"{self.unchanged} unchanged, {self.deleted} deleted"
        )


def read_toml(path: Path) -> dict:
    try:
        return _copied(_parse_toml(path.read_text(encoding="utf-8")))
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(path, "file", f"not valid TOML ({exc})") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentError(path, "file", f"cannot be read ({exc})") from exc


def _copied(value: Any) -> Any:
    """A deep copy of parsed TOML: only tables and arrays are mutable (strings, numbers,
    booleans and dates are not), so this is exact and several times cheaper than
    `copy.deepcopy`."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    return value


@functools.lru_cache(maxsize=64)
def _parse_toml(text: str) -> dict:
    """The parsed text, remembered: a load reads the same unchanged files every release
    (and the tests load them dozens of times); callers get their own deep copy."""
    return tomllib.loads(text)


def text_field(path: Path, table: dict, key: str, field_name: str, language: str) -> str:
    value = table.get(key) if isinstance(table, dict) else None
    if not isinstance(value, str) or not value.strip():
        raise ContentError(path, field_name, "missing or empty", language)
    return value.strip()


def check_tokens(path: Path, field_name: str, language: str, text: str) -> None:
    for token in BRACKET_TOKEN.findall(text):
        if not (CARD_TOKEN.fullmatch(token) or SUIT_TOKEN.fullmatch(token)):
            raise ContentError(path, field_name, f"{token} is not a card or suit", language)


def is_empty(path: Path) -> bool:
    """A file that holds no TOML at all (nothing, or only comments and blank lines)."""
    return not read_toml(path)


def parse_variant_file(path: Path) -> VariantData:
    data = read_toml(path)
    if not data:
        raise ContentError(path, "file", EMPTY_FILE)
    meta = data.get("variant")
    if not isinstance(meta, dict):
        raise ContentError(path, "variant", "the [variant] table is missing")
    slug = meta.get("slug")
    if slug != path.stem:
        raise ContentError(path, "variant.slug", f"must equal the file name {path.stem!r}")
    family = meta.get("family")
    if family not in Family.values:
        raise ContentError(path, "variant.family", f"must be one of {', '.join(Family.values)}")
    order = meta.get("order")
    if not isinstance(order, int) or isinstance(order, bool) or not 0 <= order < 32768:
        raise ContentError(path, "variant.order", "must be a whole number from 0 to 32767")
    section_keys = meta.get("sections")
    if not isinstance(section_keys, list) or not section_keys:
        raise ContentError(path, "variant.sections", "must list the section keys")
    for key in section_keys:
        if key not in SECTION_KEYS:
            raise ContentError(path, "variant.sections", f"unknown section key {key!r}")
    if len(set(section_keys)) != len(section_keys):
        raise ContentError(path, "variant.sections", "lists a section twice")

    if "rules" in data:
        raise ContentError(
            path, "rules", "rule parameters live in the engine (sixtysix/presets/<id>.toml)"
        )
    try:
        rules = get_preset(slug).to_dict()
    except KeyError:
        raise ContentError(path, "variant.slug", f"{slug!r} is not an engine preset") from None
    except RuleSetError as exc:  # a broken preset file of the engine
        raise ContentError(path, f"rules.{exc.key or '?'}", str(exc)) from exc

    sources = data.get("sources", [])
    if not isinstance(sources, list):
        raise ContentError(path, "sources", "must be an array of [[sources]] tables")
    seen_ids = set()
    for index, source in enumerate(sources):
        for key in ("id", "title", "url"):
            if not isinstance(source.get(key), str) or not source[key].strip():
                raise ContentError(path, f"sources[{index}].{key}", "missing or empty")
        if not source["url"].startswith(("https://", "http://")):
            raise ContentError(path, f"sources[{index}].url", "must be an http(s) address")
        if source["id"] in seen_ids:
            raise ContentError(path, f"sources[{index}].id", "is used twice")
        seen_ids.add(source["id"])

    variant = VariantData(
        slug=slug,
        family=family,
        order=order,
        players=rules["players"],
        rules=rules,
        texts={"name": {}, "summary": {}},
    )
    variant.sections = [
        {"key": key, "order": i, "title": {}, "body": {}} for i, key in enumerate(section_keys)
    ]
    variant.sources = [
        {"key": s["id"], "order": i, "title": s["title"].strip(), "url": s["url"], "covers": {}}
        for i, s in enumerate(sources)
    ]
    for language in languages():
        block = data.get(language)
        if not isinstance(block, dict):
            raise ContentError(path, language, "the language table is missing", language)
        for key in ("name", "summary"):
            variant.texts[key][language] = text_field(path, block, key, key, language)
        covers = block.get("sources", {})
        for source in variant.sources:
            name = f"sources.{source['key']}"
            source["covers"][language] = text_field(path, covers, source["key"], name, language)
        sections = block.get("sections", {})
        if not isinstance(sections, dict):
            raise ContentError(path, "sections", "must be a table", language)
        extra = set(sections) - set(section_keys)
        if extra:
            raise ContentError(
                path, "sections", f"not listed in variant.sections: {sorted(extra)}", language
            )
        for section in variant.sections:
            name = f"sections.{section['key']}"
            table = sections.get(section["key"])
            if not isinstance(table, dict):
                raise ContentError(path, name, "missing", language)
            section["title"][language] = text_field(path, table, "title", f"{name}.title", language)
            body = text_field(path, table, "body", f"{name}.body", language)
            check_tokens(path, f"{name}.body", language, body)
            section["body"][language] = body
    return variant


def parse_glossary_file(path: Path) -> list[TermData]:
    data = read_toml(path)
    if not data:
        raise ContentError(path, "file", EMPTY_FILE)
    order = data.get("glossary", {}).get("order")
    if not isinstance(order, list) or not order:
        raise ContentError(path, "glossary.order", "must list the term keys")
    terms = [
        TermData(key=key, order=i, texts={"term": {}, "definition": {}})
        for i, key in enumerate(order)
    ]
    for language in languages():
        table = data.get(language, {}).get("terms")
        if not isinstance(table, dict):
            raise ContentError(path, "terms", "the terms table is missing", language)
        extra = set(table) - set(order)
        if extra:
            raise ContentError(
                path, "terms", f"not listed in glossary.order: {sorted(extra)}", language
            )
        for term in terms:
            entry = table.get(term.key)
            for key in ("term", "definition"):
                name = f"terms.{term.key}.{key}"
                term.texts[key][language] = text_field(path, entry or {}, key, name, language)
    return terms


def parse_content(
    content_dir: Path = CONTENT_DIR, *, skip_empty: bool = False
) -> tuple[list[VariantData], list[TermData]]:
    """Every variant file and the glossary; `skip_empty` reads an empty file as a missing one."""
    variants = [
        parse_variant_file(p)
        for p in sorted(content_dir.glob("*.toml"))
        if p.name != "glossary.toml" and not (skip_empty and is_empty(p))
    ]
    glossary_path = content_dir / "glossary.toml"
    terms = []
    if glossary_path.exists() and not (skip_empty and is_empty(glossary_path)):
        terms = parse_glossary_file(glossary_path)
    return variants, terms


def translated_columns(texts: dict[str, dict[str, str]]) -> dict[str, str]:
    return {
        f"{name}_{lang}": value
        for name, by_lang in texts.items()
        for lang, value in by_lang.items()
    }


def _children(model, label, variant, rows, fixed_fields, text_fields, report, keep):
    wanted = []
    for row in rows:
        values = {name: row[name] for name in fixed_fields}
        values.update(translated_columns({name: row[name] for name in text_fields}))
        wanted.append((row["key"], values))
    write_rows(
        {row.key: row for row in model.objects.filter(variant=variant)},
        wanted,
        lambda key: model(variant=variant, key=key),
        report,
        keep=keep,
        label=label,
        prefix=f"{variant.slug}/",
    )


@transaction.atomic
def write_content(
    variants: list[VariantData], terms: list[TermData], keep: dict | None = None
) -> LoadReport:
    """Write the parsed files; `keep` maps (label, key) to fields whose edits stay."""
    report = LoadReport()
    wanted = [
        (
            data.slug,
            {
                "family": data.family,
                "order": data.order,
                "players": data.players,
                "rules": data.rules,
                **translated_columns(data.texts),
            },
        )
        for data in variants
    ]
    existing = {v.slug: v for v in Variant.objects.all()}
    rows = write_rows(
        existing, wanted, lambda slug: Variant(slug=slug), report, keep=keep, label="variant"
    )
    for data in variants:
        for model, label, children, fixed, texts in (
            (RuleSection, "section", data.sections, ("order",), ("title", "body")),
            (Source, "source", data.sources, ("order", "title", "url"), ("covers",)),
        ):
            _children(model, label, rows[data.slug], children, fixed, texts, report, keep)

    wanted = [(data.key, {"order": data.order, **translated_columns(data.texts)}) for data in terms]
    existing_terms = {t.key: t for t in GlossaryTerm.objects.all()}
    write_rows(
        existing_terms, wanted, lambda key: GlossaryTerm(key=key), report, keep=keep, label="term"
    )
    return report


def content_load(*, content_dir: Path = CONTENT_DIR, **options) -> LoadReport:
    """Rules and glossary only (tutorials untouched), with load_content's guards and options."""
    from sixtysix_site.content import content_load as load_all  # the site app builds on this

    return load_all(rules_dir=content_dir, tutorials_dir=None, **options)
