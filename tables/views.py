"""Table pages: open a table, join with a code, sit down, play by forms, poll for news.

Without JavaScript every action is a form and the page refreshes; with it, tables.js
sends the same actions over the WebSocket (consumers.py) or, failing that, posts them and
polls `state.json`. Bad input is a translated 4xx, never a 500.
"""

import json

from django.conf import settings
from django.http import Http404, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from guard import limits
from guard.clients import client_ip
from practice.game import PRACTICE_VARIANTS
from rules.models import Variant
from words.deal_words import confirm_question as ask_before
from words.table import countdown_words

from . import play, seating
from .models import Table
from .notify import changed
from .store import load
from .view import greeting_words, seat_table

COMMANDS = ("sit", "move", "back", "yes", "no", "next", "greet", "handoff")


def open_rate() -> int:
    return int(settings.TABLES_PER_CLIENT)


def message_rate() -> int:
    return int(settings.TABLES_MESSAGES_PER_SECOND)


def limit_words() -> dict[str, str]:
    return {
        "tables": _("You have opened many tables in a short time. Try again in an hour."),
        "rate": _("You are sending moves faster than anyone plays. Wait a moment."),
        "size": _("That message is too long for this table."),
        "connections": _("You have too many tables open at once. Close one and try again."),
        "busy": _("The table is busy right now. Try again in a moment."),
    }


def _variants():
    found = {v.slug: v for v in Variant.objects.filter(slug__in=PRACTICE_VARIANTS)}
    out = []
    for slug in PRACTICE_VARIANTS:
        if slug in found:
            found[slug].players = found[slug].ruleset.players
            out.append(found[slug])
    return out


def _index(request, message="", status=200):
    context = {"variants": _variants(), "message": message, "nav": "tables"}
    return render(request, "tables/index.html", context, status=status)


@require_safe
def index(request):
    return _index(request)


@require_safe
def join(request):
    code = seating.clean_code(request.GET.get("code"))
    if code is None or not Table.objects.filter(code=code).exists():
        return _index(request, _("There is no table with that code. Check it and try again."), 404)
    return HttpResponseRedirect(reverse("tables:table", args=[code]))


def _client(request) -> str:
    return client_ip(request) or "unknown"


def _set_seat(request, response, code: str, secret: str) -> None:
    response.set_cookie(
        seating.COOKIE.format(code=code),
        secret,
        max_age=30 * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )


@require_POST
def new(request):
    name = seating.clean_name(request.POST.get("name"))
    if name is None:
        return _index(request, _("Choose a name of one to twenty letters."), 400)
    variant = request.POST.get("variant", "")
    kinds = [request.POST.get(f"seat{i}", "") for i in (1, 2, 3)]
    try:
        limits.take("tables-open", _client(request), open_rate(), 3600)
        rules = Variant.objects.get(slug=variant).ruleset
        table, secret = seating.open_table(
            variant, kinds[: rules.players - 1], request.POST.get("takeback", ""), name
        )
    except limits.Limited:
        return _index(request, limit_words()["tables"], 429)
    except limits.Unavailable:
        return _index(request, limit_words()["busy"], 503)
    except (Variant.DoesNotExist, seating.SeatingError):
        return _index(request, _("That table cannot be opened: choose a game and the seats."), 400)
    play.advance(table)
    response = HttpResponseRedirect(reverse("tables:table", args=[table.code]))
    _set_seat(request, response, table.code, secret)
    return response


def _table(code: str) -> Table:
    clean = seating.clean_code(code)
    table = Table.objects.filter(code=clean).first() if clean else None
    if table is None:
        raise Http404(_("There is no table with that code. Check it and try again."))
    return table


def _seat(request, table):
    return seating.seat_of(table, request.COOKIES.get(seating.COOKIE.format(code=table.code)))


def live_html(request, loaded, me: int, message: str = "", handoff: str = "", view=None) -> str:
    context = {
        "view": view or seat_table(loaded, me),
        "message": message,
        "greeting_words": greeting_words(),
        "handoff": handoff,
    }
    return render_to_string("tables/includes/live.html", context, request=request)


def _page(request, table, seat, *, message="", status=200, handoff=""):
    loaded = load(table)
    context = {"table": table, "nav": "tables", "message": message}
    if seat is None:
        context["free"] = seating.free_seats(table)
        context["variant"] = loaded.game.variant
        return render(request, "tables/door.html", context, status=status)
    context["live"] = mark_safe(live_html(request, loaded, seat.index, message, handoff))  # noqa: S308 - a rendered template
    context["view"] = seat_table(loaded, seat.index)
    context["countdown"] = json.dumps(countdown_words(int(play.idle_seconds())))
    return render(request, "tables/table.html", context, status=status)


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def table_page(request, code):
    table = _table(code)
    seat = _seat(request, table)
    if request.method != "POST":
        if seat is not None and play.present(table, seat) is not None:
            changed(table.pk)
        if play.tick(table, lambda: changed(table.pk)):
            changed(table.pk)
        table.refresh_from_db()
        return _page(request, table, seat)
    command = request.POST.get("do", "move")
    if command not in COMMANDS:
        return _page(request, table, seat, message=_("That request is not understood."), status=400)
    if command == "sit":
        return _sit(request, table, seat)
    if seat is None:
        return _page(request, table, None, message=_("This seat is not yours."), status=403)
    try:
        limits.take("table-msg", f"{table.pk}:{seat.index}", message_rate(), 1)
    except limits.Limited:
        return _page(request, table, seat, message=limit_words()["rate"], status=429)
    except limits.Unavailable:
        return _page(request, table, seat, message=limit_words()["busy"], status=503)
    replaced = play.present(table, seat)
    if replaced is not None:
        changed(table.pk)
    table.refresh_from_db()
    if command == "handoff":
        token = seating.new_handoff(seat)
        url = request.build_absolute_uri(reverse("tables:handoff", args=[table.code, token]))
        return _page(request, table, seat, handoff=url)
    return _act(request, table, seat, command, replaced)


def _act(request, table, seat, command, replaced=None):
    post = request.POST
    at = post.get("at")
    at = play.rebase(int(at) if at and at.isdigit() and len(at) < 10 else None, replaced)
    key = post.get("move", "")[:20]
    if command == "move" and key in ("declare", "close") and post.get("confirm") != "1":
        return _page(request, table, seat, message=confirm_question(table, key))
    actions = {
        "move": lambda: play.human_move(table, seat.index, key, at),
        "back": lambda: play.ask_back(table, seat.index, at),
        "yes": lambda: play.answer_back(table, seat.index, True),
        "no": lambda: play.answer_back(table, seat.index, False),
        "next": lambda: play.next_deal(table, at),
        "greet": lambda: play.greet(table, seat.index, post.get("greeting", "")[:20]),
    }
    refusal = actions[command]()
    if refusal:
        table.refresh_from_db()
        return _page(request, table, seat, message=refusal, status=409)
    changed(table.pk)
    play.advance(table, lambda: changed(table.pk))
    return HttpResponseRedirect(reverse("tables:table", args=[table.code]) + "#table")


def confirm_question(table, key: str) -> str:
    """The question before a claim or a close, for this table's rules (words/)."""
    return ask_before(key, load(table).game.rules)


def _sit(request, table, seat):
    if seat is not None:
        return HttpResponseRedirect(reverse("tables:table", args=[table.code]))
    name = seating.clean_name(request.POST.get("name"))
    if name is None:
        return _page(
            request, table, None, message=_("Choose a name of one to twenty letters."), status=400
        )
    free = seating.free_seats(table)
    try:
        if not free:
            raise seating.SeatingError("full")
        secret = seating.sit(table, free[0].index, name)
    except seating.SeatingError:
        return _page(
            request, table, None, message=_("Every seat at this table is taken."), status=409
        )
    changed(table.pk)
    play.advance(table, lambda: changed(table.pk))
    response = HttpResponseRedirect(reverse("tables:table", args=[table.code]) + "#table")
    _set_seat(request, response, table.code, secret)
    return response


@never_cache
@require_safe
def state_json(request, code):
    """The polling fallback: the seat's view (only that seat's) and the table's number."""
    table = _table(code)
    seat = _seat(request, table)
    if seat is None:
        return JsonResponse({"error": _("This seat is not yours.")}, status=403)
    play.present(table, seat)
    if play.tick(table, lambda: changed(table.pk)):
        changed(table.pk)
    table.refresh_from_db()
    loaded = load(table)
    return JsonResponse(state_message(loaded, seat.index, request))


def state_message(loaded, me: int, request=None) -> dict:
    """What a seat is sent: its own view drawn as HTML, and the facts the script needs."""
    view = seat_table(loaded, me)
    html = live_html(request, loaded, me, view=view)
    return {
        "type": "state",
        "version": view.version,
        "seat": me,
        "to_act": loaded.deal.to_act if view.started and not view.over else None,
        "choices": [c["key"] for c in view.choices],
        "deadline": view.deadline,
        "over": view.over,
        "moves": len(loaded.game.actions),
        "html": html,
    }


@never_cache
@require_safe
def handoff(request, code, token):
    table = _table(code)
    secret = seating.take_handoff(table, token[:100])
    if secret is None:
        return _page(
            request, table, None, message=_("That link has been used already."), status=410
        )
    response = HttpResponseRedirect(reverse("tables:table", args=[table.code]) + "#table")
    _set_seat(request, response, table.code, secret)
    return response
