"""Read the variant and glossary files of rules/content/ and write them to the database.

A variant's rule parameters are the engine's preset of the same id (`get_preset(slug)`):
they are written once, in the engine package, and copied here into `Variant.rules`.

Everything is parsed and checked before anything is written, and the writing happens in
one transaction, so a bad file leaves the database exactly as it was. Rows are created or
updated by their language-neutral key and saved only when a value changed, which makes a
second load a no-op. `load_content` (content/load.py) adds the guards around this:
no editor's change and no whole file's rows are lost unasked.
"""

from dataclasses import dataclass, field
from pathlib import Path

from django.db import transaction
from sixtysix import RuleSetError, get_preset

from content.files import (
    EMPTY_FILE,
    ContentError,
    LoadReport,
    check_tokens,
    is_empty,
    languages,
    read_toml,
    text_field,
    translated_columns,
)
from content.load import content_load as load_all
from content.rows import write_rows, write_table
from content.schema import (
    Key,
    check,
    check_each,
    listed,
    one_of,
    only_listed,
    text,
    web_address,
    whole,
)

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


VARIANT_KEYS = (
    Key("family", f"must be one of {', '.join(Family.values)}", one_of(Family.values)),
    Key("order", "must be a whole number from 0 to 32767", whole(0, 32767)),
    Key("sections", "must list the section keys", listed),
)
SOURCE_KEYS = (
    Key("id", "missing or empty", text),
    Key("title", "missing or empty", text),
    Key("url", "missing or empty", text),
    Key("url", "must be an http(s) address", web_address),
)


def parse_variant_file(path: Path) -> VariantData:
    data = read_toml(path)
    if not data:
        raise ContentError(path, "file", EMPTY_FILE)
    meta = data.get("variant")
    if isinstance(meta, dict) and meta.get("slug") != path.stem:
        raise ContentError(path, "variant.slug", f"must equal the file name {path.stem!r}")
    meta = check(path, "variant", meta, VARIANT_KEYS)
    slug, section_keys = path.stem, meta["sections"]
    for key in section_keys:
        if key not in SECTION_KEYS:
            raise ContentError(path, "variant.sections", f"unknown section key {key!r}")
    if len(set(section_keys)) != len(section_keys):
        raise ContentError(path, "variant.sections", "lists a section twice")
    rules = _preset_rules(path, data, slug)
    sources = check_each(path, "sources", data.get("sources", []), SOURCE_KEYS)
    ids = [source["id"] for source in sources]
    for index, source_id in enumerate(ids):
        if source_id in ids[:index]:
            raise ContentError(path, f"sources[{index}].id", "is used twice")
    variant = VariantData(
        slug=slug,
        family=meta["family"],
        order=meta["order"],
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
        _read_language(path, data, variant, section_keys, language)
    return variant


def _preset_rules(path: Path, data: dict, slug: str) -> dict:
    """The engine preset's parameters: a content file holds none of its own."""
    if "rules" in data:
        raise ContentError(
            path, "rules", "rule parameters live in the engine (sixtysix/presets/<id>.toml)"
        )
    try:
        return get_preset(slug).to_dict()
    except KeyError:
        raise ContentError(path, "variant.slug", f"{slug!r} is not an engine preset") from None
    except RuleSetError as exc:  # a broken preset file of the engine
        raise ContentError(path, f"rules.{exc.key or '?'}", str(exc)) from exc


def _read_language(
    path: Path, data: dict, variant: VariantData, section_keys: list[str], language: str
) -> None:
    """One language's table: the name, the summary, what each source covers, the sections."""
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
    only_listed(path, "sections", sections, section_keys, "variant.sections", language)
    for section in variant.sections:
        name = f"sections.{section['key']}"
        table = sections.get(section["key"])
        if not isinstance(table, dict):
            raise ContentError(path, name, "missing", language)
        section["title"][language] = text_field(path, table, "title", f"{name}.title", language)
        body = text_field(path, table, "body", f"{name}.body", language)
        check_tokens(path, f"{name}.body", language, body)
        section["body"][language] = body


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
        only_listed(path, "terms", table, order, "glossary.order", language)
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
    variants: list[VariantData], terms: list[TermData], report: LoadReport, keep: dict | None = None
) -> LoadReport:
    """Write the parsed files; `keep` maps (label, key) to fields whose edits stay."""
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
    rows = write_table(Variant, "slug", wanted, report, keep=keep, label="variant")
    for data in variants:
        for model, label, children, fixed, texts in (
            (RuleSection, "section", data.sections, ("order",), ("title", "body")),
            (Source, "source", data.sources, ("order", "title", "url"), ("covers",)),
        ):
            _children(model, label, rows[data.slug], children, fixed, texts, report, keep)

    wanted = [(data.key, {"order": data.order, **translated_columns(data.texts)}) for data in terms]
    write_table(GlossaryTerm, "key", wanted, report, keep=keep, label="term")
    return report


def content_load(*, content_dir: Path = CONTENT_DIR, **options) -> LoadReport:
    """Rules and glossary only (tutorials untouched), with load_content's guards and options."""
    return load_all(only=("rules",), rules_dir=content_dir, **options)
