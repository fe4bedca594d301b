"""House rules in words: why a code or a set of choices is refused.

The engine's RuleSet names the key that a combination breaks (RuleSetError.key) and the
house module names what is wrong with a code (HouseCodeError.reason); the reader gets a
sentence in his language, never the engine's English.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

CODE_ERRORS = {
    "malformed": gettext_lazy(
        "“%(code)s” is not a house-rules code. A code is pairs of letters each followed by a "
        "digit, such as “cp1mg2”, or 0 for the standard rules."
    ),
    "unknown_option": gettext_lazy(
        "“%(token)s” in the code “%(code)s” is not a house rule of %(variant)s."
    ),
    "unknown_value": gettext_lazy("“%(token)s” is not one of the choices of that house rule."),
    "repeated_option": gettext_lazy(
        "The code “%(code)s” sets the same house rule twice (“%(token)s”)."
    ),
}

# One sentence per key the engine's consistency checks can name for house choices.
COMBINATIONS = {
    "last_trick_bonus": gettext_lazy(
        "A played-out deal can be decided by the 10 for the last trick only if the last trick "
        "earns 10: choose both, or neither."
    ),
}


def code_error(reason: str, *, code: str, token: str, variant: str) -> str:
    """Why a code is not a table of this variant."""
    text = CODE_ERRORS.get(reason, CODE_ERRORS["malformed"])
    return str(text) % {"code": code[:40], "token": token, "variant": variant}


def combination_error(key: str | None) -> str:
    """Why the engine cannot play these choices together."""
    text = COMBINATIONS.get(key or "")
    if text is not None:
        return str(text)
    return _("These choices cannot be played together (the rule “%(key)s” does not fit).") % {
        "key": key
    }


def house_table_name(variant: str, code: str) -> str:
    """A house table's name in the comparison: the variant and its code."""
    return _("%(variant)s, house rules %(code)s") % {"variant": variant, "code": code}
