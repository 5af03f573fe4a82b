#!/usr/bin/env bash
# zddread-all.sh FILE.zdd > FILE.zddread: the standard output of Knuth's ZDDREAD programs
# (ascherer/cwebtest cf98784: zddread.w with zddread-count.ch, zddread-gf.ch,
# zddread-minsols-short.ch, zddread-sols-all.ch, zddread-random.ch) on one ZDD file.
set -euo pipefail
R=${ZDDREAD_DIR:?set ZDDREAD_DIR to the folder of the built zddread-* programs}
f=$1
echo "== zddread-count"; $R/zddread-count "$f" 2>/dev/null
echo "== zddread-gf"; $R/zddread-gf "$f" 2>/dev/null
echo "== zddread-minsols"; $R/zddread-minsols "$f" 2>/dev/null
n=$($R/zddread-count "$f" 2>/dev/null | cut -d' ' -f1)
if [ ${#n} -le 3 ] && [ "$n" -le 100 ]; then echo "== zddread-sols"; $R/zddread-sols "$f" 2>/dev/null; fi
echo "== zddread-random 5 1"; $R/zddread-random "$f" 5 1 2>/dev/null
