"""Draw the site's card faces and back as one SVG sprite: `python scripts/make_cards.py`.

The sprite holds a `<symbol>` per card (`QH`, `TS`, ...) and `back`, so a page draws a card
with `<use href=".../cards.svg#QH">` and the browser caches one file for every page and
language. The faces carry no letters: the corner index is HTML laid over the picture, in the
reader's own rank letters (a Polish Queen is "D"). Everything here is drawn by this script
(simple geometric pips and court figures), so the artwork is the project's own.
"""

# ruff: noqa: E501 -- drawing data reads best as one SVG element per line

from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "sixtysix_site" / "static" / "cards" / "cards.svg"

W, H = 200, 280
RED, BLACK = "#c0262d", "#1f1d1a"
SUIT_COLOUR = {"H": RED, "D": RED, "C": BLACK, "S": BLACK}
GOLD, SKIN, HAIR = "#e0a526", "#f5d9b8", "#6b4423"
ROBE = {"K": "#b3261e", "Q": "#2c4f9e", "J": "#1e6b3a"}

# Suit shapes in a 100 x 100 box, point of the heart / stem of the spade at the bottom.
SUIT_PATHS = {
    "H": "M50 90C24 68 4 52 6 30C8 12 22 4 34 6C42 7 47 12 50 20C53 12 58 7 66 6"
    "C78 4 92 12 94 30C96 52 76 68 50 90Z",
    "D": "M50 3Q66 28 88 50Q66 72 50 97Q34 72 12 50Q34 28 50 3Z",
    "S": "M50 4C36 24 8 40 8 60C8 76 22 84 34 80C40 78 44 74 46 70C45 82 40 90 32 96H68"
    "C60 90 55 82 54 70C56 74 60 78 66 80C78 84 92 76 92 60C92 40 64 24 50 4Z",
    "C": "M50 8A19 19 0 0 0 36 40A19 19 0 1 0 45 68C44 80 40 89 32 96H68C60 89 56 80 55 68"
    "A19 19 0 1 0 64 40A19 19 0 0 0 50 8Z",
}

# Pip centres (x, y) on the 200 x 280 face for the number cards; the index sits top left,
# so the pips keep to the middle. Pips below the centre line are drawn upside down.
L, C, R = 78, 120, 162
TOP, BOTTOM = 66, 214
ROWS4 = [TOP + (BOTTOM - TOP) * i / 3 for i in range(4)]
PIPS = {
    "7": [(L, TOP), (R, TOP), (C, 103), (L, 140), (R, 140), (L, BOTTOM), (R, BOTTOM)],
    "8": [(L, TOP), (R, TOP), (C, 103), (L, 140), (R, 140), (C, 177), (L, BOTTOM), (R, BOTTOM)],
    "9": [(x, y) for y in ROWS4 for x in (L, R)] + [(C, 140)],
    "T": [(x, y) for y in ROWS4 for x in (L, R)] + [(C, 90.7), (C, 189.3)],
}
PIP = 34


def pip(suit: str, x: float, y: float, size: float = PIP, upright: bool = False) -> str:
    turn = f' transform="rotate(180 {x} {y})"' if y > H / 2 + 1 and not upright else ""
    half = size / 2
    return (
        f'<use href="#p{suit}" x="{x - half:g}" y="{y - half:g}" '
        f'width="{size:g}" height="{size:g}"{turn}/>'
    )


def blank() -> str:
    return f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="#fff" stroke="#9a917f" stroke-width="3"/>'


def figure(rank: str) -> str:
    """A court figure shared by the four suits: a bust in a framed panel.

    The King has a spiked crown and a beard, the Queen a round tiara and long hair,
    the Jack a flat cap with a feather; each wears its own colour.
    """
    robe = ROBE[rank]
    parts = [
        # panel
        '<rect x="40" y="44" width="144" height="214" rx="8" fill="#f7f1e3" stroke="#c9bfa8" stroke-width="2"/>',
        # shoulders and robe with a gold collar
        f'<path d="M52 258V214C52 186 76 172 112 172S172 186 172 214V258Z" fill="{robe}"/>',
        f'<path d="M86 176L112 206L138 176" fill="none" stroke="{GOLD}" stroke-width="8" stroke-linejoin="round"/>',
        '<rect x="108" y="206" width="8" height="52" fill="#e0a526"/>',
    ]
    if rank == "Q":
        parts.append(
            f'<path d="M76 170C70 140 72 104 112 96C152 104 154 140 148 170Z" fill="{HAIR}"/>'
        )
    parts += [
        '<rect x="101" y="150" width="22" height="26" fill="#eac7a0"/>',
        f'<ellipse cx="112" cy="132" rx="28" ry="33" fill="{SKIN}"/>',
        '<circle cx="101" cy="128" r="3.2" fill="#2a2622"/><circle cx="123" cy="128" r="3.2" fill="#2a2622"/>',
        '<path d="M104 148Q112 153 120 148" fill="none" stroke="#9b3b2e" stroke-width="2.6" stroke-linecap="round"/>',
    ]
    if rank == "K":
        parts += [
            f'<path d="M86 144C88 176 100 186 112 186S136 176 138 144C130 156 94 156 86 144Z" fill="{HAIR}"/>',
            '<path d="M104 147Q112 143 120 147" fill="none" stroke="#4a2e18" stroke-width="4" stroke-linecap="round"/>',
            f'<path d="M82 108L82 70L96 90L112 62L128 90L142 70L142 108Z" fill="{GOLD}" stroke="#9c6f10" stroke-width="2"/>',
            '<circle cx="82" cy="68" r="5" fill="#e0a526"/><circle cx="112" cy="60" r="5" fill="#e0a526"/>'
            '<circle cx="142" cy="68" r="5" fill="#e0a526"/>',
            '<rect x="80" y="100" width="64" height="10" fill="#9c6f10"/>',
            # sceptre
            f'<path d="M166 252V150" stroke="{GOLD}" stroke-width="6" stroke-linecap="round"/>'
            '<circle cx="166" cy="146" r="8" fill="#e0a526"/>',
        ]
    elif rank == "Q":
        parts += [
            f'<path d="M84 106Q86 84 96 92Q100 76 112 86Q124 76 128 92Q138 84 140 106Z" fill="{GOLD}" stroke="#9c6f10" stroke-width="2"/>',
            '<circle cx="112" cy="92" r="4.5" fill="#c0262d"/>',
            # a flower held in front
            '<path d="M62 250L72 196" stroke="#1e6b3a" stroke-width="4"/>'
            '<circle cx="73" cy="190" r="9" fill="#c0262d"/><circle cx="73" cy="190" r="3.5" fill="#e0a526"/>',
        ]
    else:
        parts += [
            f'<path d="M84 106C84 86 98 80 112 80S140 86 140 106L152 110L72 110Z" fill="{robe}" stroke="#0f3d22" stroke-width="2"/>',
            '<path d="M90 92C74 72 58 66 48 62C56 78 68 90 86 100Z" fill="#e0a526"/>',
            f'<path d="M86 116Q84 126 88 138M138 116Q140 126 136 138" fill="none" stroke="{HAIR}" stroke-width="7" stroke-linecap="round"/>',
            # halberd
            '<path d="M166 252V130" stroke="#6b4423" stroke-width="5" stroke-linecap="round"/>'
            '<path d="M166 112L156 132H176Z" fill="#8a8a8a"/>',
        ]
    return f'<symbol id="fig{rank}" viewBox="0 0 {W} {H}">{"".join(parts)}</symbol>'


def card(rank: str, suit: str) -> str:
    body = ['<use href="#blank"/>']
    if rank == "A":
        body.append(pip(suit, 118, 140, 92))
    elif rank in PIPS:
        body += [pip(suit, x, y) for x, y in PIPS[rank]]
    else:
        body.append(f'<use href="#fig{rank}"/>')
        # the suit on a white roundel on the robe, and again at the top of the panel
        body.append(
            '<circle cx="80" cy="228" r="19" fill="#fff" stroke="#e0a526" stroke-width="3"/>'
        )
        body.append(pip(suit, 80, 228.5, 26, upright=True))
        body.append(pip(suit, 160, 68, 30))
    return f'<symbol id="{rank}{suit}" viewBox="0 0 {W} {H}">{"".join(body)}</symbol>'


def back() -> str:
    lines = "".join(f"M{x} 16L{x + 168} 264" for x in range(-152, 184, 24))
    lines += "".join(f"M{x} 16L{x - 168} 264" for x in range(16, 352, 24))
    return (
        f'<symbol id="back" viewBox="0 0 {W} {H}">'
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="14" fill="#fff" stroke="#9a917f" stroke-width="3"/>'
        '<rect x="12" y="12" width="176" height="256" rx="8" fill="#1e5b3a"/>'
        '<svg x="16" y="16" width="168" height="248" viewBox="16 16 168 248">'
        f'<path d="{lines}" stroke="#2f7a50" stroke-width="6"/></svg>'
        '<rect x="16" y="16" width="168" height="248" rx="6" fill="none" stroke="#f3d36b" stroke-width="3"/>'
        '<path d="M100 96L132 140L100 184L68 140Z" fill="#f3d36b"/>'
        '<path d="M100 116L117 140L100 164L83 140Z" fill="#1e5b3a"/>'
        "</symbol>"
    )


def sprite() -> str:
    symbols = [
        f'<symbol id="p{s}" viewBox="0 0 100 100"><path fill="{SUIT_COLOUR[s]}" d="{d}"/></symbol>'
        for s, d in SUIT_PATHS.items()
    ]
    symbols.append(f'<symbol id="blank" viewBox="0 0 {W} {H}">{blank()}</symbol>')
    symbols += [figure(rank) for rank in "KQJ"]
    symbols += [card(rank, suit) for suit in "CDHS" for rank in "ATKQJ987"]
    symbols.append(back())
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">\n'
        "<!-- Sixty-Six card faces, drawn by scripts/make_cards.py -->\n"
        + "\n".join(symbols)
        + "\n</svg>\n"
    )


def main() -> None:
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(sprite(), encoding="utf-8")
    print(f"{OUT}: {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
