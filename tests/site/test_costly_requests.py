"""guard.middleware: a costly request over its client's limits is refused before sessions."""

import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory

from guard.middleware import MAX_IN_FLIGHT, CostlyRequestMiddleware

pytestmark = [pytest.mark.integration, pytest.mark.django_db]

URL = "/da/practice/classic66/"


def test_a_client_over_its_play_limit_is_refused_early_in_its_language(settings):
    settings.PRACTICE_PLAY_RATE = 1
    client = Client(REMOTE_ADDR="203.0.113.20")
    client.post(URL, {"state": "x"})  # counted by the view: the one post allowed
    assert client.post(URL, {"state": "x"}).status_code == 429  # the view refuses, and notes it
    early = client.post(URL, {"state": "x"})
    assert early.status_code == 429
    assert early["Content-Type"].startswith("text/plain")  # no template, no session
    assert early["Retry-After"] == "60"  # the window's
    assert "træk" in early.content.decode()  # the view's sentence, in Danish
    assert "sessionid" not in early.cookies
    live = client.post(URL, {"state": "x"}, headers={"Accept": "application/json"})
    assert live.status_code == 429 and "note" in live.json()  # the live table's shape
    assert Client(REMOTE_ADDR="198.51.100.4").post(URL, {"state": "x"}).status_code == 400
    assert client.get(URL).status_code == 200  # pages are not costly


def test_a_client_that_fetches_the_sitemap_again_and_again_is_refused_early(settings):
    settings.SITEMAP_RATE = 2
    robot = Client(REMOTE_ADDR="203.0.113.30")
    assert [robot.get("/sitemap.xml").status_code for _ in range(2)] == [200, 200]
    refused = robot.get("/sitemap.xml?x=1")  # the view counts the third and refuses it
    assert refused.status_code == 429 and refused["Retry-After"] == "600"
    assert "sitemap" in refused.content.decode()
    early = robot.get("/sitemap.xml?x=2")  # now the middleware refuses before anything runs
    assert early.status_code == 429 and early["Content-Type"].startswith("text/plain")
    assert early["Retry-After"] == "600"
    assert Client(REMOTE_ADDR="198.51.100.5").get("/sitemap.xml").status_code == 200


def test_one_client_may_run_only_a_few_costly_requests_at_once():
    seen = []

    def view(request):
        seen.append(request.path)
        return HttpResponse("played")

    middleware = CostlyRequestMiddleware(view)
    request = RequestFactory().post(URL, REMOTE_ADDR="203.0.113.21")
    middleware._running["203.0.113.21"] = MAX_IN_FLIGHT  # that many still being answered
    refused = middleware(request)
    assert refused.status_code == 429 and seen == []
    middleware._running["203.0.113.21"] = MAX_IN_FLIGHT - 1
    assert middleware(request).status_code == 200 and seen == [URL]
    assert middleware._running["203.0.113.21"] == MAX_IN_FLIGHT - 1  # given back at the end
    other = RequestFactory().get("/en/practice/classic66/", REMOTE_ADDR="203.0.113.21")
    assert middleware(other).status_code == 200  # a page without a hint is not costly
