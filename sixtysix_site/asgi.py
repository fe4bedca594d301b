"""ASGI entry point: the site over HTTP, and the tables' WebSockets (daphne serves both)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sixtysix_site.settings")
django_application = get_asgi_application()  # sets Django up before the consumers load

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from tables.routing import websocket_urlpatterns  # noqa: E402


def build() -> ProtocolTypeRouter:
    """A fresh application (tests build a second one to play on after a "restart")."""
    return ProtocolTypeRouter(
        {
            "http": django_application,
            "websocket": AllowedHostsOriginValidator(URLRouter(websocket_urlpatterns)),
        }
    )


application = build()
