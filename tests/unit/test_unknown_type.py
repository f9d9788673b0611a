"""C2.unknown-type: the type of a field item that names a class existing nowhere (a slip of a real
class, or a member a readable owner lacks); each case is (files, target, expected C1-C3 ids), run
with every rule on, so that C1.unknown-name is seen to leave the type to this rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import judge_files, one_module

_CLASSES = '''
    """Sampling."""


    class ChainSummary:
        """What a sampler run found."""

        def __init__(self, draws):
            self.draws = draws


    class ChainSummaries:
        """Several summaries."""
'''


def _doc(doc: str, extra: str = "") -> dict[str, str]:
    return one_module("sampler/chains.py", _CLASSES + extra + f'''

    def summarize(draws, weights=None):
        """Summarize the draws.

        {doc}
        """
        return ChainSummary(draws)
    ''')


CASES = {
    # planted: a Returns type one slip from a project class
    "numpy-returns-slip": (_doc('''Returns
        -------
        ChainSumary
            The summary.'''), ["C2.unknown-type"]),
    # planted: a Google argument type one slip from a project class
    "google-arg-slip": (_doc('''Args:
            draws (ChainSumary): The draws so far.'''), ["C2.unknown-type"]),
    # planted: a Sphinx rtype that names a module member the project module lacks
    "sphinx-rtype-dotted": (_doc(''':param draws: The draws.
        :rtype: sampler.chains.ChainReport'''), ["C2.unknown-type"]),
    # trap: an example or outside class, with no near miss, is not provably wrong
    "no-near-miss": (_doc('''Parameters
        ----------
        weights : Restaurant
            Where the draws were made.'''), []),
    # trap: the plural of a class name is English, not a slip (ChainSummary / ChainSummaries)
    "plural": (_doc('''Parameters
        ----------
        weights : list of ChainSummarys
            Summaries of earlier runs.'''), []),
    # trap: the true type is quiet
    "right": (_doc('''Returns
        -------
        ChainSummary
            The summary.'''), []),
    # trap: a type of a library the code imports, whose names docfact cannot read
    "unreadable-library": (_doc('''Parameters
        ----------
        weights : wtlib.WeightTabel
            Per-draw weights.''', extra="\n\nimport wtlib\n"), []),
}


@pytest.mark.parametrize("name", CASES)
def test_unknown_type(tmp_path: Path, name: str) -> None:
    files, expected = CASES[name]
    result = judge_files(tmp_path, files, "sampler/chains.py")
    got = sorted(f.rule for f in result.findings if f.rule[:2] in ("C1", "C2", "C3"))
    assert got == expected, [(f.rule, f.message) for f in result.findings]


def test_the_slip_comes_with_a_fix(tmp_path: Path) -> None:
    files, _ = CASES["numpy-returns-slip"]
    result = judge_files(tmp_path, files, "sampler/chains.py")
    (f,) = [f for f in result.findings if f.rule == "C2.unknown-type"]
    assert "did you mean `ChainSummary`?" in f.message
    assert f.fix is not None and f.fix.new_text == "ChainSummary"
