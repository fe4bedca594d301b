"""python manage.py check_tutorials [slug ...]: replay tutorial files without writing them."""

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from content.files import ContentError
from rules.content_loader import CONTENT_DIR as RULES_DIR
from rules.content_loader import parse_content
from tutorial.content_loader import CONTENT_DIR, lesson_paths, parse_tutorial_file
from tutorial.replay import Script, narration_values, replay


class Command(BaseCommand):
    help = "Replay tutorial files through the engine and check their texts; writes nothing."

    def add_arguments(self, parser):
        parser.add_argument("slugs", nargs="*", help="tutorial slugs (default: all)")
        parser.add_argument("--show", action="store_true", help="print each step's numbers")
        parser.add_argument(
            "--language", action="append", help="check only these languages' texts (drafting)"
        )

    def handle(self, *args, slugs, show, language, **options):
        variants, _terms = parse_content(RULES_DIR)
        sections = {v.slug: [s["key"] for s in v.sections] for v in variants}
        paths = lesson_paths(CONTENT_DIR)
        if slugs:
            paths = [p for p in paths if p.stem in slugs]
        problems = 0
        with translation.override("en"):
            for path in paths:
                try:
                    data = parse_tutorial_file(path, sections, only=language)
                except ContentError as exc:
                    problems += 1
                    self.stderr.write(f"FAIL {exc}")
                    continue
                self.stdout.write(f"ok   {path.name}: {len(data.steps)} steps")
                if show:
                    self._show(data)
        if problems:
            raise CommandError(f"{problems} tutorial file(s) refused")

    def _show(self, data):
        from sixtysix import get_preset

        rules = get_preset(data.variant).with_options(data.options)
        positions = replay(
            rules, Script(data.deals, [(s["deal"], s["actions"]) for s in data.steps])
        )
        for step, position in zip(data.steps, positions, strict=True):
            values = narration_values(position, rules, data.you)
            state = position.state
            self.stdout.write(
                f"  {step['number']:>2} {step['key']}: to_act={position.to_act} "
                f"phase={state['phase']} hands={state['hands']} trick={state['trick']} "
                f"legal={[a for a in position.legal]} values={values} result={position.result}"
            )
