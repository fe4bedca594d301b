"""What a reader downloads per page type, gzip-compressed: the page's HTML and the CSS and
JavaScript it references (images and the card sheet are not counted). Read by
benchmarks/pages.py (every page) and tests/rules/test_pages.py (one page per type in the
longest language), so a new script cannot grow the pages unnoticed. Plain data, no imports.
"""

KB = 1024

# page type (as benchmarks/pages.py names them) -> budget in bytes, gzip level 6
# Reading pages stay near their size today (about 12-16 KB; the longest variant page,
# classic66, about 21 KB); the pages with a card table
# (a lesson step, a puzzle, practice: about 24 KB) keep room for the live table's script.
READING = 20 * KB
TABLE = 36 * KB
GZIP_BUDGETS = {
    "home": READING,
    "variants index": READING,
    "variant": 24 * KB,
    "variant json": READING,
    "compare": READING,
    "compare form": READING,
    "glossary": READING,
    "tutorial index": 22 * KB,
    "tutorial step": TABLE,
    "puzzle": TABLE,
    "practice": TABLE,
}
