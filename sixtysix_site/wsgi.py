"""WSGI entry point (gunicorn sixtysix_site.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sixtysix_site.settings")
application = get_wsgi_application()
