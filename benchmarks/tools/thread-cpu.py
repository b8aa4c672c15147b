#!/usr/bin/env python3
"""CPU per thread group of the benchmark's processes, read from /proc (what the threads ran, not
what a profiler sampled: JFR's execution samples also count threads waiting for a core).

  thread-cpu.py record FILE [SECONDS]   every SECONDS (5) append one line of cumulative CPU ticks
                                        per process and thread name (digits folded to #) to FILE
  thread-cpu.py window FILE FROM TO [N] the N (40) largest groups' CPU between two UTC times
                                        (HH:MM:SS, as the benchmark's progress lines print them),
                                        in % of one core

Processes: Cassandra, the query service, the writer service, the snapshot worker, the benchmark
harness (the load generator) and redis-server. A thread that ends inside the window takes its
ticks with it, so a pool whose threads come and go (Cassandra's ReadStage) can read wrong; each
process's "*" line is the process's own count, which keeps them.
"""
import datetime
import json
import os
import re
import sys
import time

PROCESSES = re.compile(
    r'(leaderboard-query|writer-service|snapshot-worker|benchmarks|cassandra|redis-server)')
JARS = re.compile(
    r'-jar \S*?\b(leaderboard-query|writer-service|snapshot-worker|benchmarks)-[^/ ]*\.jar')


def sample():
    ticks = {}
    for pid in filter(str.isdigit, os.listdir('/proc')):
        try:
            with open(f'/proc/{pid}/cmdline', 'rb') as f:
                command = f.read().replace(b'\0', b' ').decode(errors='replace')
            tids = os.listdir(f'/proc/{pid}/task')
        except OSError:
            continue
        # The jar a JVM runs names it first: the harness's own options
        # (-Dbench.leaderboard-query.jvm=...) name other processes.
        found = JARS.search(command) or PROCESSES.search(command)
        if not found or ('java' not in command and 'redis' not in command):
            continue
        process = found.group(1)
        try:
            with open(f'/proc/{pid}/stat') as f:
                stat = f.read()
        except OSError:
            continue
        # The process's own count keeps the time of threads that have ended.
        ticks[process + '|*'] = ticks.get(process + '|*', 0) + used_ticks(stat)
        for tid in tids:
            try:
                with open(f'/proc/{pid}/task/{tid}/stat') as f:
                    stat = f.read()
            except OSError:
                continue
            key = process + '|' + re.sub(r'\d+', '#', stat[stat.index('(') + 1:stat.rindex(')')])
            ticks[key] = ticks.get(key, 0) + used_ticks(stat)
    return ticks


def used_ticks(stat):
    fields = stat[stat.rindex(')') + 2:].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def record(path, every):
    with open(path, 'a') as out:
        while True:
            out.write(json.dumps({'t': time.time(), 'ticks': sample()}) + '\n')
            out.flush()
            time.sleep(every)


def window(path, start, end, largest):
    with open(path) as f:
        rows = [json.loads(line) for line in f]
    began = rows[0]['t']
    day = datetime.datetime.fromtimestamp(began, datetime.timezone.utc).date()

    def at(hms):
        # A time of day before the recording's first sample is on the next day (past midnight).
        moment = datetime.datetime.combine(day, datetime.time.fromisoformat(hms))
        seconds = moment.replace(tzinfo=datetime.timezone.utc).timestamp()
        return seconds + 86400 if seconds < began - 60 else seconds

    inside = [r for r in rows if at(start) <= r['t'] <= at(end)]
    if len(inside) < 2:
        sys.exit('fewer than two samples in that window')
    first, last = inside[0], inside[-1]
    seconds = last['t'] - first['t']
    hz = os.sysconf('SC_CLK_TCK')
    shares = {k: 100 * (v - first['ticks'].get(k, 0)) / hz / seconds
              for k, v in last['ticks'].items()}
    for key, share in sorted(shares.items(), key=lambda kv: -kv[1])[:largest]:
        if share >= 0.5:
            print(f'{share:6.1f}% of a core  {key}')
    print(f'over {seconds:.0f} s')


if __name__ == '__main__':
    if len(sys.argv) >= 3 and sys.argv[1] == 'record':
        record(sys.argv[2], float(sys.argv[3]) if len(sys.argv) > 3 else 5)
    elif len(sys.argv) >= 5 and sys.argv[1] == 'window':
        window(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]) if len(sys.argv) > 5 else 40)
    else:
        sys.exit(__doc__)
