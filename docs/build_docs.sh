#!/bin/sh
# make docs: Doxygen HTML into build/docs/html; any warning fails (DESIGN §8).
# Figures, when a module provides them, are made first by `make figures`.
set -u
command -v doxygen >/dev/null 2>&1 || { echo "docs: doxygen not found (apt-get install doxygen)"; exit 1; }
mkdir -p build/docs docs/figures
doxygen docs/Doxyfile || exit 1
if [ -s build/docs/warnings.log ]; then
    echo "docs: doxygen warnings (they are errors here):"; cat build/docs/warnings.log; exit 1
fi
echo "docs: build/docs/html/index.html, 0 warnings"
