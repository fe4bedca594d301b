"""Tables over HTTP: open, join by link and code, sit, play a whole deal by polling and
forms; each seat's polls and pages hold only that seat's cards."""

import json
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from tables_helpers import hidden_from, leaked, pick

from tables import seating
from tables.models import Move, Seat, Table

pytestmark = [pytest.mark.django_db, pytest.mark.integration]


def open_table(client, variant="classic66", seats=("friend",), takeback="consent", name="Anna"):
    data = {"name": name, "variant": variant, "takeback": takeback}
    data |= {f"seat{i}": kind for i, kind in enumerate(seats, start=1)}
    response = client.post(reverse("tables:new"), data)
    assert response.status_code == 302, response.content[:500]
    return Table.objects.latest("pk")


def sit(client, table, name="Bo"):
    response = client.post(reverse("tables:table", args=[table.code]), {"do": "sit", "name": name})
    assert response.status_code == 302
    return response


def state(client, table):
    response = client.get(reverse("tables:state", args=[table.code]))
    assert response.status_code == 200
    return response.json()


def two_friends():
    """Anna's table with Bo seated: the table, each seat's client and state, the mover."""
    anna, bo = Client(), Client()
    table = open_table(anna)
    sit(bo, table)
    clients = {0: anna, 1: bo}
    states = {s: state(c, table) for s, c in clients.items()}
    mover = next(s for s, st in states.items() if st["choices"])
    return table, clients, states, mover


def play_deal(clients: dict[int, Client], table, check=True) -> int:
    """Play the current deal to its end by forms; every poll of every seat checked."""
    for moves in range(200):
        states = {}
        for seat, client in clients.items():
            states[seat] = state(client, table)
            if check:
                table.refresh_from_db()
                text = json.dumps(states[seat])
                assert not leaked(text, hidden_from(table, seat)), (
                    seat,
                    leaked(text, hidden_from(table, seat)),
                )
        if all(s["over"] for s in states.values()):
            return moves
        mover = next((s for s, st in states.items() if st["choices"]), None)
        assert mover is not None, states
        st = states[mover]
        response = clients[mover].post(
            reverse("tables:table", args=[table.code]),
            {"do": "move", "move": pick(st["choices"]), "at": st["version"]},
        )
        assert response.status_code == 302, response.content.decode()[:2000]
    raise AssertionError("the deal did not end")


def test_two_friends_play_a_whole_deal_and_see_only_their_own_cards():
    anna, bo = Client(), Client()
    table = open_table(anna)
    assert not table.started
    page = anna.get(reverse("tables:table", args=[table.code]))
    assert table.code in page.content.decode()
    # the friend comes by the code, read aloud in lower case with a space
    found = bo.get(reverse("tables:join"), {"code": f"{table.code[:3].lower()} {table.code[3:]}"})
    assert found.status_code == 302 and found["Location"].endswith(f"/tables/{table.code}/")
    door = bo.get(found["Location"])
    assert "Sit down" in door.content.decode()
    sit(bo, table)
    table.refresh_from_db()
    assert table.started
    moves = play_deal({0: anna, 1: bo}, table)
    assert moves > 5
    assert Move.objects.filter(table=table).count() >= moves
    # the whole deal is in the database: the page shows the result and a next deal
    page = anna.get(reverse("tables:table", args=[table.code])).content.decode()
    assert "Next deal" in page


def test_a_mixed_table_of_two_people_and_two_computers():
    anna, bo = Client(), Client()
    table = open_table(anna, "four_partnership_66", ("computer", "friend", "computer"))
    sit(bo, table)
    play_deal({0: anna, 2: bo}, table)
    kinds = set(Move.objects.filter(table=table).values_list("by", flat=True))
    assert "computer" in kinds and "seat" in kinds


def test_a_stranger_cannot_sit_at_a_full_table_nor_watch_it():
    anna, bo, eve = Client(), Client(), Client()
    table = open_table(anna)
    sit(bo, table)
    assert eve.get(reverse("tables:state", args=[table.code])).status_code == 403
    door = eve.get(reverse("tables:table", args=[table.code])).content.decode()
    assert "Every seat at this table is taken." in door and "data-card" not in door
    refused = eve.post(reverse("tables:table", args=[table.code]), {"do": "sit", "name": "Eve"})
    assert refused.status_code == 409
    forged = eve.post(reverse("tables:table", args=[table.code]), {"do": "move", "move": "play-AH"})
    assert forged.status_code == 403
    eve.cookies[seating.COOKIE.format(code=table.code)] = "guessed-secret"
    assert eve.get(reverse("tables:state", args=[table.code])).status_code == 403


def test_a_stale_or_illegal_move_is_refused_and_changes_nothing():
    table, clients, states, mover = two_friends()
    other = 1 - mover
    url = reverse("tables:table", args=[table.code])
    before = Move.objects.count()
    not_yours = clients[other].post(url, {"do": "move", "move": "play-AH"})
    assert not_yours.status_code == 409
    illegal = clients[mover].post(
        url, {"do": "move", "move": "play-XX", "at": states[mover]["version"]}
    )
    assert illegal.status_code == 409
    good = {"do": "move", "move": pick(states[mover]["choices"]), "at": states[mover]["version"]}
    assert clients[mover].post(url, good).status_code == 302
    replayed = clients[mover].post(url, good)  # the same form again: the table moved on
    assert replayed.status_code == 409
    assert "moved on" in replayed.content.decode()
    assert Move.objects.count() == before + 1 or Move.objects.count() > before


def test_a_player_back_from_away_moves_on_the_table_they_saw():
    """Coming back starts a fresh turn clock (a new version); the move sent on the table as
    the player last saw it still counts, and a really stale one is still refused."""
    table, clients, states, mover = two_friends()
    Seat.objects.filter(table=table, index=mover).update(away=True)
    url = reverse("tables:table", args=[table.code])
    seen = states[mover]["version"]
    move = {"do": "move", "move": pick(states[mover]["choices"]), "at": seen}
    assert clients[mover].post(url, move).status_code == 302
    assert not Seat.objects.get(table=table, index=mover).away
    assert Move.objects.filter(table=table, player=mover, by="seat").count() == 1
    Seat.objects.filter(table=table, index=mover).update(away=True)
    old = clients[mover].post(url, {"do": "next", "at": seen})
    assert old.status_code == 409
    assert "moved on" in old.content.decode()


def test_handoff_link_moves_the_seat_once():
    anna, phone, later = Client(), Client(), Client()
    table = open_table(anna)
    page = anna.post(reverse("tables:table", args=[table.code]), {"do": "handoff"}).content.decode()
    link = page.split("<code>")[1].split("</code>")[0]
    path = link.split("testserver", 1)[1]
    assert phone.get(path).status_code == 302
    assert phone.get(reverse("tables:state", args=[table.code])).json()["seat"] == 0
    assert anna.get(reverse("tables:state", args=[table.code])).status_code == 403
    assert later.get(path).status_code == 410


def test_bad_input_is_a_translated_4xx():
    client = Client()
    assert (
        client.post(reverse("tables:new"), {"name": "<b>", "variant": "classic66"}).status_code
        == 400
    )
    assert client.post(reverse("tables:new"), {"name": "A", "variant": "nope"}).status_code == 400
    assert client.get(reverse("tables:join"), {"code": "ZZZZZZ"}).status_code == 404
    assert client.get("/pl/tables/nothing/").status_code == 404
    response = client.get("/da/tables/join/", {"code": "x"})
    assert response.status_code == 404 and "There is no table" not in response.content.decode()


def test_the_idle_clock_counts_in_the_languages_plural_forms():
    """The script reads "n seconds left" from the page for every n: Latvian has one form for
    1 and 21, another for 2, and a third for 0."""
    anna = Client()
    table = open_table(anna)
    html = anna.get(f"/lv/tables/{table.code}/").content.decode()
    found = re.search(r'data-countdown="([^"]+)"', html)
    words = json.loads(unescape(found.group(1)))
    assert len(words) == 61  # TABLES_IDLE_SECONDS (60) down to 0
    assert (words[0], words[1], words[2]) == (
        "0 sekunžu",
        "atlikusi 1 sekunde",
        "atlikušas 2 sekundes",
    )
    assert words[21] == "atlikusi 21 sekunde"


def test_tables_per_client_are_bounded(settings):
    settings.TABLES_PER_CLIENT = 2
    client = Client()
    open_table(client)
    open_table(client)
    response = client.post(
        reverse("tables:new"), {"name": "Anna", "variant": "classic66", "seat1": "friend"}
    )
    assert response.status_code == 429
    assert "many tables" in response.content.decode()


def test_take_back_needs_the_others_consent():
    anna, bo = Client(), Client()
    table = open_table(anna)
    sit(bo, table)
    clients = {0: anna, 1: bo}
    url = reverse("tables:table", args=[table.code])
    states = {s: state(c, table) for s, c in clients.items()}
    mover = next(s for s, st in states.items() if st["choices"])
    st = states[mover]
    clients[mover].post(url, {"do": "move", "move": pick(st["choices"]), "at": st["version"]})
    count = Move.objects.filter(table=table).count()
    assert clients[mover].post(url, {"do": "back"}).status_code == 302
    assert Move.objects.filter(table=table).count() == count  # asked, not yet done
    assert "asks to take back" in clients[1 - mover].get(url).content.decode()
    assert clients[1 - mover].post(url, {"do": "yes"}).status_code == 302
    assert Move.objects.filter(table=table).count() < count
    assert state(clients[mover], table)["choices"] == st["choices"]


def test_take_back_off_is_refused():
    anna = Client()
    table = open_table(anna, takeback="off", seats=("computer",))
    url = reverse("tables:table", args=[table.code])
    st = state(anna, table)
    anna.post(url, {"do": "move", "move": pick(st["choices"]), "at": st["version"]})
    response = anna.post(url, {"do": "back"})
    assert response.status_code == 409 and "off at this table" in response.content.decode()
    assert Seat.objects.filter(table=table, kind="computer").count() == 1


def test_expire_tables_deletes_only_tables_nobody_was_at_for_a_day():
    from datetime import timedelta

    from django.core.management import call_command
    from django.utils import timezone

    old, fresh = open_table(Client()), open_table(Client())
    Table.objects.filter(pk=old.pk).update(touched=timezone.now() - timedelta(days=1, seconds=5))
    call_command("expire_tables", verbosity=0)
    assert list(Table.objects.values_list("pk", flat=True)) == [fresh.pk]
    assert not Move.objects.filter(table_id=old.pk).exists()
    assert not Seat.objects.filter(table_id=old.pk).exists()


@pytest.mark.parametrize("lang", ["en", "da", "nb", "pl", "lv"])
def test_the_home_and_practice_pages_lead_to_the_tables(client, lang):
    """A reader finds the tables from the two pages where one looks for a game."""
    with translation.override(lang):
        target = reverse("tables:index")
        title = translation.gettext("Play with friends")
    assert target.startswith(f"/{lang}/")
    if lang != "en":
        assert title != "Play with friends"  # translated, not the English fallback
    for page in (f"/{lang}/", f"/{lang}/practice/"):
        html = client.get(page).content.decode()
        assert f'<a href="{target}">{title}</a>' in html, page
    assert client.get(target).status_code == 200


def test_the_version_a_move_keeps_is_the_one_a_rebuild_reads():
    """A commit that appends moves keeps the next version rebuilt in this process
    (store._keep_next); after every move of a deal it must equal what a fresh read of the
    database gives: the same moves, the same deal state, the same seats."""
    from tables import store

    table, clients, _states, _mover = two_friends()
    kept_versions = 0
    for _moves in range(200):
        table.refresh_from_db()
        key = (table.pk, table.version, table.match_id, table.number)
        if key in store._LOADED:
            kept_versions += 1
            seats, moves, game = store._LOADED.pop(key)
            fresh = store.load(table)
            assert [(m.index, m.key, m.player, m.by) for m in moves] == [
                (m.index, m.key, m.player, m.by) for m in fresh.moves
            ]
            assert game.deal.state() == fresh.deal.state()
            assert [(s.index, s.kind, s.away) for s in seats] == [
                (s.index, s.kind, s.away) for s in fresh.seats
            ]
        st = {s: state(c, table) for s, c in clients.items()}
        if all(s["over"] for s in st.values()):
            break
        mover = next(s for s, x in st.items() if x["choices"])
        response = clients[mover].post(
            reverse("tables:table", args=[table.code]),
            {"do": "move", "move": pick(st[mover]["choices"]), "at": st[mover]["version"]},
        )
        assert response.status_code == 302
    assert kept_versions > 5  # the moves did keep their next version
