"""The practice page's weight in what a reader downloads: the page, its stylesheets and its
scripts (the live table's included), gzipped as WhiteNoise and the proxy serve them."""

import gzip
import re
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders

from practice.sharing import share_id

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

BUDGET = 26_000  # bytes gzipped; about 23.5 kB today with the site's settings, sound and keys


@pytest.mark.parametrize("lang", ["en", "pl"])
@pytest.mark.parametrize("slug", ["classic66", "four_partnership_66"])
def test_a_practice_page_stays_within_its_gzip_budget(client, slug, lang):
    html = client.get(f"/{lang}/practice/{slug}/", {"deal": share_id("abcdefghjk")}).content
    assets = re.findall(rb'(?:href|src)="/static/([^"?]+\.(?:css|js))"', html)
    assert b"practice/live.js" in assets and b"js/motion.js" in assets
    size = len(gzip.compress(html, 6))
    for asset in set(assets):
        size += len(gzip.compress(Path(finders.find(asset.decode())).read_bytes(), 6))
    assert size < BUDGET, f"{slug} [{lang}]: {size} bytes gzipped"
