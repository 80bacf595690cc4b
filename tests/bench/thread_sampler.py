#!/usr/bin/env python3
"""Where a process's threads spend a phase: CPU share and scheduler state per thread, sampled each
second from /proc/PID/task/*/stat (docs/BENCHMARKS.md: the kernel's parse+write phase).

    python3 tests/bench/thread_sampler.py record PID samples.txt      # until PID exits
    python3 tests/bench/thread_sampler.py summary samples.txt 3 128   # seconds 3..128 of it

`record` writes one line per second: the seconds since the start, then TID:STATE:CPU% for every
thread (STATE as in /proc: R runnable or running, S sleeping, D waiting for the disk). `summary`
prints, for the busiest threads in the given window, the mean CPU share and how many samples each
state had, and the whole process's mean CPU share. Stdlib only.
"""
import collections
import os
import sys
import time


def record(pid, path):
    hz = os.sysconf("SC_CLK_TCK")
    prev = {}
    t0 = time.time()
    with open(path, "w") as out:
        while os.path.exists(f"/proc/{pid}"):
            try:
                tids = os.listdir(f"/proc/{pid}/task")
            except FileNotFoundError:
                break
            row = []
            for tid in sorted(tids, key=int):
                try:
                    with open(f"/proc/{pid}/task/{tid}/stat") as f:
                        stat = f.read()
                except OSError:
                    continue
                fields = stat[stat.rindex(")") + 2:].split()  # after the command name
                state, ticks = fields[0], int(fields[11]) + int(fields[12])  # utime + stime
                cpu = (ticks - prev.get(tid, ticks)) * 100 // hz
                prev[tid] = ticks
                row.append(f"{tid}:{state}:{cpu}")
            out.write(f"{time.time() - t0:.0f} " + " ".join(row) + "\n")
            out.flush()
            time.sleep(1)


def summary(path, start, end, top=6):
    per = collections.defaultdict(lambda: [0, 0, collections.Counter()])
    totals = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if not parts or not start <= int(parts[0]) <= end:
                continue
            total = 0
            for p in parts[1:]:
                tid, state, cpu = p.split(":")
                per[tid][0] += int(cpu)
                per[tid][1] += 1
                per[tid][2][state] += 1
                total += int(cpu)
            totals.append(total)
    if not totals:
        raise SystemExit(f"thread_sampler: no samples between {start} and {end} s")
    print(f"{len(totals)} samples; process CPU mean {sum(totals) / len(totals):.0f} %")
    for tid, (cpu, n, states) in sorted(per.items(), key=lambda x: -x[1][0])[:top]:
        print(f"  thread {tid}: CPU mean {cpu / n:.0f} %, states {dict(states)}")


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "record":
        record(int(sys.argv[2]), sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == "summary":
        summary(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
