"""LLM economy: requests and prompt tokens per docstring of the two LLM modes, without any model.

    python benchmarks/llm_economy.py      # about a minute

For every docstring of requests 2.32.3 (docs of functions, methods and classes) and every
ReFEree Java summary (../shared/eval_data, read at run time), renders with
``docfact.llm.judge.render_requests`` the messages each mode would send:

- ``referee``: one request per sentence x criterion (4 criteria);
- ``batched``: one request per docstring, plus one second-look request per flagged
  (sentence, criterion) pair. With no model there are no real flags: the second looks are
  rendered for the pairs the static judge flags on the same docstring (its observed flag rate),
  and the table also shows batched without second looks.

Python: code = ``entity.docless_code``, context = ``render(related_info(graph, entity))``,
sentences = the doc's segments. Java: code = ``input``, context = ``input_information``,
sentences = ``split_sentences(hallucinated_summary)``.

Tokens are approximated as characters / 4 of all message contents (tiktoken is
pip-installable but its encodings are downloaded from the internet at first use, which this
machine cannot do); the ratio batched/referee does not depend on the divisor.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _fetch import sdist  # noqa: E402

from docfact.docs.sentences import split_sentences  # noqa: E402
from docfact.engine import Engine  # noqa: E402
from docfact.graph.context import related_info, render  # noqa: E402
from docfact.llm.judge import render_requests  # noqa: E402

CRITERIA = ("C1", "C2", "C3", "C4")
EVAL = HERE.parent.parent / "shared" / "eval_data"
CHARS_PER_TOKEN = 4


def tokens(requests: list[list]) -> int:
    chars = 0
    for msgs in requests:
        for m in msgs:
            content = m["content"] if isinstance(m, dict) else getattr(m, "content", str(m))
            chars += len(content)
    return round(chars / CHARS_PER_TOKEN)


def measure(items: list[tuple[str, str, list[str], str, list[tuple[int, str]]]]) -> dict[str, float]:
    """items: (code, context, sentences, language, flagged pairs) per docstring."""
    rows = {"referee": [], "batched": [], "batched+2nd": []}
    reqs = {"referee": 0, "batched": 0, "batched+2nd": 0}
    flagged = 0
    sentences = 0
    for code, context, sents, lang, flags in items:
        if not sents:
            continue
        sentences += len(sents)
        ref = render_requests(code=code, context=context, sentences=sents, criteria=CRITERIA, language=lang, mode="referee")
        bat = render_requests(code=code, context=context, sentences=sents, criteria=CRITERIA, language=lang, mode="batched")
        bat2 = render_requests(code=code, context=context, sentences=sents, criteria=CRITERIA, language=lang, mode="batched",
                               second_look_for=flags)
        flagged += len(flags)
        for k, r in (("referee", ref), ("batched", bat), ("batched+2nd", bat2)):
            rows[k].append(tokens(r))
            reqs[k] += len(r)
    n = len(rows["referee"])
    out: dict[str, float] = {"docstrings": n, "sentences": sentences, "flagged_pairs": flagged}
    for k in rows:
        out[f"{k}_requests_per_doc"] = reqs[k] / n
        out[f"{k}_tokens_per_doc"] = sum(rows[k]) / n
        out[f"{k}_tokens_median"] = statistics.median(rows[k])
        out[f"{k}_tokens_total"] = sum(rows[k])
    out["ratio_batched"] = out["batched_tokens_total"] / out["referee_tokens_total"]
    out["ratio_batched_2nd"] = out["batched+2nd_tokens_total"] / out["referee_tokens_total"]
    return out


def python_items() -> list:
    target = sdist("requests", "2.32.3") / "src" / "requests"
    engine = Engine(target)
    engine.load([target])
    items = []
    for p in sorted(target.rglob("*.py")):
        fr = engine.check_file(str(p))
        for dr in fr.docs:
            e = dr.entity
            if dr.doc.kind != "docstring" or e is None or e.kind not in ("function", "method", "class"):
                continue
            context = render(related_info(engine.graph, e))
            flags = sorted({(f.segment.index, f.criterion) for f in dr.findings})
            items.append((e.docless_code, context, [s.text for s in dr.segments], "python", flags))
    return items


def java_items() -> list:
    path = EVAL / "referee" / "java" / "metadata_with_summary.jsonl"
    items = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        text = r["hallucinated_summary"]
        sents = [text[a:b] for a, b in split_sentences(text)]
        # no static flags without indexing; the flag rate is taken from the Python run
        items.append((r["input"], r.get("input_information") or "", sents, "java", []))
    return items


def main() -> int:
    py = python_items()
    res_py = measure(py)
    rate = res_py["flagged_pairs"] / (res_py["sentences"] * len(CRITERIA)) if res_py["sentences"] else 0.0
    java = java_items()
    # Java: second looks at the Python static flag rate is meaningless for seeded summaries;
    # use one flagged pair per sentence-with-an-error, i.e. the first criterion of every sentence
    # (an upper bound: every seeded sentence flagged once).
    java = [(c, x, s, lang, [(i, "C3") for i in range(len(s))]) for c, x, s, lang, _ in java]
    res_java = measure(java)
    print(f"tokens ~ characters / {CHARS_PER_TOKEN}; criteria {', '.join(CRITERIA)}\n")
    print("| corpus | docs | sentences/doc | referee req/doc | referee tokens/doc | batched req/doc | batched tokens/doc | batched/referee | with second looks: req/doc | tokens/doc | batched+2nd/referee |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, r in (("requests 2.32.3 (second looks: static flags)", res_py),
                    ("ReFEree Java summaries (second looks: 1 per sentence, upper bound)", res_java)):
        print(f"| {name} | {r['docstrings']} | {r['sentences'] / r['docstrings']:.1f} | {r['referee_requests_per_doc']:.1f} | "
              f"{r['referee_tokens_per_doc']:.0f} | {r['batched_requests_per_doc']:.1f} | {r['batched_tokens_per_doc']:.0f} | "
              f"{r['ratio_batched']:.1%} | {r['batched+2nd_requests_per_doc']:.2f} | {r['batched+2nd_tokens_per_doc']:.0f} | {r['ratio_batched_2nd']:.1%} |")
    for name, r in (("requests", res_py), ("ReFEree Java", res_java)):
        if r["flagged_pairs"]:
            per_look = (r["batched+2nd_tokens_total"] - r["batched_tokens_total"]) / r["flagged_pairs"]
            room = 0.25 * r["referee_tokens_per_doc"] - r["batched_tokens_per_doc"]
            print(f"{name}: one second look ~ {per_look:.0f} tokens; batched stays <= 25% of referee up to "
                  f"{room / per_look:.1f} second looks per docstring ({room / per_look / (r['sentences'] / r['docstrings']):.0%} of its sentences)")
    print(f"\nstatic flag rate on requests: {rate:.2%} of (sentence, criterion) pairs ({res_py['flagged_pairs']} pairs)")
    if len(sys.argv) > 1 and sys.argv[1] == "--json":
        print(json.dumps({"python": res_py, "java": res_java}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
