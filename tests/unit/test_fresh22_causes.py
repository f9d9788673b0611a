"""The causes of false findings the fresh22 audit found in the stable rules (the set is studied
now, so spent), each with invented code: a trap written anew that stays quiet and a planted case
that is still found. Each case is (files, target, expected C1-C3 ids), judged with every rule on."""

from __future__ import annotations

from pathlib import Path

import pytest
from judging import assert_rules, one_module


def _tokens(entry: str) -> dict[str, str]:
    return one_module("words/tokens.py", f'''
        """Tokens."""


        def split_words(text, lower=False):
            """Split a text into words.

            Parameters
            ----------
            {entry}
                The text to split.
            lower : bool
                Fold the words to lower case.
            """
            words = text.split()
            return [w.lower() for w in words] if lower else words
        ''')


def _failure(attribute: str) -> dict[str, str]:
    return one_module("runner/errors.py", f'''
        """Errors."""


        class ManyFailures(Exception):
            """Several failures at once.

            Attributes
            ----------
            {attribute} : tuple
                The failures, one per test.
            """
        ''')


CASES = {
    # trap: "text, str" is a name and its type, written with a comma for the colon
    "name-comma-type": (_tokens("text, str"), "words/tokens.py", []),
    # planted: a second name that is no parameter and no type is still reported
    "two-names": (_tokens("text, txet"), "words/tokens.py", ["C1.unknown-param"]),
    # trap: ``args`` is every exception's attribute
    "exception-args": (_failure("args"), "runner/errors.py", []),
    # planted: an attribute neither the class nor Exception has is still reported
    "exception-missing": (_failure("failures"), "runner/errors.py", ["C1.unknown-attribute"]),
}


@pytest.mark.parametrize("name", CASES)
def test_fresh22_causes(tmp_path: Path, name: str) -> None:
    files, target, expected = CASES[name]
    assert_rules(tmp_path, files, target, expected)
