#!/bin/sh
# Docs render gate: every HTML page of build/docs/html that holds a formula is rendered in headless Chromium with
# the MathJax copied next to it (no network), and the rendered DOM must show
#   - no MathJax error (an merror element, "Undefined control sequence", "Math input error", "Missing ..."),
#   - no unrendered formula: no \( \) \[ \] or \f$ left in the text once scripts, styles and code are removed,
#   - no literal ** left by a bold markup that Doxygen did not take (outside code),
#   - no raw \_form#N: Doxygen's placeholder for a formula it did not substitute (a formula inside "double
#     quotes", which Doxygen copies verbatim: use “typographic quotes” around a formula),
#   - and the page must have been typeset (at least one MathJax element).
# Usage: test/check_docs_render.sh [HTML_DIR]   (after `make docs`; needs chromium: apt-get install chromium)
set -u
dir=${1:-build/docs/html}
browser=${CHROMIUM:-}
if [ -z "$browser" ]; then
    for b in chromium chromium-browser google-chrome; do
        if command -v "$b" >/dev/null 2>&1; then browser=$b; break; fi
    done
fi
[ -n "$browser" ] || { echo "docs-render: chromium not found (apt-get install chromium)"; exit 1; }
[ -f "$dir/mathjax/MathJax.js" ] || { echo "docs-render: $dir/mathjax/MathJax.js missing (run make docs)"; exit 1; }

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
abs=$(cd "$dir" && pwd)
pages=$(cd "$dir" && grep -l -F -e '\(' -e '\[' -e '\f$' -e '\f[' -e 'math/tex' -e '_form#' -- *.html)
bad=0
n=0
for p in $pages; do
    n=$((n + 1))
    # Virtual time lets MathJax finish without waiting in real time; a fresh profile keeps runs independent.
    "$browser" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$tmp/profile" \
        --virtual-time-budget=30000 --dump-dom "file://$abs/$p" >"$tmp/dom.html" 2>"$tmp/err.txt"
    if [ ! -s "$tmp/dom.html" ]; then
        echo "docs-render: $p: chromium gave no DOM"; sed -n '1,5p' "$tmp/err.txt"; bad=$((bad + 1)); continue
    fi
    # Drop what is not rendered text: scripts (MathJax keeps the TeX source there), styles, <code>, <pre> and the
    # lines of code fragments with the tooltips of their links (signatures hold `char **`; perl-base is part of every
    # Debian system).
    perl -0777 -pe 's{<(script|style|code|pre)\b[^>]*>.*?</\1>}{}gs; s{<div class="(line|ttdoc|ttdeci|ttname|ttdef)">.*?</div>}{}gs' \
        <"$tmp/dom.html" >"$tmp/text.html"
    problems=""
    grep -q 'class="merror"' "$tmp/text.html" && problems="$problems MathJax-error-box"
    for m in 'Undefined control sequence' 'Math input error' 'Math Processing Error' 'Missing or unrecognized' \
             'Misplaced' 'Extra open brace' 'Extra close brace' 'Missing close brace'; do
        grep -q -F "$m" "$tmp/text.html" && problems="$problems [$m]"
    done
    for raw in '\(' '\)' '\[' '\]' '\f$' '\f[' '**' '_form#'; do
        grep -q -F -- "$raw" "$tmp/text.html" && problems=$(printf '%s raw:%s' "$problems" "$raw")
    done
    grep -q 'class="MathJax' "$tmp/text.html" || problems="$problems not-typeset"
    if [ -n "$problems" ]; then
        bad=$((bad + 1))
        printf 'docs-render: %s:%s\n' "$p" "$problems"
        for raw in 'Undefined control sequence' '\(' '\[' '\f$' '**' '_form#'; do
            grep -o -F -- "$raw" "$tmp/text.html" >/dev/null 2>&1 || continue
            sed 's/<[^>]*>//g' "$tmp/text.html" | grep -o ".\{0,70\}$(printf '%s' "$raw" | sed 's/[][\\.*$^]/\\&/g').\{0,50\}" |
                head -n 3 | sed 's/^/    /'
        done
    fi
done
[ "$n" -gt 0 ] || { echo "docs-render: no page with formulas in $dir"; exit 1; }
if [ "$bad" -ne 0 ]; then echo "docs-render: $bad of $n pages with formulas do not render cleanly"; exit 1; fi
echo "docs-render: $n pages with formulas render cleanly offline"
