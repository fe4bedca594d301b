import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _fast_tables(settings):
    """Tests play faster than anyone: no message limit unless a test sets one; URLs and
    sentences in English unless a test asks for another language."""
    settings.TABLES_MESSAGES_PER_SECOND = 10**6
    settings.TABLES_PER_CLIENT = 10**6
    with translation.override("en"):
        yield
