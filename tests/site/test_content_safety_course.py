"""The edit guard, export_content and the admin cover lesson recaps and course-group titles."""

import difflib
from pathlib import Path

import pytest
import tomlkit
from django.core.management import CommandError

from content.edits import local_edits
from content.export import content_export
from content.files import read_toml
from content.load import LoadRefused
from tutorial.content_loader import CONTENT_DIR as TUTORIALS_DIR
from tutorial.models import CourseGroup, Tutorial

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

RULES_DIR = TUTORIALS_DIR.parent.parent / "rules" / "content"
LANGUAGES = ("en", "da", "nb", "pl", "lv")
EDITS = ["tutorial closing: recap_da", "group closing: title_pl"]
NEW_RECAP = "Du lukkede og vandt: husk de sikre stik.\n\nOg sig stop i tide."
NEW_TITLE = "Zamknięcie talii"


def snapshot():
    return [list(model.objects.order_by("pk").values()) for model in (CourseGroup, Tutorial)]


def edit_recap_and_group_title():
    """A recap saved as the admin saves it, a group title changed by a queryset update."""
    tutorial = Tutorial.objects.get(slug="closing")
    tutorial.recap_da = NEW_RECAP
    tutorial.save()
    CourseGroup.objects.filter(key="closing").update(title_pl=NEW_TITLE)


def group_table(path: Path, key: str) -> dict:
    return next(table for table in read_toml(path)["groups"] if table["id"] == key)


def test_an_edited_recap_or_group_title_stops_the_load_and_writes_nothing(load, dirs):
    _rules, tutorials = dirs
    path = tutorials / "course.toml"  # a file change the load would otherwise write
    path.write_text(path.read_text().replace('en = "First steps"', 'en = "The first steps"'))
    edit_recap_and_group_title()
    before = snapshot()
    with pytest.raises(LoadRefused) as excinfo:
        load()
    for edit in EDITS:
        assert edit in str(excinfo.value)
    assert snapshot() == before


def test_keep_edits_keeps_recap_and_title_and_loads_the_rest(command, dirs):
    _rules, tutorials = dirs
    path = tutorials / "course.toml"
    path.write_text(path.read_text().replace('en = "First steps"', 'en = "The first steps"'))
    edit_recap_and_group_title()
    out = command("--keep-edits")
    for edit in EDITS:
        assert edit in out
    assert CourseGroup.objects.get(key="first-steps").title_en == "The first steps"
    assert Tutorial.objects.get(slug="closing").recap_da == NEW_RECAP
    group = CourseGroup.objects.get(key="closing")
    assert group.title_pl == NEW_TITLE
    # Still edited: a plain load still stops, and the admin still marks both rows.
    with pytest.raises(CommandError, match="group closing: title_pl"):
        command()
    assert local_edits(group) == ["title_pl"]
    assert local_edits(Tutorial.objects.get(slug="closing")) == ["recap_da"]


def test_discard_edits_overwrites_recap_and_title_with_the_files(command, dirs):
    _rules, tutorials = dirs
    edit_recap_and_group_title()
    out = command("--discard-edits")
    assert "2 updated" in out
    recap = read_toml(tutorials / "closing.toml")["da"]["recap"]
    assert Tutorial.objects.get(slug="closing").recap_da == recap.strip()
    title = group_table(tutorials / "course.toml", "closing")["pl"]
    assert CourseGroup.objects.get(key="closing").title_pl == title
    assert "0 created, 0 updated" in command()


def test_export_writes_recap_and_title_back_and_a_load_then_changes_nothing(load, dirs):
    _rules, tutorials = dirs
    lesson, course = tutorials / "closing.toml", tutorials / "course.toml"
    originals = {path: path.read_text() for path in (lesson, course)}
    old_title = group_table(course, "closing")["pl"]
    edit_recap_and_group_title()
    report = content_export(rules_dir=dirs[0], tutorials_dir=tutorials)
    assert report.fields == 2
    assert sorted(Path(name).name for name in report.files) == ["closing.toml", "course.toml"]
    assert read_toml(lesson)["da"]["recap"].strip() == NEW_RECAP
    assert group_table(course, "closing")["pl"] == NEW_TITLE
    # Only the edited values moved, each at its own place.
    changed = {}
    for path, original in originals.items():
        diff = difflib.ndiff(original.splitlines(), path.read_text().splitlines())
        changed[path.name] = {line for line in diff if line[:2] in ("+ ", "- ") and line[2:]}
    assert changed["course.toml"] == {f'- pl = "{old_title}"', f'+ pl = "{NEW_TITLE}"'}
    old_recap = next(
        line
        for line in originals[lesson].split("\n[da]\n", 1)[1].splitlines()
        if line.startswith("recap = ")
    )
    block = ["recap = '''", *NEW_RECAP.splitlines(), "'''"]
    assert {line for line in changed["closing.toml"] if line.startswith("- ")} == {f"- {old_recap}"}
    added = {line[2:] for line in changed["closing.toml"] if line.startswith("+ ")}
    assert set(NEW_RECAP.split("\n\n")) <= added <= set(block)
    before = snapshot()
    report = load()
    assert report.changed == 0
    assert report.kept_edits == []
    assert snapshot() == before
    assert local_edits(CourseGroup.objects.get(key="closing")) == []
    assert local_edits(Tutorial.objects.get(slug="closing")) == []


def test_export_adds_a_recap_the_file_lacks_in_every_language(load, dirs):
    _rules, tutorials = dirs
    lesson = tutorials / "closing.toml"
    doc = tomlkit.parse(lesson.read_text())
    for lang in LANGUAGES:
        del doc[lang]["recap"]
    lesson.write_text(tomlkit.dumps(doc))
    load()
    tutorial = Tutorial.objects.get(slug="closing")
    assert tutorial.recap_en == ""
    tutorial.recap_en = "Only one language."
    tutorial.save()
    report = content_export(rules_dir=dirs[0], tutorials_dir=tutorials)
    assert report.files == []  # the loader wants a recap in every language or none
    assert any("recap" in line for line in report.skipped)
    for lang in LANGUAGES:
        setattr(tutorial, f"recap_{lang}", f"Recap in {lang}.")
    tutorial.save()
    content_export(rules_dir=dirs[0], tutorials_dir=tutorials)
    data = read_toml(lesson)
    assert {lang: data[lang]["recap"].strip() for lang in LANGUAGES} == {
        lang: f"Recap in {lang}." for lang in LANGUAGES
    }
    assert load().changed == 0
    assert local_edits(Tutorial.objects.get(slug="closing")) == []


def test_export_without_edits_leaves_course_and_lessons_as_they_were(dirs):
    rules, tutorials = dirs
    before = {path: path.read_bytes() for path in tutorials.glob("*.toml")}
    report = content_export(rules_dir=rules, tutorials_dir=tutorials)
    assert report.files == []
    assert {path: path.read_bytes() for path in before} == before


def test_the_course_group_admin_marks_an_edited_title(admin_client):
    edit_recap_and_group_title()
    listing = admin_client.get("/admin/tutorial/coursegroup/").content.decode()
    assert listing.count('alt="True"') == 1
    group = CourseGroup.objects.get(key="closing")
    page = admin_client.get(f"/admin/tutorial/coursegroup/{group.pk}/change/").content.decode()
    assert "title_pl" in page
    assert NEW_TITLE in page
    assert admin_client.get("/admin/tutorial/coursegroup/add/").status_code == 403


def test_the_course_group_admin_saves_a_title_as_a_local_edit(admin_client):
    group = CourseGroup.objects.get(key="first-steps")
    url = f"/admin/tutorial/coursegroup/{group.pk}/change/"
    form = admin_client.get(url).context["adminform"].form
    data = {name: form[name].value() for name in form.fields}
    assert set(data) >= {f"title_{lang}" for lang in LANGUAGES}
    data["title_lv"] = "Pirmie soļi kopā"
    response = admin_client.post(url, {k: v for k, v in data.items() if v is not None})
    assert response.status_code == 302
    group.refresh_from_db()
    assert group.title_lv == "Pirmie soļi kopā"
    assert local_edits(group) == ["title_lv"]


def test_the_tutorial_admin_edits_the_recap_in_every_language(admin_client):
    tutorial = Tutorial.objects.get(slug="closing")
    url = f"/admin/tutorial/tutorial/{tutorial.pk}/change/"
    response = admin_client.get(url)
    form = response.context["adminform"].form
    assert {f"recap_{lang}" for lang in LANGUAGES} <= set(form.fields)
    data = {name: form[name].value() for name in form.fields}
    data["recap_nb"] = "Første linje.\r\nAndre linje."
    formset = response.context["inline_admin_formsets"][0].formset
    data.update(
        {f"{formset.prefix}-{key}": value for key, value in formset.management_form.initial.items()}
    )
    for number, step_form in enumerate(formset.forms):
        for name in step_form.fields:
            value = step_form[name].value()
            if value is not None:
                data[f"{formset.prefix}-{number}-{name}"] = value
    response = admin_client.post(url, {k: v for k, v in data.items() if v is not None})
    assert response.status_code == 302
    tutorial.refresh_from_db()
    assert tutorial.recap_nb == "Første linje.\nAndre linje."
    assert local_edits(tutorial) == ["recap_nb"]
    listing = admin_client.get("/admin/tutorial/tutorial/").content.decode()
    assert listing.count('alt="True"') == 1
