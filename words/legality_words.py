"""Why a move the page shows cannot help now, in the reader's language.

A refused card is explained by `words.explain.explain_refusal` (the engine's reason code);
this module holds the sentences for moves the rules allow that would only lose, such as a
claim below the target, The numbers come from
the engine (the counted points, the RuleSet's target); nothing here knows a practice game.
"""

from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from .markup import fill_html


def claim_too_early(*, points: int, target: int, side: bool = False, others: int = 1) -> SafeString:
    """The claim is allowed but would lose the deal: the side has counted too few points.
    `side`: the points are a partnership's; `others`: the players against the claimer."""
    if points < target:
        if side:
            text = _(
                "Your side has %(points)d points; a claim needs %(target)d, so it would lose now."
            )
        else:
            text = _("You have %(points)d points; a claim needs %(target)d, so it would lose now.")
        return fill_html(text, points=points, target=target)
    if others > 1:
        return fill_html(
            _(
                "A claim now would lose the deal: you closed the stock, so you need more points "
                "than each of the others."
            )
        )
    return fill_html(
        _(
            "A claim now would lose the deal: you closed the stock, so you need more points "
            "than the other side."
        )
    )
