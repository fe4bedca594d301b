"""Writing the rules' editable prose (variants, sources, sections, glossary) back to its files."""

from pathlib import Path

from content.export import ExportReport, TomlFile
from content.files import languages, shown

from .models import GlossaryTerm, Variant


def _export_variant(variant: Variant, path: Path, report: ExportReport) -> None:
    file = TomlFile(path, report)
    file.put(("variant",), "order", variant.order)
    ids = [str(table.get("id")) for table in file.data.get("sources", [])]
    for source in variant.sources.all():
        if source.key in ids:
            for name in ("title", "url"):
                file.put(("sources", ids.index(source.key)), name, getattr(source, name))
    for lang in languages():
        for name in ("name", "summary"):
            file.put((lang,), name, getattr(variant, f"{name}_{lang}"))
        for source in variant.sources.all():
            file.put((lang, "sources"), source.key, getattr(source, f"covers_{lang}"))
        for section in variant.sections.all():
            for name in ("title", "body"):
                value = getattr(section, f"{name}_{lang}")
                file.put((lang, "sections", section.key), name, value)
    file.save()


def _export_glossary(path: Path, report: ExportReport) -> None:
    file = TomlFile(path, report)
    for term in GlossaryTerm.objects.all():
        for lang in languages():
            for name in ("term", "definition"):
                file.put((lang, "terms", term.key), name, getattr(term, f"{name}_{lang}"))
    file.save()


def export_rules(rules_dir: Path, report: ExportReport) -> None:
    """Every variant file, then the glossary; a missing file is named, never created."""
    for variant in Variant.objects.prefetch_related("sections", "sources"):
        path = rules_dir / f"{variant.slug}.toml"
        if path.exists():
            _export_variant(variant, path, report)
        else:
            report.skipped.append(f"{shown(path)}: missing, variant {variant.slug} not exported")
    glossary = rules_dir / "glossary.toml"
    if glossary.exists():
        _export_glossary(glossary, report)
    elif GlossaryTerm.objects.exists():
        report.skipped.append(f"{shown(glossary)}: missing, the glossary is not exported")
