"""Template context shared by every page."""

from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language

from words.language_names import local_name


def language_links(request):
    """One link per language to the page being shown, for the switcher and hreflang.

    The URLs are computed here, during the page request, while the page's language is
    active: translate_url() can then resolve the current path (set_language's `next`
    cannot switch the prefix, see the design notes).
    """
    current = get_language()
    path = request.get_full_path()
    links = []
    for code, _name in settings.LANGUAGES:
        url = translate_url(path, code)
        links.append(
            {
                "code": code,
                "name": local_name(code),
                "url": url,
                "absolute_url": request.build_absolute_uri(url),
                "current": code == current,
            }
        )
    default = next(link for link in links if link["code"] == settings.LANGUAGE_CODE)
    return {"language_links": links, "x_default_url": default["absolute_url"]}
