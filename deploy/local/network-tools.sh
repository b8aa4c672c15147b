# Sourced by ./run-tests: the fault tests cut a Cassandra node off with the host's packet filter
# (nft) and slow its link with traffic control (tc). Installs Debian's nftables and iproute2 when
# they are missing and this user may (root, or sudo without a password). Where they cannot be
# installed or used, the partition test freezes the node with SIGSTOP instead and says so.
if ! command -v nft >/dev/null 2>&1 || ! command -v tc >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; elif sudo -n true 2>/dev/null; then SUDO="sudo -n"; else SUDO="none"; fi
  if [ "$SUDO" != none ] && command -v apt-get >/dev/null 2>&1; then
    echo "nft or tc missing; installing Debian's nftables and iproute2 with apt-get" >&2
    { $SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q nftables iproute2; } \
      || echo "could not install nftables/iproute2: the partition test will use SIGSTOP" >&2
  else
    echo "nft or tc missing and not installable here: the partition test will use SIGSTOP" >&2
  fi
fi
