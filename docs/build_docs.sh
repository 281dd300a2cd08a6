#!/bin/sh
# make docs: Doxygen HTML into build/docs/html; any warning fails (see docs/pages/contributing.md).
# Figures, when a module provides them, are made first by `make figures`.
# Formulas are rendered by MathJax 2 copied from Debian's libjs-mathjax into build/docs/html/mathjax, so the HTML
# reads offline (and installed); MATHJAX_DIR overrides where the MathJax 2 tree is found.
set -u
command -v doxygen >/dev/null 2>&1 || { echo "docs: doxygen not found (apt-get install doxygen)"; exit 1; }
mj=${MATHJAX_DIR:-/usr/share/javascript/mathjax}
if [ ! -f "$mj/MathJax.js" ] || [ ! -f "$mj/extensions/TeX/AMSmath.js" ] || [ ! -d "$mj/fonts/HTML-CSS/TeX/woff" ]; then
    echo "docs: MathJax 2 not found in $mj (apt-get install libjs-mathjax fonts-mathjax, or set MATHJAX_DIR)"; exit 1
fi
mkdir -p build/docs docs/figures
rm -rf build/docs/html
doxygen docs/Doxyfile || exit 1
if [ -s build/docs/warnings.log ]; then
    echo "docs: doxygen warnings (they are errors here):"; cat build/docs/warnings.log; exit 1
fi

# The part of MathJax the pages use: the core, the extensions (tex2jax, AMS, menu), TeX input, the HTML-CSS output
# with its TeX font metrics, the TeX web fonts and the English messages (about 2 MB instead of 50).
out=build/docs/html/mathjax
for p in MathJax.js extensions jax/input/TeX jax/element/mml jax/output/HTML-CSS/jax.js \
         jax/output/HTML-CSS/config.js jax/output/HTML-CSS/autoload jax/output/HTML-CSS/fonts/TeX \
         fonts/HTML-CSS/TeX/woff fonts/HTML-CSS/TeX/otf localization/en; do
    mkdir -p "$out/$(dirname "$p")" && cp -RL "$mj/$p" "$out/$p" || { echo "docs: cannot copy MathJax $p"; exit 1; }
done
echo "docs: build/docs/html/index.html, 0 warnings, MathJax from $mj"
