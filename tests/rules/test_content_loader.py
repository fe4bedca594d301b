"""The content loader: idempotent, complete, and strict about bad files."""

import shutil
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from sixtysix import get_preset, load_presets

from content.files import ContentError, read_toml
from rules.content_loader import CONTENT_DIR, content_load
from rules.models import GlossaryTerm, RuleSection, Source, Variant

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LANGUAGES = ["en", "da", "nb", "pl", "lv"]


def snapshot():
    return (
        list(Variant.objects.order_by("pk").values()),
        list(RuleSection.objects.order_by("pk").values()),
        list(Source.objects.order_by("pk").values()),
        list(GlossaryTerm.objects.order_by("pk").values()),
    )


@pytest.fixture
def content_copy(tmp_path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target, ignore=shutil.ignore_patterns("_drafts", "*.md"))
    return target


def test_every_preset_has_a_variant_row():
    assert set(Variant.objects.values_list("slug", flat=True)) == set(load_presets())


def test_loading_twice_changes_nothing():
    before = snapshot()
    report = content_load()
    assert report.changed == 0
    assert report.unchanged > 0
    assert snapshot() == before


def test_command_reports_what_it_did(capsys):
    call_command("load_content")
    assert "0 created, 0 updated" in capsys.readouterr().out


@pytest.mark.parametrize("slug", sorted(load_presets()))
def test_parameters_in_the_database_are_the_engines(slug):
    variant = Variant.objects.get(slug=slug)
    assert variant.rules == get_preset(slug).to_dict()
    assert variant.players == get_preset(slug).players
    assert variant.ruleset == get_preset(slug)


def test_a_load_puts_back_the_engines_parameters_over_a_changed_copy():
    """The copy in the database is the engine's after every load, whatever happened to it."""
    Variant.objects.filter(slug="classic66").update(rules={"target": 101}, players=3)
    content_load()
    variant = Variant.objects.get(slug="classic66")
    assert (variant.rules, variant.players) == (get_preset("classic66").to_dict(), 2)


def test_every_translated_field_is_filled_in_every_language():
    gaps = []
    for model, fields, key in [
        (Variant, ("name", "summary"), "slug"),
        (RuleSection, ("title", "body"), "key"),
        (Source, ("covers",), "key"),
        (GlossaryTerm, ("term", "definition"), "key"),
    ]:
        for obj in model.objects.all():
            for field in fields:
                for lang in LANGUAGES:
                    if not (getattr(obj, f"{field}_{lang}") or "").strip():
                        gaps.append(f"{model.__name__} {getattr(obj, key)}.{field}_{lang}")
    assert gaps == []


def test_non_english_text_is_not_a_copy_of_the_english():
    copies = [
        f"{s.variant.slug}#{s.key} [{lang}]"
        for s in RuleSection.objects.select_related("variant")
        for lang in LANGUAGES[1:]
        if getattr(s, f"body_{lang}") == s.body_en
    ]
    assert copies == []


def test_edited_text_is_updated_and_removed_rows_are_deleted(content_copy):
    path = content_copy / "classic66.toml"
    text = path.read_text()
    path.write_text(text.replace('name = "', 'name = "Renamed ', 1))
    (content_copy / "idiot66.toml").unlink()
    report = content_load(content_dir=content_copy, allow_delete=True)
    assert report.updated >= 1
    assert report.deleted >= 1
    assert not Variant.objects.filter(slug="idiot66").exists()
    assert Variant.objects.get(slug="classic66").name_en.startswith("Renamed ")


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda t: t.replace("[variant]", "[variant", 1), "classic66.toml: file"),
        (lambda t: t.replace('family = "sixty_six"', 'family = "poker"'), "variant.family"),
        (lambda t: t.replace("[en]\n", "[rules]\nhand_size = 7\n\n[en]\n", 1), "rules"),
        (lambda t: t.replace("[pl.sections.marriages]", "[pl.sections.unknown]"), "[pl]"),
        (
            lambda t: t.replace("[lv.sections.overview]\ntitle", "[lv.sections.overview]\ntitl"),
            "sections.overview.title [lv]",
        ),
        (lambda t: t.replace("[da]\nname", "[da]\nnam"), "name [da]"),
    ],
)
def test_a_broken_file_names_file_field_and_language_and_writes_nothing(
    content_copy, change, expected
):
    path = content_copy / "classic66.toml"
    path.write_text(change(path.read_text()))
    Variant.objects.filter(slug="schnapsen").update(name_en="Changed in the admin")
    before = snapshot()
    with pytest.raises(ContentError) as excinfo:
        content_load(content_dir=content_copy)
    assert expected in str(excinfo.value)
    assert snapshot() == before


def test_the_command_turns_content_errors_into_a_clean_message(settings, monkeypatch):
    def broken(**kwargs):
        raise ContentError(Path("x.toml"), "rules.deck", "bad value", "pl")

    monkeypatch.setattr("content.management.commands.load_content.content_load", broken)
    with pytest.raises(CommandError, match=r"x.toml: rules.deck \[pl\]: bad value"):
        call_command("load_content")


@pytest.mark.parametrize(
    ("language", "prose", "refused"),
    [
        ("en", "Lead the [ZH] now.", r"\[ZH\] is not a card"),
        ("pl", "Zagraj [QH:voc] teraz.", r"\[QH:voc\] is not a card"),  # no such case
    ],
)
def test_a_bad_card_token_in_prose_is_refused(content_copy, language, prose, refused):
    path = content_copy / "schnapsen.toml"
    text = path.read_text()
    opening = "body = '''"
    start = text.index(opening, text.index(f"[{language}.sections.overview]")) + len(opening)
    path.write_text(text[:start] + prose + "\n" + text[start:])
    with pytest.raises(ContentError, match=refused):
        content_load(content_dir=content_copy)


def test_content_files_hold_no_rule_parameters():
    """The parameters are written once, in the engine's presets; the files hold the prose."""
    for path in sorted(CONTENT_DIR.glob("*.toml")):
        assert "rules" not in read_toml(path), path.name


def test_a_variant_file_without_an_engine_preset_is_refused(content_copy):
    source = content_copy / "classic66.toml"
    path = content_copy / "classic67.toml"
    path.write_text(source.read_text().replace('slug = "classic66"', 'slug = "classic67"'))
    before = snapshot()
    with pytest.raises(ContentError, match=r"classic67.toml: variant.slug: 'classic67' is not"):
        content_load(content_dir=content_copy)
    assert snapshot() == before
