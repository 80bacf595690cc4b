#!/usr/bin/env python3
"""Grade one arm's answers against the answer key.

    python3 tests/bench/agent/grade.py answer_key.json /tmp/agentbench/answers-grep.json [--json]

The answers file is a JSON object {"question id": ["item", ...], ...} (questions.json gives the
ids and each question's item format). Per question: precision = right items / items answered,
recall = right items / key items, and a verdict:
  correct  every key item answered and no wrong item (call-chain questions: also in key order);
  partial  at least one key item answered, but not correct;
  wrong    no key item answered (an unanswered question is wrong).

Items are compared after this normalisation, and nothing else (no fuzzy matching):
  all items      surrounding whitespace and backquotes removed; duplicates counted once.
  qualname       a trailing "()" removed; "path/to/mod.py::Class.meth" (a uid-like form) becomes
                 "path.to.mod.Class.meth"; a ".__init__" module segment is dropped
                 ("sphinx.builders.__init__.Builder.read" -> "sphinx.builders.Builder.read";
                 the method "Sphinx.__init__" at the end is kept). Case-sensitive.
  path:line      a leading "./" or corpus-root prefix (--root, default /tmp/agentbench/sphinx/)
                 removed; the line must equal the key's def/class line exactly (tolerance 0).
Standard library only.
"""
import argparse
import json
import re
import sys


def norm_qualname(item):
    s = item.strip().strip("`").strip()
    if s.endswith("()"):
        s = s[:-2]
    if "::" in s:
        path, _, rest = s.partition("::")
        rest = rest.split("::")[0]          # drop a trailing ::kind of a uid
        if path.endswith(".py"):
            path = path[:-3]
        s = path.strip("/").replace("/", ".") + "." + rest
    s = s.replace(".__init__.", ".")
    return s


def norm_pathline(item, root):
    s = item.strip().strip("`").strip()
    if root and s.startswith(root):
        s = s[len(root):]
    while s.startswith("./"):
        s = s[2:]
    m = re.fullmatch(r"(.+?):(\d+)", s)
    return f"{m.group(1)}:{int(m.group(2))}" if m else s


def grade_one(entry, answer, root):
    norm = norm_qualname if entry["format"] == "qualname" else (lambda x: norm_pathline(x, root))
    key = [norm(x) for x in entry["items"]]
    seen, got = set(), []
    for x in answer if isinstance(answer, list) else []:
        if isinstance(x, str):
            n = norm(x)
            if n not in seen:
                seen.add(n)
                got.append(n)
    keyset = set(key)
    right = [x for x in got if x in keyset]
    wrong = [x for x in got if x not in keyset]
    missed = [x for x in key if x not in seen]
    precision = len(right) / len(got) if got else 0.0
    recall = len(right) / len(key) if key else 0.0
    note = ""
    if not missed and not wrong:
        verdict = "correct"
        if entry.get("ordered") and got != key:
            verdict, note = "partial", "right items, wrong order"
    elif right:
        verdict = "partial"
    else:
        verdict = "wrong"
    if not isinstance(answer, list):
        note = "no answer" if answer is None else "answer is not a list"
    return dict(verdict=verdict, precision=precision, recall=recall, key=len(key), answered=len(got),
                right=len(right), wrong=wrong, missed=missed, note=note)


def main():
    ap = argparse.ArgumentParser(description="grade an arm's answers against the answer key")
    ap.add_argument("key")
    ap.add_argument("answers")
    ap.add_argument("--root", default="/tmp/agentbench/sphinx/", help="corpus root stripped from paths")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    args = ap.parse_args()
    with open(args.key) as f:
        key = json.load(f)["answers"]
    with open(args.answers) as f:
        answers = json.load(f)
    if not isinstance(answers, dict):
        raise SystemExit("grade: the answers file must be a JSON object {id: [items]}")
    root = args.root if args.root.endswith("/") else args.root + "/"
    results = {qid: grade_one(entry, answers.get(qid), root) for qid, entry in key.items()}
    unknown = sorted(set(answers) - set(key))
    n = len(results)
    totals = {v: sum(r["verdict"] == v for r in results.values()) for v in ("correct", "partial", "wrong")}
    totals["mean_precision"] = sum(r["precision"] for r in results.values()) / n
    totals["mean_recall"] = sum(r["recall"] for r in results.values()) / n
    totals["questions"] = n
    if args.json:
        print(json.dumps({"questions": results, "totals": totals, "unknown_ids": unknown}, indent=1))
        return
    print(f"{'question':34} {'verdict':8} {'prec':>5} {'recall':>6}  right/key answered")
    for qid, r in results.items():
        print(f"{qid:34} {r['verdict']:8} {r['precision']:5.2f} {r['recall']:6.2f}  "
              f"{r['right']}/{r['key']} {r['answered']}  {r['note']}")
        for x in r["missed"] if r["answered"] else []:
            print(f"    missed: {x}")
        for x in r["wrong"]:
            print(f"    wrong:  {x}")
    print(f"\ntotal: {totals['correct']} correct, {totals['partial']} partial, {totals['wrong']} wrong "
          f"of {n}; mean precision {totals['mean_precision']:.2f}, mean recall {totals['mean_recall']:.2f}")
    if unknown:
        print(f"answers for unknown question ids (ignored): {', '.join(unknown)}")


if __name__ == "__main__":
    main()
