"""Engine state in words and pictures: card names, the content markup, sentences for actions,
refusals and results, and the table view that tutorials and practice draw.

`rules`, `tutorial` and `practice` all build on this package; it imports none of them, only
the engine (`sixtysix`, plain Python), whose RuleSet answers every rule question.
"""
