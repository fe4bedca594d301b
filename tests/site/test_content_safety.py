"""load_content loses nothing: editors' changes, whole files' rows, and says why it stops."""

import difflib
import functools
import io
import os
import socket
import subprocess
import sys
from unittest import mock

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import OperationalError, connection, connections, transaction

from content.edits import local_edits
from content.export import content_export
from content.files import ContentError, read_toml
from content.load import LoadRefused, content_load
from content.management.commands.load_content import Command as LoadCommand
from content.models import ContentVersion, LoadedText
from rules.models import GlossaryTerm, RuleSection, Source, Variant
from tutorial.models import Tutorial, TutorialStep

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def snapshot():
    return [
        list(model.objects.order_by("pk").values())
        for model in (Variant, RuleSection, Source, GlossaryTerm, Tutorial, TutorialStep)
    ]


def edit_in_the_admin_shell_and_sql():
    """One edit each way: a model save, a queryset update, and plain SQL."""
    section = RuleSection.objects.get(variant__slug="classic66", key="overview")
    section.body_da = "Redigeret i admin.\n\nAndet afsnit."
    section.save()
    Variant.objects.filter(slug="schnapsen").update(name_pl="Sznaps (poprawione)")
    table = connection.ops.quote_name(GlossaryTerm._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {table} SET definition_nb = %s WHERE key = %s",  # noqa: S608
            ["Endret med SQL.", "trick"],
        )


EDITS = [
    "section classic66/overview: body_da",
    "variant schnapsen: name_pl",
    "term trick: definition_nb",
]


# 1. An editor's change is never lost.


def test_an_edit_stops_the_load_naming_each_row_and_field_and_writes_nothing(load, dirs):
    rules, _tutorials = dirs
    path = rules / "idiot66.toml"  # a file change the load would otherwise write
    path.write_text(path.read_text().replace('name = "', 'name = "Renamed ', 1))
    edit_in_the_admin_shell_and_sql()
    before = snapshot()
    with pytest.raises(LoadRefused) as excinfo:
        load()
    for edit in EDITS:
        assert edit in str(excinfo.value)
    assert "Nothing was written" in str(excinfo.value)
    assert snapshot() == before


def test_the_command_refuses_and_names_the_edits(command):
    edit_in_the_admin_shell_and_sql()
    with pytest.raises(CommandError) as excinfo:
        command()
    for edit in EDITS:
        assert edit in str(excinfo.value)
    assert "--keep-edits or --discard-edits" in str(excinfo.value)


def test_keep_edits_keeps_them_and_loads_the_rest(command, dirs):
    rules, _tutorials = dirs
    path = rules / "idiot66.toml"
    path.write_text(path.read_text().replace('name = "', 'name = "Renamed ', 1))
    edit_in_the_admin_shell_and_sql()
    out = command("--keep-edits")
    assert "1 updated" in out
    for edit in EDITS:
        assert edit in out
    assert Variant.objects.get(slug="idiot66").name_en.startswith("Renamed ")
    assert Variant.objects.get(slug="schnapsen").name_pl == "Sznaps (poprawione)"
    assert GlossaryTerm.objects.get(key="trick").definition_nb == "Endret med SQL."
    # Still edited: a plain load still stops, and the admin still marks the row.
    with pytest.raises(CommandError, match="variant schnapsen: name_pl"):
        command()
    assert local_edits(Variant.objects.get(slug="schnapsen")) == ["name_pl"]


def test_discard_edits_overwrites_them_with_the_files(command, dirs):
    rules, _tutorials = dirs
    edit_in_the_admin_shell_and_sql()
    out = command("--discard-edits")
    assert "3 updated" in out
    name_pl = read_toml(rules / "schnapsen.toml")["pl"]["name"]
    assert Variant.objects.get(slug="schnapsen").name_pl == name_pl
    assert "0 created, 0 updated" in command()  # nothing is marked as edited any more


def test_keep_and_discard_exclude_each_other(command):
    with pytest.raises(CommandError, match="not allowed with"):
        command("--keep-edits", "--discard-edits")


def test_a_first_load_without_recorded_hashes_treats_nothing_as_edited(load):
    LoadedText.objects.all().delete()  # a database loaded before the hashes were kept
    Variant.objects.filter(slug="schnapsen").update(name_pl="Sznaps (poprawione)")
    report = load()
    assert report.updated == 1  # overwritten, as every load did before
    assert LoadedText.objects.filter(model="section", key="classic66/overview").exists()
    Variant.objects.filter(slug="schnapsen").update(name_pl="Sznaps (znowu)")
    with pytest.raises(LoadRefused, match="variant schnapsen: name_pl"):
        load()


def test_an_edit_that_matches_the_file_is_no_conflict(load, dirs):
    rules, _tutorials = dirs
    Variant.objects.filter(slug="schnapsen").update(name_pl="Sznaps (poprawione)")
    path = rules / "schnapsen.toml"
    old = read_toml(path)["pl"]["name"]
    text = path.read_text()
    start = text.index("\n[pl]\n")  # other languages may carry the same name
    edited = text[start:].replace(f'name = "{old}"', 'name = "Sznaps (poprawione)"', 1)
    path.write_text(text[:start] + edited)
    assert load().changed == 0
    assert local_edits(Variant.objects.get(slug="schnapsen")) == []


def test_an_edited_row_removed_from_its_file_needs_discard_edits(load, dirs):
    _rules, tutorials = dirs
    step = TutorialStep.objects.get(tutorial__slug="closing", key="ten-wins")
    step.text_lv = "Labots."
    step.save()
    (tutorials / "closing.toml").unlink()
    with pytest.raises(LoadRefused, match=r"step closing/ten-wins: text_lv \(the row is gone"):
        load(allow_delete=True, keep_edits=True)
    load(allow_delete=True, discard_edits=True)
    assert not Tutorial.objects.filter(slug="closing").exists()


def test_export_writes_the_edits_into_the_files_and_a_load_then_changes_nothing(load, dirs):
    rules, tutorials = dirs
    original = (rules / "classic66.toml").read_text()
    old_body = read_toml(rules / "classic66.toml")["da"]["sections"]["overview"]["body"]
    edit_in_the_admin_shell_and_sql()
    source = Source.objects.get(variant__slug="classic66", key="pagat66")
    source.url = "https://www.pagat.com/marriage/sixty-six.html"
    source.save()
    step = TutorialStep.objects.get(tutorial__slug="closing", key="close-now")
    step.hint_en = "Close it: say 'closed' with it's \"quotes\" \\ and all."
    step.save()
    report = content_export(rules_dir=rules, tutorials_dir=tutorials)
    assert report.fields == 5
    exported = (rules / "classic66.toml").read_text()
    assert "body = '''\nRedigeret i admin.\n\nAndet afsnit.\n'''" in exported
    assert 'url = "https://www.pagat.com/marriage/sixty-six.html"' in exported
    # Nothing else in the file moved: only the edited lines differ.
    diff = list(difflib.ndiff(original.splitlines(), exported.splitlines()))
    added = {line[2:] for line in diff if line.startswith("+ ") and line[2:]}
    removed = {line[2:] for line in diff if line.startswith("- ") and line[2:]}
    assert added == {
        "Redigeret i admin.",
        "Andet afsnit.",
        'url = "https://www.pagat.com/marriage/sixty-six.html"',
    }
    assert removed == {'url = "https://www.pagat.com/marriage/66.html"'} | {
        line for line in old_body.splitlines() if line
    }
    assert read_toml(rules / "schnapsen.toml")["pl"]["name"] == "Sznaps (poprawione)"
    assert read_toml(rules / "glossary.toml")["nb"]["terms"]["trick"]["definition"] == (
        "Endret med SQL."
    )
    hint = read_toml(tutorials / "closing.toml")["en"]["steps"]["close-now"]["hint"]
    assert hint.strip() == step.hint_en  # the loader strips the newline before the quotes
    before = snapshot()
    report = load()
    assert report.changed == 0
    assert report.kept_edits == []
    assert snapshot() == before
    assert local_edits(RuleSection.objects.get(variant__slug="classic66", key="overview")) == []


def test_the_export_command_names_the_files_it_wrote(monkeypatch, dirs, command):
    rules, tutorials = dirs
    export = functools.partial(content_export, rules_dir=rules, tutorials_dir=tutorials)
    monkeypatch.setattr("content.management.commands.export_content.content_export", export)
    Variant.objects.filter(slug="schnapsen").update(name_pl="Sznaps (poprawione)")
    out = io.StringIO()
    call_command("export_content", stdout=out)
    assert out.getvalue().splitlines() == [
        "Export: 1 fields written into 1 files",
        f"  wrote {rules / 'schnapsen.toml'}",
    ]
    assert "0 created, 0 updated" in command()


def test_export_without_edits_leaves_every_file_as_it_was(dirs):
    rules, tutorials = dirs
    before = {p: p.read_bytes() for p in [*rules.glob("*.toml"), *tutorials.glob("*.toml")]}
    report = content_export(rules_dir=rules, tutorials_dir=tutorials)
    assert report.files == []
    assert {p: p.read_bytes() for p in before} == before


def test_the_admin_marks_rows_with_local_edits(admin_client):
    edit_in_the_admin_shell_and_sql()
    listing = admin_client.get("/admin/rules/variant/").content.decode()
    assert listing.count('alt="True"') == 2  # classic66 (a section) and schnapsen
    variant = Variant.objects.get(slug="classic66")
    page = admin_client.get(f"/admin/rules/variant/{variant.pk}/change/").content.decode()
    assert "Edited since the last load" in page
    assert "body_da" in page
    assert local_edits(RuleSection.objects.get(variant=variant, key="overview")) == ["body_da"]
    assert local_edits(RuleSection.objects.get(variant=variant, key="closing")) == []


def test_the_tutorial_admin_marks_edited_steps(admin_client):
    step = TutorialStep.objects.get(tutorial__slug="closing", key="ten-wins")
    step.text_lv = "Labots."
    step.save()
    listing = admin_client.get("/admin/tutorial/tutorial/").content.decode()
    assert listing.count('alt="True"') == 1
    page = admin_client.get(f"/admin/tutorial/tutorial/{step.tutorial_id}/change/")
    assert "text_lv" in page.content.decode()


def test_an_admin_edit_keeps_lf_line_ends(admin_client):
    term = GlossaryTerm.objects.get(key="trick")
    url = f"/admin/rules/glossaryterm/{term.pk}/change/"
    form = admin_client.get(url).context["adminform"].form
    data = {name: form[name].value() for name in form.fields}
    data["definition_en"] = "First line.\r\nSecond line."
    response = admin_client.post(url, {k: v for k, v in data.items() if v is not None})
    assert response.status_code == 302
    term.refresh_from_db()
    assert term.definition_en == "First line.\nSecond line."
    assert local_edits(term) == ["definition_en"]


# 2. No silent deletes.


@pytest.mark.parametrize(
    ("folder", "name", "gone"),
    [
        ("rules", "four_hand_american.toml", "variant four_hand_american would be deleted"),
        ("tutorials", "marriages.toml", "tutorial marriages would be deleted"),
        ("rules", "glossary.toml", "glossary terms would be deleted"),
    ],
)
def test_a_missing_file_deletes_nothing_unless_allowed(load, dirs, folder, name, gone):
    path = dirs[0 if folder == "rules" else 1] / name
    path.unlink()
    if gone.startswith("variant "):  # its lessons go with it, or they name a missing variant
        for lesson in dirs[1].glob("*.toml"):
            if f'variant = "{path.stem}"' in lesson.read_text():
                lesson.unlink()
    before = snapshot()
    with pytest.raises(LoadRefused) as excinfo:
        load()
    assert f"{name} is missing: " in str(excinfo.value)
    assert gone in str(excinfo.value)
    assert "--allow-delete" in str(excinfo.value)
    assert snapshot() == before
    assert load(allow_delete=True).deleted >= 1
    assert snapshot() != before


@pytest.mark.parametrize(
    ("folder", "name"),
    [("rules", "glossary.toml"), ("rules", "schnapsen.toml"), ("tutorials", "schnapsen.toml")],
)
def test_an_empty_file_deletes_nothing_unless_allowed(load, dirs, folder, name):
    path = dirs[0 if folder == "rules" else 1] / name
    path.write_text("# emptied by mistake\n")
    before = snapshot()
    with pytest.raises(ContentError, match=rf"{name}: file: is empty.*--allow-delete"):
        load()
    assert snapshot() == before
    if name == "schnapsen.toml" and folder == "rules":
        return  # the schnapsen tutorial still needs its variant: that file refuses then
    load(allow_delete=True)
    assert snapshot() != before


def test_the_glossary_is_emptied_only_when_allowed(command, dirs):
    (dirs[0] / "glossary.toml").unlink()
    with pytest.raises(CommandError, match=r"glossary\.toml is missing"):
        command()
    assert GlossaryTerm.objects.exists()
    command("--allow-delete")
    assert not GlossaryTerm.objects.exists()


# 3. A load that changes nothing keeps every cached page.


def test_a_load_that_writes_nothing_keeps_the_content_version(load, client):
    client.get("/en/variants/")
    before = ContentVersion.current()
    assert load().changed == 0
    assert ContentVersion.current() == before
    Variant.objects.filter(slug="schnapsen").update(rules={})  # from the files, always
    assert load().updated == 1
    assert ContentVersion.current() == before + 1


# 6. A database that is down or read-only: one line, exit status 1.


def run_command(*args):
    """The command as manage.py runs it: the error on stderr, the exit status."""
    out, err = io.StringIO(), io.StringIO()
    with (
        mock.patch("django.core.management.base.connections.close_all"),
        pytest.raises(SystemExit) as excinfo,
    ):
        LoadCommand(stdout=out, stderr=err).run_from_argv(["manage.py", "load_content", *args])
    return excinfo.value.code, err.getvalue()


def read_only(cursor):
    if connection.vendor == "sqlite":
        cursor.execute("PRAGMA query_only = ON")
    else:
        cursor.execute("SET LOCAL transaction_read_only = on")


def test_a_read_only_database_gets_one_line_and_exit_status_1():
    Variant.objects.filter(slug="schnapsen").update(rules={})  # so the load must write
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                read_only(cursor)
            code, err = run_command()
            raise RuntimeError("roll back the read-only setting")
    except RuntimeError:
        pass
    finally:
        if connection.vendor == "sqlite":
            with connection.cursor() as cursor:
                cursor.execute("PRAGMA query_only = OFF")
    assert code == 1
    assert err.startswith("CommandError: The database refused the load")
    assert "read" in err.lower()
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
    assert Variant.objects.get(slug="schnapsen").rules == {}


def test_a_database_that_cannot_be_reached_gets_one_line_and_exit_status_1():
    down = OperationalError("connection to server at 127.0.0.1 failed: Connection refused")
    with mock.patch.object(type(connections["default"]), "cursor", side_effect=down):
        code, err = run_command()
    assert code == 1
    assert err.strip() == (
        "CommandError: The database refused the load (OperationalError: connection to server "
        "at 127.0.0.1 failed: Connection refused). Nothing was written: check that it is "
        "running, writable and migrated."
    )


def test_manage_py_with_the_database_down_prints_no_traceback():
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]  # closed again below: nothing listens there
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://nobody:x@127.0.0.1:{port}/none",
        "DJANGO_SETTINGS_MODULE": "sixtysix_site.settings_test",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "load_content"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("CommandError: The database refused the load")
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_missing_puzzles_file_deletes_nothing_unless_allowed(
    command, dirs, tmp_path, monkeypatch
):
    """Like every content file: `load_content` without puzzles.json refuses, exits non-zero
    and deletes nothing (it printed "160 deleted" and exited 0)."""
    from puzzles.models import Puzzle

    count = Puzzle.objects.count()
    assert count
    monkeypatch.setattr(
        "content.management.commands.load_content.content_load",
        functools.partial(
            content_load, rules_dir=dirs[0], tutorials_dir=dirs[1], puzzles_file=tmp_path / "p.json"
        ),
    )
    with pytest.raises(CommandError, match=rf"p\.json is missing: all {count} puzzles"):
        command()
    assert Puzzle.objects.count() == count
    (tmp_path / "p.json").write_text('{"puzzles": []}')
    with pytest.raises(CommandError, match=r"p\.json is empty"):
        command()
    assert Puzzle.objects.count() == count
    command("--allow-delete")
    assert not Puzzle.objects.exists()


def test_every_content_source_says_what_a_missing_file_would_delete():
    from content.registry import Source

    with pytest.raises(TypeError, match="deletions"):
        Source(name="new", place="new_dir", default=None, parse=None, expected=None, write=None)
