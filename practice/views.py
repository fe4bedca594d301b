"""Practice pages: a form posts the signed game and one move; the page shows the result.

Every answer lands at the table (`#table`), so on a phone the hand, the last action and
any error are on one screen. Every input is checked: a query, a form field or a cookie
that is not what it should be is ignored or answered 400, never 500.
"""

from dataclasses import dataclass

from django.conf import settings
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe
from sixtysix.computer import LEVELS
from sixtysix.errors import RuleSetError

from guard import limits
from guard.clients import client_ip
from guard.middleware import LINK_KEYS, TOO_MANY
from rules import house as house_rules
from rules.house_pages import changes_of
from rules.models import Variant
from rules.selectors import variant_or_404
from words.deal_words import confirm_question
from words.house import code_error, combination_error
from words.markup import render_inline

from . import finished, hints, sharing
from .events import events_since
from .game import PRACTICE_VARIANTS, GameError, game_loads
from .ids import ID_LENGTH, clean_id, next_match_id
from .live import live_answer, live_note, wants_json
from .moves import (
    can_take_back,
    game_move,
    game_new,
    game_next_deal,
    game_take_back,
    is_offered,
    is_your_turn,
    needs_confirmation,
)
from .seats import LEVEL_NAMES
from .view import practice_view

COOKIE = "practice-{slug}"
COMMANDS = ("move", "next", "new", "back")
PLAY_RATE = 60  # posts per client and minute (setting PRACTICE_PLAY_RATE overrides)
PLAY_WINDOW = 60
DEAL_RATE = 30  # matches a client may open by link a window (setting PRACTICE_DEAL_RATE overrides)
DEAL_WINDOW = 600


def _variant(slug: str) -> Variant:
    practised = Variant.objects.filter(slug__in=PRACTICE_VARIANTS)
    missing = _("There is no practice game for “%(slug)s”.") % {"slug": slug}
    return variant_or_404(practised, slug, missing)


@dataclass(frozen=True)
class PracticeEntry:
    """A variant in the practice list, with what its table is like (from its RuleSet)."""

    variant: Variant
    players: int
    partners: bool
    bidding: bool

    @classmethod
    def of(cls, variant: Variant) -> "PracticeEntry":
        rules = variant.ruleset
        partners = rules.partnerships == "opposite_pairs"
        return cls(variant, rules.players, partners, rules.bidding != "none")


@require_safe
def practice_index(request):
    found = {v.slug: v for v in Variant.objects.filter(slug__in=PRACTICE_VARIANTS)}
    variants = [PracticeEntry.of(found[slug]) for slug in PRACTICE_VARIANTS if slug in found]
    return render(request, "practice/index.html", {"variants": variants, "nav": "practice"})


def _set_cookie(request, response, game) -> None:
    response.set_cookie(
        COOKIE.format(slug=game.variant.slug),
        game.dumps(),
        max_age=30 * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )


def _confirmation(game, key: str) -> dict:
    question = confirm_question(key, game.rules)
    label = next(c["label"] for c in practice_view(game=game, token="").choices if c["key"] == key)
    return {"key": key, "question": question, "label": label}


def _rules_in_force(game) -> dict | None:
    """The house table a match is played by, for the score pad (None: the standard rules)."""
    if not game.house:
        return None
    base = game.variant.ruleset
    url = reverse("rules:house_detail", args=[game.variant.slug, game.house])
    return {"code": game.house, "url": url, "changes": changes_of(base, game.rules)}


def _render(
    request,
    game,
    *,
    message="",
    status=200,
    hint=None,
    confirm=None,
    note="",
    leave=None,
    events=(),
):
    """The page (or, for the live table's script, its table fragment and the events)."""
    token = game.dumps()
    view = practice_view(game=game, token=token)
    context = {
        "view": view,
        "message": render_inline(message) if message else "",
        "note": note,
        "hint": hint,
        "confirm": confirm,
        "leave": leave,
        "nav": "practice",
        "house": _rules_in_force(game),
        # Only a finished deal has a name that opens it (sharing.py).
        "share": sharing.share_id(game.deal_id) if game.over else "",
        "levels": [(level, LEVEL_NAMES[level], level == game.level) for level in LEVELS],
    }
    response: HttpResponse
    if wants_json(request):
        response = live_answer(request, context, status=status, events=events)
    else:
        response = render(request, "practice/game.html", context, status=status)
    _set_cookie(request, response, game)
    return response


def _house(variant, code: str) -> tuple[str, str]:
    """(the canonical house code, "") or ("", why the code cannot start a match)."""
    base = variant.ruleset
    try:
        canonical = house_rules.from_code(base, code)[1]
        return ("" if canonical == house_rules.PRESET_CODE else canonical), ""
    except house_rules.HouseCodeError as exc:
        return "", code_error(exc.reason, code=code, token=exc.token, variant=variant.name)
    except RuleSetError as exc:
        return "", combination_error(exc.key)


def _client(request) -> str:
    """The visitor's address through the configured proxy (one bucket per visitor)."""
    return client_ip(request) or "unknown"


def _busy(request, variant, message: str, status: int, retry_after: int, *, for_hint=True):
    """A short page (no table to build): the busy worker is free again at once; the live
    table gets the note alone and keeps the table it shows."""
    response: HttpResponse
    if wants_json(request):
        response = live_note(message, status=status)
    else:
        context = {"variant": variant, "message": message, "nav": "practice", "for_hint": for_hint}
        response = render(request, "practice/busy.html", context, status=status)
    response["Retry-After"] = str(retry_after)
    return response


def _with_hint(request, game):
    try:
        data = hints.hint_data(game, _client(request))
    except hints.HintBusy:
        message = _("Many hints are being worked out right now. Try again in a moment.")
        return _no_hint(request, game, message, 503, hints.RETRY_BUSY)
    except hints.HintRateLimited:
        return _no_hint(request, game, _(TOO_MANY["hint"]), 429, hints.RATE_WINDOW)
    if data:
        hint = hints.hint_text(data, game.rules)
    elif is_your_turn(game) and len(game.deal.legal_actions()) > 1:
        # the engine gives no hint in this variant or position (yet): say so, never guess
        text = _("There is no hint for this position: work it out yourself.")
        hint = hints.HintText(text, "", [])
    elif is_your_turn(game):
        hint = hints.HintText(_("There is only one move you may make here."), "", [])
    else:
        hint = None
    return _render(request, game, hint=hint)


def _no_hint(request, game, message: str, status: int, retry_after: int):
    """Past the hint limit the table stays, with a short note beside it."""
    response = _render(request, game, note=message, status=status)
    response["Retry-After"] = str(retry_after)
    return response


def _leave_first(request, game, query: str):
    """A link that would throw away the match in progress asks first (no script needed)."""
    url = reverse("practice:game", args=[game.variant.slug])
    leave = {
        "question": _(
            "Play that deal again? It starts a new match, and the match in progress is lost."
        ),
        "label": _("Play it again"),
        "href": f"{url}?{query}",
    }
    return _render(request, game, leave=leave)


def _cookie_game(request, variant):
    token = request.COOKIES.get(COOKIE.format(slug=variant.slug), "")
    if token and len(token) < 20_000:
        try:
            return game_loads(variant=variant, token=token)
        except GameError:
            return None
    return None


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def practice_game(request, slug):
    variant = _variant(slug)
    if request.method == "POST":
        return _post(request, variant)
    if "ask" in request.GET:
        game = _cookie_game(request, variant)
        if game is not None and not game.match.over:
            query = request.GET.copy()
            del query["ask"]
            return _leave_first(request, game, query.urlencode()[:300])
    house = request.GET.get("house")
    if house is not None:
        house, message = _house(variant, house[:120])
        if message:
            return _render(
                request,
                game_new(variant=variant, client=_client(request)),
                message=message,
                status=400,
            )
    if any(key in request.GET for key in LINK_KEYS):
        return _by_link(request, variant, house)
    game = _cookie_game(request, variant) or game_new(variant=variant, client=_client(request))
    if "hint" in request.GET:
        return _with_hint(request, game)
    return _render(request, game)


def _by_link(request, variant, house):
    """A link that deals a new match (a shared deal, a house table, a position): counted
    like "New match" and run in a machine-wide slot, so links cannot deal without end."""
    return _counted(
        request,
        variant,
        "deal",
        deal_rate(),
        DEAL_WINDOW,
        lambda: _link_match(request, variant, house),
    )


def _counted(request, variant, bucket: str, rate: int, window: int, work):
    """Run `work` inside the client's `bucket` limit and a machine-wide compute slot
    (shared with the hints), so neither one client nor a crowd can make it cost without end."""
    try:
        limits.take(bucket, _client(request), rate, window)
        with limits.slot("compute", hints.machine_slots()):
            return work()
    except limits.Limited:
        return _busy(request, variant, _(TOO_MANY[bucket]), 429, window, for_hint=False)
    except (limits.Busy, limits.Unavailable):
        message = _("The computer players are busy right now. Try again in a moment.")
        return _busy(request, variant, message, 503, hints.RETRY_BUSY, for_hint=False)


def _link_match(request, variant, house):
    client = _client(request)
    raw_deal = request.GET.get("deal")
    if raw_deal is not None:
        deal_id = clean_id(raw_deal)
        if deal_id is None:
            game = game_new(variant=variant, house=house or "", client=client)
            message = _(
                "That is not a deal number of this site: it has %(n)d letters and digits."
            ) % {"n": ID_LENGTH}
            return _render(request, game, message=message, status=400)
        deal_id = sharing.deal_of(deal_id)  # a share id names the deal (sharing.py)
        game = game_new(variant=variant, deal_id=deal_id, house=house or "", client=client)
        return _render(request, game)
    origin = request.GET.get("from")
    if house is None and origin is not None:
        try:
            return _render(request, game_new(variant=variant, origin=origin[:120], client=client))
        except GameError:
            message = _(
                "That position could not be found for this game, so a new match has started."
            )
            return _render(request, game_new(variant=variant, client=client), message=message)
    # "Play by these rules": a new match under the house table
    return _render(request, game_new(variant=variant, house=house or "", client=client))


def deal_rate() -> int:
    return int(getattr(settings, "PRACTICE_DEAL_RATE", DEAL_RATE))


def _post(request, variant):
    """Every post may make the computer play, so it is counted and takes a compute slot."""
    return _counted(
        request, variant, "play", play_rate(), PLAY_WINDOW, lambda: _play(request, variant)
    )


def play_rate() -> int:
    return int(getattr(settings, "PRACTICE_PLAY_RATE", PLAY_RATE))


def _play(request, variant):
    raw = request.POST.get("state", "")
    try:
        if len(raw) > 20_000:
            raise GameError("too long")
        game = game_loads(variant=variant, token=raw)
    except GameError:
        game = game_new(variant=variant, client=_client(request))
        message = _(
            "That game could not be read (it may come from an old page), so a new one has started."
        )
        return _render(request, game, message=message, status=400)
    command = request.POST.get("do", "move")
    if command not in COMMANDS:
        return _render(request, game, message=_("That request is not understood."), status=400)
    if command in ("move", "back") and finished.reopened(game):
        message = _(
            "This deal has already been played to the end, so it cannot be played on from an "
            "old page. Play the next deal or start a new match."
        )
        response = _render(request, game, message=message, status=409)
        response.cookies.pop(COOKIE.format(slug=variant.slug), None)  # keep the reader's game
        return response
    if command == "next":
        if game.deal.result is None:
            return _render(request, game, message=_("Finish this deal first."), status=409)
        return _after_post(request, game_next_deal(game=game), start=0)
    if command == "new":
        level = request.POST.get("level", game.level)
        if level not in LEVELS:
            message = _("That computer level is not offered.")
            return _render(request, game, message=message, status=400)
        new = game_new(
            variant=variant, match_id=next_match_id(game.match_id), house=game.house, level=level
        )
        return _after_post(request, new, start=0)
    if command == "back":
        if not can_take_back(game):
            return _render(request, game, message=_("There is no move to take back."), status=409)
        return _after_post(request, game_take_back(game=game))
    move = request.POST.get("move", "")[:20]
    if needs_confirmation(move) and request.POST.get("confirm") != "1" and is_offered(game, move):
        return _render(request, game, confirm=_confirmation(game, move))
    start = len(game.actions)
    refusal = game_move(game=game, key=move)
    if refusal:
        return _render(request, game, message=refusal, status=422)
    return _after_post(request, game, start=start)


def _after_post(request, game, *, start=None):
    """Post/redirect/get: the new game goes into the cookie; the page opens at the table.
    The live table gets the table at once, with the events since action `start`."""
    finished.note(game)
    if wants_json(request):
        return _render(request, game, events=events_since(game, start) if start is not None else ())
    response = _redirect_to_table(game)
    _set_cookie(request, response, game)
    return response


def _redirect_to_table(game):
    return HttpResponseRedirect(reverse("practice:game", args=[game.variant.slug]) + "#table")
