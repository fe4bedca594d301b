"""A puzzle from the reader's own deal: a blunder's position, the best move to find.

The position is one stored by a review of a finished deal (positions.py), so every card of
it has been seen; the page still shows only the reader's hand and the public cards. A try
is a link (`?move=<key>`): right when the review valued it as high as the best move.
"""

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from sixtysix import Action, Deal, EngineError

from practice.ids import YOU
from rules.models import Variant
from words.review_words import own_right, own_wrong
from words.table import choice_label

from .models import ReviewPosition
from .present import again_url


def _position(key: str):
    row = ReviewPosition.objects.filter(key=key[:32]).first()
    variant = Variant.objects.filter(slug=row.variant).first() if row else None
    if row is None or variant is None:
        raise Http404(_("There is no such puzzle from your games."))
    try:
        deal = Deal.new(variant.ruleset, layout=row.layout)
        for raw in row.actions:
            deal.apply(Action.from_dict(raw))
    except (EngineError, KeyError, TypeError, ValueError) as exc:
        raise Http404(_("There is no such puzzle from your games.")) from exc
    return row, variant, deal


@require_safe
def own_puzzle(request, key):
    row, variant, deal = _position(key)
    rules = deal.rules
    values = {o["key"]: o["value"] for o in row.options}
    best = max(values.values()) if values else 0.0
    legal = [a for a in deal.legal_actions() if a.key() in values]
    tried = request.GET.get("move", "")[:20]
    verdict, outcome, status = "", "", 200
    if tried:
        if tried not in values:
            verdict, outcome, status = _("That move is not possible here."), "error", 400
        elif values[tried] >= best - 1e-9:
            verdict, outcome = own_right(), "right"
        else:
            verdict, outcome = own_wrong(values[tried], best, rules), "wrong"
    state = deal.state()
    context = {
        "variant": variant,
        "hand": [(c, f"play-{c}") for c in state["hands"][YOU]],
        "playable": {a.key() for a in legal if a.type == "play"},
        "others": [
            {"key": a.key(), "label": choice_label(a.to_dict(), rules)}
            for a in legal
            if a.type != "play"
        ],
        "trick": [p["card"] for p in state["trick"]],
        "trump": state.get("trump"),
        "turnup": state.get("turnup"),
        "stock": state["stock_size"],
        "verdict": verdict,
        "outcome": outcome,
        "again": again_url(variant.slug, row.key),
        "nav": "puzzles",
    }
    return render(request, "training/own_puzzle.html", context, status=status)
