"""python manage.py generate_puzzles [--seed N]: write puzzles/content/puzzles.json.

Plays seeded random deals of the solver's variants and keeps exact positions where one move
is clearly best (see puzzles/generator.py). The file records the seed and the command line,
so the same command gives the same file; `load_content` re-checks every puzzle.
"""

import json
import time

from django.core.management.base import BaseCommand

from puzzles.content_loader import PUZZLES_FILE, dump
from puzzles.generator import COUNTS, generate

DEFAULT_SEED = 66


class Command(BaseCommand):
    help = "Find puzzles in seeded random deals with the exact solver and write the content file."

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
        parser.add_argument(
            "--per-variant", type=int, default=None, help="puzzles per variant (default: COUNTS)"
        )
        parser.add_argument("--output", default=str(PUZZLES_FILE))

    def handle(self, *args, seed, per_variant, output, **options):
        counts = dict(COUNTS)
        command = f"python manage.py generate_puzzles --seed {seed}"
        if per_variant is not None:
            counts = {variant: per_variant for variant in counts}
            command += f" --per-variant {per_variant}"
        started = time.monotonic()
        puzzles = generate(seed, counts)
        with open(output, "w", encoding="utf-8") as fh:
            fh.write(dump(puzzles, seed=seed, command=command))
        took = time.monotonic() - started
        self.stdout.write(f"{len(puzzles)} puzzles written to {output} in {took:.1f} s")
        short = {v: n for v, n in counts.items() if sum(p["variant"] == v for p in puzzles) < n}
        if short:
            self.stderr.write(f"fewer puzzles than asked for: {json.dumps(short)}")
