#!/usr/bin/env bash
# OSS-Fuzz / ClusterFuzzLite build contract: compile the fuzz targets with
# $CC $CFLAGS, link with $LIB_FUZZING_ENGINE, put them and their seed
# corpora in $OUT.  Local test (CFLAGS carries the coverage
# instrumentation, as OSS-Fuzz's does):
#   CC=clang CFLAGS="-fsanitize=address,undefined,fuzzer-no-link" \
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/out bash fuzz/build.sh
set -euo pipefail
: "${CC:?CC is not set}" "${OUT:?OUT is not set}" "${LIB_FUZZING_ENGINE:?LIB_FUZZING_ENGINE is not set}"
CFLAGS=${CFLAGS:-}
src=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
cd "$src"
# the one source list (fuzz/trace/sources.mk), read through make
srclist() {
	make -s --no-print-directory -f fuzz/trace/sources.mk -f - rl-print <<<"rl-print: ; @echo $1"
}
read -r -a inc <<<"$(srclist '$(call rl_inc,,$(RL_CORE_DIRS) $(RL_HARNESS_DIR)) $(RL_FUZZ_DEFS)')"
read -r -a core <<<"$(srclist '$(call rl_c,,$(RL_CORE_DIRS)) $(RL_HARNESS_SRCS)')"
read -r -a target <<<"$(srclist '$(RL_TARGET_SRCS)')"
[ ${#core[@]} -gt 0 ] && [ ${#inc[@]} -gt 0 ] || { echo "build.sh: empty source list" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objs=() tobjs=()
for c in "${core[@]}" "${target[@]}" fuzz/harness/fuzz_trace_parser.c; do
	o=$work/$(echo "${c%.c}" | tr / _).o
	# shellcheck disable=SC2086
	$CC $CFLAGS -std=gnu11 -g "${inc[@]}" -c "$c" -o "$o"
	if [[ " ${target[*]} " == *" $c "* ]]; then
		tobjs+=("$o")
	elif [ "$c" != fuzz/harness/fuzz_trace_parser.c ]; then
		objs+=("$o")
	fi
done
# shellcheck disable=SC2086
$CC $CFLAGS $LIB_FUZZING_ENGINE -o "$OUT/ringledger_am65" \
	"${tobjs[@]}" "${objs[@]}"
# shellcheck disable=SC2086
$CC $CFLAGS $LIB_FUZZING_ENGINE -o "$OUT/ringledger_trace_parser" \
	"$work/fuzz_harness_fuzz_trace_parser.o" "${objs[@]}"
(cd fuzz/corpus/am65 && zip -q -j "$OUT/ringledger_am65_seed_corpus.zip" ./*)
(cd fuzz/corpus/parser && zip -q -j "$OUT/ringledger_trace_parser_seed_corpus.zip" ./*)
echo "build.sh: $OUT/ringledger_am65, $OUT/ringledger_trace_parser and their seed corpora"
