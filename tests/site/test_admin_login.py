"""Admin logins are throttled by django-axes: per account and per address, with a clear page."""

import logging

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

from sixtysix_site.views import locked_out_message

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

LOGIN = f"/{settings.ADMIN_URL}login/"
PASSWORD = "Correct-horse-66"


@pytest.fixture
def editor():
    return get_user_model().objects.create_superuser("editor", "e@example.org", PASSWORD)


def login(username: str, password: str, address: str = "203.0.113.7", lang: str = "en"):
    client = Client(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE=lang)
    return client.post(LOGIN, {"username": username, "password": password, "next": "/admin/"})


def test_the_right_password_signs_in(editor):
    response = login("editor", PASSWORD)
    assert response.status_code == 302


def test_an_account_is_locked_at_the_address_that_keeps_failing(editor, caplog):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        response = login("editor", "wrong", address="198.51.100.1")
        assert response.status_code == 200  # the form again, with its error
    with caplog.at_level(logging.WARNING, logger="axes"):
        assert login("editor", "wrong", address="198.51.100.1").status_code == 429
    assert any(
        "Locking out" in r.getMessage() and "editor" in r.getMessage() for r in caplog.records
    )
    response = login("editor", PASSWORD, address="198.51.100.1", lang="pl")
    assert response.status_code == 429
    assert int(response["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    html = response.content.decode()
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    with translation.override("pl"):
        message = locked_out_message(minutes)
    assert message.startswith("Zbyt wiele")
    assert message in html
    assert '<html lang="pl">' in html


def test_nobody_can_lock_the_editor_out_from_elsewhere(editor):
    """Wrong passwords for the editor's account from other addresses (one or many) lock
    those addresses, never the editor signing in from their own."""
    for n in range(3 * settings.AXES_FAILURE_LIMIT):
        login("editor", "wrong", address=f"198.51.100.{n % 3 + 1}")
    assert login("editor", PASSWORD, address="198.51.100.1").status_code == 429
    assert login("editor", PASSWORD, address="192.0.2.99").status_code == 302


def test_a_username_too_long_for_the_lockout_table_is_refused_not_a_500(editor):
    response = login("x" * 300, "wrong")
    assert response.status_code == 200
    from axes.models import AccessAttempt

    assert {len(a.username) for a in AccessAttempt.objects.all()} == {255}


def test_an_address_is_locked_after_a_handful_of_failures_on_any_accounts(editor):
    for n in range(settings.AXES_FAILURE_LIMIT):
        login(f"guess{n}", "wrong", address="203.0.113.50")
    assert login("editor", PASSWORD, address="203.0.113.50").status_code == 429
    assert login("editor", PASSWORD, address="203.0.113.51").status_code == 302


def test_twenty_wrong_passwords_then_the_right_one_is_refused(editor):
    for _ in range(20):
        assert login("editor", "wrong").status_code in (200, 429)
    assert login("editor", PASSWORD).status_code == 429
