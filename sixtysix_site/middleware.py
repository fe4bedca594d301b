"""Request middleware of the site itself."""

import re

# Django knows nb but not no; and nn readers are better served by Bokmål than by English.
NORWEGIAN = re.compile(r"(?<![\w-])(?:no|nn|nb)(?:-[A-Za-z0-9]+)*(?=\s*(?:;|,|$))", re.IGNORECASE)


class NorwegianAcceptLanguageMiddleware:
    """Rewrite every Norwegian tag in Accept-Language to nb, keeping its quality value.

    Django's matching sends `no`, `no-NO`, `nn` and `nn-NO` to English because only `nb` is
    in LANGUAGES; placed before LocaleMiddleware this makes them all land on /nb/.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        header = request.META.get("HTTP_ACCEPT_LANGUAGE")
        if header:
            request.META["HTTP_ACCEPT_LANGUAGE"] = NORWEGIAN.sub("nb", header)
        return self.get_response(request)
