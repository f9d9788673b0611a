"""LLM economy: requests and prompt tokens per docstring of the two LLM modes, without any model,
and what a whole-package audit costs sent one by one or through the Batch API.

    python benchmarks/llm_economy.py      # about a minute
    python benchmarks/llm_economy.py --input-price 0.15 --output-price 0.60 --batch-discount 0.5

For every docstring of requests 2.32.3 (docs of functions, methods and classes) and every
ReFEree Java summary (../shared/eval_data, read at run time), renders with
``docfact.llm.plan.render_requests`` the messages each mode would send:

- ``referee``: one request per sentence x criterion (4 criteria);
- ``batched``: one request per docstring, plus one second-look request per flagged
  (sentence, criterion) pair. With no model there are no real flags: the second looks are
  rendered for the pairs the static judge flags on the same docstring (its observed flag rate),
  and the table also shows batched without second looks.

Python: code = ``entity.docless_code``, context = ``render(related_info(graph, entity))``,
sentences = the doc's segments. Java: code = ``input``, context = ``input_information``,
sentences = ``split_sentences(hallucinated_summary)``.

The audit table: ``docfact llm-batch submit --export`` is planned (nothing sent; an empty
cache) for every file of requests 2.32.3 in both modes: its requests, their prompt tokens and
their expected output tokens (a batched answer is one JSON item per sentence, a referee answer
one token). Second looks depend on the model's answers: they are estimated as one per pair the
static judge flags in the same package (its flag rate stands in for the model's; ``--flag-rate``
sets another), each costing
the prompt of the average first-pass request of the mode and about 40 output tokens. The cost is
tokens x the per-million-token prices given as options (defaults: gpt-4o-mini's list prices,
0.15 USD input and 0.60 USD output per million tokens), and the Batch API at the given discount
(default 0.5: half price).

Tokens are approximated as characters / 4 of all message contents (tiktoken is
pip-installable but its encodings are downloaded from the internet at first use, which this
machine cannot do); the ratio batched/referee does not depend on the divisor.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _fetch import sdist  # noqa: E402

from docfact.config import Settings  # noqa: E402
from docfact.docs.sentences import split_sentences  # noqa: E402
from docfact.engine import Engine  # noqa: E402
from docfact.graph.context import related_info, render  # noqa: E402
from docfact.llm.plan import render_requests  # noqa: E402

CRITERIA = ("C1", "C2", "C3", "C4")
# ../shared/eval_data of the checkout (or of a folder above it: a git worktree)
EVAL = next((d / "shared" / "eval_data" for d in HERE.parents if (d / "shared" / "eval_data").is_dir()),
            HERE.parent.parent / "shared" / "eval_data")
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
    engine = Engine(target, Settings(preview=True))  # every rule, preview ones too
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


_SENTENCES_RE = re.compile(r'<data name="sentences"[^>]*>\n?(.*?)\n?</data>', re.DOTALL)
SECOND_LOOK_OUTPUT = 40  # tokens: {"inconsistent": ..., "reason": "<one sentence>"}


def expected_output(body: dict) -> int:
    """Tokens of a typical valid answer to one planned request."""
    if body.get("max_tokens") == 4:
        return 1
    text = "\n".join(m["content"] for m in body["messages"])
    m = _SENTENCES_RE.search(text)
    if m is None:
        return body.get("max_tokens", 0)
    n = len(re.findall(r"^\d+\. ", m.group(1), re.MULTILINE))
    item = json.dumps({"sentence": n, **{c: 1 for c in CRITERIA}})
    return round((len('{"verdicts": []}') + n * (len(item) + 2)) / CHARS_PER_TOKEN)


def audit(target: Path, mode: str, cache: str) -> dict[str, float]:
    """The requests ``docfact llm-batch submit`` would send for ``target`` with an empty cache."""
    from docfact.cli.llm_batch import plan

    ns = argparse.Namespace(paths=[str(target)], select=None, ignore=None, config=None, llm_base_url=None,
                            llm_model=None, llm_mode=mode, llm_api_key_env=None, cache_dir=cache, shard=None,
                            jobs=0, no_progress=True, regenerate=False)
    _, pending = plan(ns)
    prompt = sum(len(m["content"]) for p in pending for m in p.body["messages"]) / CHARS_PER_TOKEN
    return {"requests": len(pending), "prompt_tokens": round(prompt),
            "output_tokens": sum(expected_output(p.body) for p in pending)}


def audit_table(target: Path, label: str, prices: argparse.Namespace) -> dict[str, dict[str, float]]:
    report = subprocess.run([sys.executable, "-m", "docfact", "check", str(target), "--preview", "--format", "json",
                             "--no-cache", "--fail-on", "never", "--no-progress"],
                            capture_output=True, text=True, timeout=600, check=True)
    data = json.loads(report.stdout)
    pairs = sum(d["sentences"] for d in data["docs"]) * len(CRITERIA)
    flagged = len(data["findings"]) if prices.flag_rate is None else round(prices.flag_rate * pairs)
    out: dict[str, dict[str, float]] = {}
    print(f"\nAudit of {label}: {data['files']} files, {data['docstrings']} docstrings/comments, {pairs} "
          f"(sentence, criterion) pairs; second looks: {flagged} "
          f"({flagged / pairs:.2%} of the pairs, {'the static flag rate' if prices.flag_rate is None else '--flag-rate'})")
    print(f"prices: {prices.input_price} USD / 1M input tokens, {prices.output_price} USD / 1M output tokens; "
          f"Batch API discount {prices.batch_discount:.0%}\n")
    print("| mode | requests (first pass) | prompt tokens | output tokens (expected) | + second looks: requests | "
          "prompt tokens | total input tokens | one by one (USD) | Batch API (USD) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as cache:
        for mode in ("batched", "referee"):
            r = audit(target, mode, cache)
            looks = flagged
            look_prompt = round(looks * r["prompt_tokens"] / max(1, r["requests"]))
            tin = r["prompt_tokens"] + look_prompt
            tout = r["output_tokens"] + looks * SECOND_LOOK_OUTPUT
            live = (tin * prices.input_price + tout * prices.output_price) / 1e6
            batch = live * (1 - prices.batch_discount)
            r.update(second_looks=looks, second_look_prompt_tokens=look_prompt, input_tokens=tin,
                     output_tokens_total=tout, live_usd=live, batch_usd=batch)
            out[mode] = r
            print(f"| {mode} | {r['requests']} | {r['prompt_tokens']:,} | {r['output_tokens']:,} | {looks} | "
                  f"{look_prompt:,} | {tin:,} | {live:.3f} | {batch:.3f} |")
    b = out["batched"]
    per_doc = b["batch_usd"] / max(1, data["docstrings"])
    print(f"\nbatched through the Batch API: {b['batch_usd']:.3f} USD, {b['batch_usd'] / out['referee']['live_usd']:.1%} "
          f"of referee one by one; {1e3 * per_doc:.3f} USD per thousand docstrings/comments, so 100,000 cost about "
          f"{1e5 * per_doc:.0f} USD through the Batch API and {1e5 * b['live_usd'] / max(1, data['docstrings']):.0f} USD "
          "one by one")
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true", help="also print every number as JSON")
    ap.add_argument("--input-price", type=float, default=0.15, help="USD per million input tokens (gpt-4o-mini)")
    ap.add_argument("--output-price", type=float, default=0.60, help="USD per million output tokens (gpt-4o-mini)")
    ap.add_argument("--batch-discount", type=float, default=0.5, help="the Batch API's discount (0.5: half price)")
    ap.add_argument("--audit-path", type=Path, help="audit this folder instead of requests 2.32.3")
    ap.add_argument("--flag-rate", type=float, help="share of pairs the model flags (default: the static judge's rate)")
    prices = ap.parse_args()
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
    target = prices.audit_path or sdist("requests", "2.32.3") / "src" / "requests"
    costs = audit_table(target, str(prices.audit_path or "requests 2.32.3"), prices)
    if prices.json:
        print(json.dumps({"python": res_py, "java": res_java, "audit": costs}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
