"""The LLM pass's progress on stderr: a line kept up to date on a terminal, a line every few
seconds in a CI log, nothing for a short pass; with files done, requests sent and time left."""

from __future__ import annotations

import io

from docfact.cli.llm_run import LlmProgress


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_ci_log_gets_a_line_every_few_seconds_with_an_estimate() -> None:
    clock, out = Clock(), io.StringIO()
    p = LlmProgress(10, stream=out, every=5.0, clock=clock)
    for n in range(1, 11):
        clock.now = 2.0 * n  # 2 s a file
        p.update(n, requests=3 * n)
    p.close()
    lines = out.getvalue().splitlines()
    assert lines[0] == "docfact: LLM progress: 3/10 files, 9 request(s) sent, about 14 s left"
    assert len(lines) == 3  # at 6, 12 and 18 s: one every 5 s or more, never on every file


def test_a_short_pass_prints_nothing() -> None:
    clock, out = Clock(), io.StringIO()
    p = LlmProgress(3, stream=out, every=5.0, clock=clock)
    for n in range(1, 4):
        clock.now = 0.5 * n
        p.update(n, requests=n)
    p.close()
    assert out.getvalue() == ""


def test_a_terminal_line_is_rewritten_and_cleared() -> None:
    clock, out = Clock(), Tty()
    p = LlmProgress(100, stream=out, every=5.0, clock=clock)
    for n in range(1, 101):
        clock.now = 1.0 * n
        p.update(n, requests=n)
    p.close()
    text = out.getvalue()
    assert "\n" not in text and text.count("\r") > 50
    assert "50/100 files, 50 request(s) sent, about 50 s left" in text
    assert text.endswith("\r")  # the line is cleared before the summary lines
