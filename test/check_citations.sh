#!/bin/sh
# Citation gate: nothing a user receives may point at material a user does not have. The installed headers (a
# `make install` into a scratch DESTDIR), the examples and the rendered HTML must not mention the maintainers' copies
# of the source papers (file names, folders), design-note sections, or the papers by their internal numbers
# ("000 eq 23"); the docs cite the papers by key, "[Zabulionis 2012] eq 23" (docs/pages/references.md).
# Usage: test/check_citations.sh [HTML_DIR]   (after `make all docs`, from the top of the tree)
set -u
html=${1:-build/docs/html}
# Files being rewritten on main (issue 21, the assembled contact API); their pages are exempt until it lands.
# Remove names from this list as they are converted.
exempt_sources=''
exempt_html=''

pattern='seeds|\.\./shared|shared/seeds|DESIGN( |&#160;)*§|DESIGN\.md|API-REVIEW|00[0-4]_[0-9a-f]{16}'
pattern="$pattern|(^|[^[:alnum:]_.,/+-])00[0-4]( |&#160;)*(eq|§|section|sec\\.|Fig|fig\\.|Table|example|ex\\.|appendix"
pattern="$pattern|Remark|prints|writes|=|:|\\)|,|;|'s)"

[ -f "$html/index.html" ] || { echo "citations: $html/index.html missing (run make docs)"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
${MAKE:-make} -s install DESTDIR="$tmp/root" PREFIX=/usr >/dev/null || { echo "citations: make install failed"; exit 1; }

is_exempt() { # FILE LIST
    b=$(basename "$1")
    for e in $2; do
        case "$b" in $e) return 0 ;; esac
    done
    return 1
}
found=0
check() { # FILE: prints the offending lines, counts them
    hits=$(grep -n -o -E ".{0,50}($pattern).{0,30}" "$1") || return 0
    printf '%s\n' "$hits" | head -n 5 | sed "s|^|citations: $1:|"
    found=$((found + 1))
}
nheaders=0
for f in $(find "$tmp/root" -name '*.h') docs/examples/*; do
    [ -f "$f" ] || continue
    is_exempt "$f" "$exempt_sources" && continue
    nheaders=$((nheaders + 1)); check "$f"
done
[ "$nheaders" -gt 0 ] || { echo "citations: no installed header found"; exit 1; }
nhtml=0
for f in "$html"/*.html; do
    is_exempt "$f" "$exempt_html" && continue
    nhtml=$((nhtml + 1))
    # Tooltips (title="...") repeat briefs documented on their own page, which is checked there.
    sed -e 's/title="[^"]*"//g' "$f" >"$tmp/page.html"
    hits=$(grep -n -o -E ".{0,50}($pattern).{0,30}" "$tmp/page.html") || continue
    printf '%s\n' "$hits" | head -n 5 | sed "s|^|citations: $f:|"
    found=$((found + 1))
done
if [ "$found" -ne 0 ]; then
    echo "citations: $found files point at internal files or cite papers by number; cite [Author Year] eq N instead"
    exit 1
fi
echo "citations: $nheaders installed headers and examples, $nhtml HTML pages cite papers by key only"
