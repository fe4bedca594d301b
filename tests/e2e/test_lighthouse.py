"""Lighthouse: accessibility, best practices and SEO score 100 on every page type.

One test per page type, audited in English and in one other language, the four others in
turn down the list, so that each language is audited on three or four page types (axe, the
engine of Lighthouse's accessibility score, checks every language on every page type in the
other browser tests). LIGHTHOUSE_LANGUAGES=all audits all five languages on every page type
(`make lighthouse`). The runs go side by side (see parallel_runs; LIGHTHOUSE_PARALLEL=<n>
overrides). Lighthouse drives Debian's
Chromium and talks to nothing but the live server. Skipped where `npm ci` has not installed
node_modules/.bin/lighthouse (e.g. `make test-fast` on a machine without npm). Set
LIGHTHOUSE_REPORTS=<folder> to keep every full report there (<page type>-<lang>.json).
"""

import json
import os
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_PATH") or "/usr/bin/chromium"
LANGUAGES = ["en", "da", "nb", "pl", "lv"]
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ["accessibility", "best-practices", "seo"]
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --no-first-run"
)
TUTORIAL_STEP = ("first-deal", 3)
PAGE_TYPES = {
    "home": "/{lang}/",
    "variants": "/{lang}/variants/",
    "variant": "/{lang}/variants/classic66/",
    "compare": "/{lang}/compare/?v=classic66&v=schnapsen&v=idiot66",
    "glossary": "/{lang}/glossary/",
    "tutorials": "/{lang}/tutorials/",
    "tutorial-step": "/{{lang}}/tutorials/{}/{}/".format(*TUTORIAL_STEP),
    "practice": "/{lang}/practice/classic66/",
    "puzzles": "/{lang}/puzzles/",
    "puzzle": "/{lang}/puzzles/1/",
    "review": "/{lang}/practice/classic66/review/?game={game}",
    "puzzle-dashboard": "/{lang}/puzzles/dashboard/",
    "puzzle-streak": "/{lang}/puzzles/streak/",
}
TIMEOUT = 180  # seconds for one Lighthouse run; a run normally takes a few seconds
ATTEMPTS = 3  # runs of one URL when Chromium itself breaks down (see BROWSER_BREAKDOWNS)
# What Lighthouse prints when the browser, not the page, failed: a tab or DevTools session
# that closed under load on a busy 2-core machine. A low score is never one of these.
BROWSER_BREAKDOWNS = (
    "Session closed",
    "Target closed",
    "Protocol error",
    "PROTOCOL_TIMEOUT",
    "Unable to connect to Chrome",
    "ECONNREFUSED",
)


def languages_of(page_type: str) -> list[str]:
    """English and the page type's turn among the other four, or all five on request."""
    if os.environ.get("LIGHTHOUSE_LANGUAGES") == "all":
        return LANGUAGES
    others = LANGUAGES[1:]
    return ["en", others[list(PAGE_TYPES).index(page_type) % len(others)]]


def parallel_runs():
    """Lighthouse processes at once. A run mostly waits (browser start, load, quiet
    windows), so three side by side take about half the time of one after another; with two
    xdist workers that is six browsers on 2 cores, and five each (ten) once made a
    DevTools session close under load."""
    return max(1, int(os.environ.get("LIGHTHOUSE_PARALLEL") or 3))


def lighthouse(url):
    """Run Lighthouse on one URL and return its JSON report (lhr), running it again (up to
    ATTEMPTS times) only when the browser broke down; any other failure fails at once."""
    for attempt in range(1, ATTEMPTS + 1):
        report, error = lighthouse_once(url)
        if report is not None and report.get("runtimeError"):
            error = json.dumps(report["runtimeError"])
        broke_down = error is not None and any(sign in error for sign in BROWSER_BREAKDOWNS)
        if not broke_down or attempt == ATTEMPTS:
            break
    if report is None:
        pytest.fail(f"Lighthouse failed on {url} ({attempt} attempts), {error}")
    return report  # a runtimeError left in it is reported by the test


def lighthouse_once(url):
    """One Lighthouse run: (report, None), or (None, what went wrong).

    The report goes to a file, not to stdout: Node may exit before a large report has
    been written through a pipe, and the JSON would be cut short.
    """
    with tempfile.TemporaryDirectory(prefix="lighthouse-") as folder:
        output = Path(folder) / "report.json"
        command = [
            str(LIGHTHOUSE),
            url,
            "--only-categories=" + ",".join(CATEGORIES),
            "--output=json",
            f"--output-path={output}",
            "--quiet",
            f"--chrome-flags={CHROME_FLAGS}",
        ]
        env = {**os.environ, "CHROME_PATH": CHROMIUM}
        done = subprocess.run(  # noqa: S603 - our own program and live-server URL
            command, capture_output=True, text=True, timeout=TIMEOUT, env=env, cwd=ROOT
        )
        if done.returncode != 0 or not output.exists():
            return None, f"exit {done.returncode}:\n{done.stderr[-3000:]}"
        return json.loads(output.read_text()), None


def describe_item(item):
    """One offending item of an audit's details (an element, a URL, a console message...)."""
    node = item.get("node")
    if isinstance(node, dict):
        text = node.get("snippet") or node.get("selector") or json.dumps(node)
        if node.get("nodeLabel"):
            text += f" ({node['nodeLabel']})"
        if node.get("explanation"):
            text += " - " + " ".join(node["explanation"].split())
        return text[:600]
    parts = []
    for key, value in item.items():
        if isinstance(value, dict):
            value = value.get("snippet") or value.get("url") or value.get("value")
        if isinstance(value, str | int | float) and value != "":
            parts.append(f"{key}: {value}")
    return ("; ".join(parts) or json.dumps(item))[:600]


def failures(report):
    """Every category below 1.0 with the audits that pulled it down, as readable lines."""
    lines = []
    for category_id in CATEGORIES:
        category = report["categories"][category_id]
        if category["score"] == 1:
            continue
        lines.append(f"  {category_id}: {category['score']}")
        for ref in category["auditRefs"]:
            audit = report["audits"][ref["id"]]
            errored = audit.get("scoreDisplayMode") == "error"
            failed = audit.get("score") is not None and audit["score"] < 1
            if ref.get("weight", 0) == 0 or not (failed or errored):
                continue
            lines.append(f"    - {audit['id']}: {audit['title']} (score {audit['score']})")
            for item in (audit.get("details") or {}).get("items") or []:
                lines.append(f"        · {describe_item(item)}")
            if audit.get("errorMessage"):
                lines.append(f"        · error: {audit['errorMessage']}")
    return lines


def finished_game_token() -> str:
    """A practice game of classic66 played to its end (the review page reads its token),
    its review in the cache: five languages at once would otherwise find the compute slots
    busy (503) while the first works it out."""
    from practice.moves import game_move, game_new
    from rules.models import Variant
    from training.review import review_of

    game = game_new(variant=Variant.objects.get(slug="classic66"), deal_id="abcdefghjk")
    while not game.over:
        game_move(game=game, key=game.deal.legal_actions()[-1].key())
    review_of(game)  # worked out once, as the reader's first look does; the runs read it
    return game.dumps()


@pytest.fixture
def site(live_server, content):
    return live_server.url


@pytest.mark.skipif(
    not LIGHTHOUSE.exists(),
    reason="node_modules/.bin/lighthouse is missing: run `npm ci` (or `make node-packages`)",
)
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"Chromium not found at {CHROMIUM}")
@pytest.mark.parametrize("page_type", list(PAGE_TYPES))
def test_lighthouse_scores_100(site, page_type):
    if page_type == "tutorial-step":
        from tutorial.models import TutorialStep

        slug, number = TUTORIAL_STEP
        if not TutorialStep.objects.filter(tutorial__slug=slug, number=number).exists():
            pytest.skip(f"tutorial {slug!r} with a step {number} is not in the content")
    game = finished_game_token() if page_type == "review" else ""
    languages = languages_of(page_type)
    urls = [site + PAGE_TYPES[page_type].format(lang=lang, game=game) for lang in languages]
    with ThreadPoolExecutor(max_workers=parallel_runs()) as pool:
        reports = list(pool.map(lighthouse, urls))
    keep = os.environ.get("LIGHTHOUSE_REPORTS")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        for lang, report in zip(languages, reports, strict=True):
            (Path(keep) / f"{page_type}-{lang}.json").write_text(json.dumps(report))
    problems = []
    for url, report in zip(urls, reports, strict=True):
        if report.get("runtimeError"):
            problems.append(f"{url}: Lighthouse runtime error {report['runtimeError']}")
            continue
        lines = failures(report)
        if lines:
            problems.append(f"{url}\n" + "\n".join(lines))
    assert not problems, "Lighthouse scores below 100:\n" + "\n".join(problems)


def test_lighthouse_runs_again_only_when_the_browser_broke_down(monkeypatch):
    outcomes = [(None, "exit 1: Protocol error (Page.enable): Session closed."), ({"ok": 1}, None)]
    monkeypatch.setattr(__name__ + ".lighthouse_once", lambda url: outcomes.pop(0))
    assert lighthouse("http://x/") == {"ok": 1}
    assert outcomes == []

    calls = []
    monkeypatch.setattr(
        __name__ + ".lighthouse_once", lambda url: calls.append(url) or (None, "exit 1: bad flag")
    )
    with pytest.raises(pytest.fail.Exception, match="bad flag"):
        lighthouse("http://x/")
    assert len(calls) == 1


def test_lighthouse_gives_up_after_attempts(monkeypatch):
    calls = []
    breakdown = {"code": "PROTOCOL_TIMEOUT"}
    monkeypatch.setattr(
        __name__ + ".lighthouse_once",
        lambda url: calls.append(url) or ({"runtimeError": breakdown}, None),
    )
    assert lighthouse("http://x/") == {"runtimeError": breakdown}
    assert len(calls) == ATTEMPTS
