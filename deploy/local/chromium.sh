# Sourced by ./run-tests: the browser test drives a headless Chromium through chromedriver, both from
# Debian (packages chromium and chromium-driver), installed with apt-get if the machine has none.
# The test fails loudly without them rather than being skipped.
if ! [ -x /usr/bin/chromium ] || ! [ -x /usr/bin/chromedriver ]; then
  echo "No Chromium or chromedriver found; installing chromium and chromium-driver with apt-get" >&2
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -q && $SUDO env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends chromium chromium-driver
  { [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; } \
    || { echo "Chromium installation failed" >&2; exit 1; }
fi
