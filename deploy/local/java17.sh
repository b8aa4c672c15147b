# Sourced by ./run-local and ./run-tests: points JAVA_HOME at a Java 17 (Cassandra 5.0 runs on 17
# only, and the build targets it), installing Debian's OpenJDK 17 if the machine has none.
is_java17() { [ -x "$1/bin/java" ] && "$1/bin/java" -version 2>&1 | grep -q 'version "17'; }
find_java17() {
  for home in "${JAVA_HOME:-}" /usr/lib/jvm/java-17-openjdk-amd64 /usr/lib/jvm/*17* \
              "$(dirname "$(dirname "$(readlink -f "$(command -v java 2>/dev/null || echo /nonexistent)")")")"; do
    if [ -n "$home" ] && is_java17 "$home"; then echo "$home"; return 0; fi
  done
  return 1
}
if ! JAVA_HOME=$(find_java17); then
  echo "No Java 17 found; installing openjdk-17-jdk-headless with apt-get" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -q && $SUDO apt-get install -y -q openjdk-17-jdk-headless
  JAVA_HOME=$(find_java17) || { echo "Java 17 installation failed" >&2; exit 1; }
fi
export JAVA_HOME
export PATH="$JAVA_HOME/bin:$PATH"
