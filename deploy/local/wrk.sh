# Sourced before the single-vote benchmark (SingleVoteBench) and the wrk cross-check: installs
# Debian's wrk (a lean C HTTP load generator, driven by benchmarks/wrk/*.lua) when it is missing
# and this user may (root, or sudo without a password). Without it SingleVoteBench cannot run, and
# scenario 1 of ./run-benchmarks reports its wrk figures as not available.
if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; else SUDO="none"; fi
  if [ "$SUDO" != none ] && command -v apt-get >/dev/null 2>&1; then
    echo "wrk missing; installing Debian's wrk with apt-get" >&2
    { $SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q wrk; } \
      || echo "could not install wrk: install it (apt-get install wrk) to run the single-vote benchmark" >&2
  else
    echo "wrk missing and not installable here: install it (apt-get install wrk) to run the single-vote benchmark" >&2
  fi
fi
