"""Waiting for the table to stand still before a click.

motion.js moves the cards of a new page from where they were on the last one; a drawn card
first waits at the stock. Playwright's own check (the element keeps its box for two frames)
passes during that wait and its click then lands where the card no longer is: a lost click.
The table carries `data-moving` while any motion runs.
"""


def wait_until_still(page) -> None:
    page.locator(".table-area[data-moving]").wait_for(state="detached")
