"""An unmarked CamelCase name that starts with an acronym (``PHregResults``) is a mention like
any CamelCase word: reported when it is one letter's case away from a project class, silent
when it is a name of its own. The code is invented."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules

MODULE = '''"""Survival models."""


class KMFit:
    """A fit."""

    def fit(self, data):
        """Fit the estimator.

        {sentence}
        """
        return KMFitResults(self, data)


class KMFitResults:
    """Results of a fit."""

    def __init__(self, model, data):
        self.model = model
        self.data = data
'''


def _files(sentence: str) -> dict[str, str]:
    return {"surv/__init__.py": '"""Survival."""\n', "surv/km.py": MODULE.format(sentence=sentence)}


CASES = [
    # planted: one inner letter in the wrong case, or one letter off, of the project class
    ("Returns a KMfitResults instance.", ["C1.unknown-name"]),
    ("Returns a KMFitResult instance.", []),  # the singular: the family of the name, not a slip
    ("Returns a KMFitRresults instance.", ["C1.unknown-name"]),
    # traps: acronym-led names that are no slip of a project name
    ("Works like the XMLHttpRequest of a browser.", []),
    ("Returns a KMFitResults instance.", []),
    ("The data come from an HDFStore or a CSVReader.", []),
]


@pytest.mark.parametrize(("sentence", "expected"), CASES)
def test_acronym_led_class_names(tmp_path: Path, sentence: str, expected: list[str]) -> None:
    assert_rules(tmp_path, _files(sentence), "surv/km.py", expected)
