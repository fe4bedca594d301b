import os

import pytest
from channels.layers import channel_layers
from django.utils import translation


@pytest.fixture(autouse=True)
def _fast_tables(settings):
    """Tests play faster than anyone: no message limit unless a test sets one; URLs and
    sentences in English unless a test asks for another language. With the Redis channel
    layer (the PostgreSQL + Redis pass) each xdist worker talks in its own prefix, since
    table numbers repeat across the workers' databases."""
    settings.TABLES_MESSAGES_PER_SECOND = 10**6
    settings.TABLES_PER_CLIENT = 10**6
    layer = settings.CHANNEL_LAYERS["default"]
    if "CONFIG" in layer:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        config = {**layer["CONFIG"], "prefix": f"sixtysix-tables-test-{worker}"}
        settings.CHANNEL_LAYERS = {"default": {**layer, "CONFIG": config}}
    channel_layers.backends.clear()  # a fresh layer for each test's event loop
    with translation.override("en"):
        yield
    channel_layers.backends.clear()
