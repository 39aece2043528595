# ringledger - top-level Makefile.  `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

CACHE   ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/ringledger
# BASELINE=1 (make bench only): the fuzz targets without issue 19's work,
# built apart (fuzz/README.md "Before and after issue 19")
BASELINE_BUILD := build/baseline
BUILD   ?= $(if $(BASELINE),$(BASELINE_BUILD),build)
KSRC    ?= $(CACHE)/linux-source-6.1
KBUILD_UML ?= $(CACHE)/build-uml-kasan
KBUILD_ARM64 ?= $(CACHE)/build-arm64-kasan
KJOBS   ?= $(shell nproc)

include fuzz/trace/sources.mk
# the baseline fuzz targets: the same fuzzed code with the full per-step
# check, calloc/free for model memory (rl_alloc_plain.c instead of the
# block cache) and the world and oracle in the coverage map
ifneq ($(BASELINE),)
RL_TARGET_SRCS := $(filter-out %/rl_alloc_cache.c,$(RL_TARGET_SRCS)) $(RL_HARNESS_DIR)/rl_alloc_plain.c
export RINGLEDGER_CHECK := full
endif
RL_NOCOV := $(if $(BASELINE),,-fsanitize-coverage-ignorelist=fuzz/nocov.txt)
MODEL_SRCS  := $(call rl_c,,model)
CORE_SRCS   := $(call rl_c,,$(RL_CORE_DIRS))
CORE_HDRS   := $(call rl_h,,$(RL_CORE_DIRS))
SUITE_SRCS  := $(call rl_c,,$(RL_SUITE_DIRS))
HOST_SRCS   := kunit/host/kunit_host.c

HOST_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Wno-unused-parameter -Werror \
	-fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=all $(call rl_inc,,$(RL_CORE_DIRS) $(RL_SUITE_DIRS)) -Ikunit/host \
	-I$(BUILD)/gen
HOST_SANITIZE_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

.PHONY: bench-targets bench-pair check-build costs costs-check costs-update cli-selftest check-equiv trace-headers corpus docs docs-check findings crash-selftest bench bench-selftest help deps check prove prove-check host-check host-shim-selftest kunit kunit-arm64 lava-check module module-uml lint clean bench-check bench-kunit variants \
	fuzz fuzz-all fuzz-build fuzz-smoke fuzz-afl replay regressions bench-fuzz bench-compare ossfuzz-build coverage

help: ## this list
	@grep -hE '^[a-z][a-z0-9_-]*:.*## ' $(MAKEFILE_LIST) | \
		awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

deps: ## install missing Debian packages (apt-get, only when missing); deps-GROUP for one purpose
	@bash .ci/deps all

deps-%:
	@bash .ci/deps $*

# --- the regression traces as KUnit cases (kunit/suites/trace_replay_test.c)
# Regenerated every build, replaced only when its text changes: a trace
# file added or removed changes the table, and so the cases.
TRACE_GEN := $(BUILD)/gen/rl_trace_gen.h
$(TRACE_GEN): FORCE
	@mkdir -p $(@D)
	@bash kunit/kernel/gen-traces.sh $(sort $(wildcard fuzz/regressions/*.trace)) > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
FORCE:

# --- host build: the same sources with gcc and with clang, ASan+UBSan ------
define host_build
$(BUILD)/$(1)/kunit_host: $(TRACE_GEN) $(CORE_SRCS) $(SUITE_SRCS) $(HOST_SRCS) $(CORE_HDRS) $(call rl_h,,$(RL_SUITE_DIRS)) $(wildcard kunit/host/kunit/*.h)
	@mkdir -p $$(@D)
	$(2) $(HOST_CFLAGS) -o $$@ $(CORE_SRCS) $(SUITE_SRCS) $(HOST_SRCS)
endef
$(eval $(call host_build,gcc,gcc))
$(eval $(call host_build,clang,clang))

# The shim itself must fail what fails: 4 failing cases + 1 failing param,
# 1 passing case + 2 passing params, exit status 1.
$(BUILD)/shim_selftest: kunit/host/shim_selftest.c $(HOST_SRCS) kunit/host/kunit/test.h
	@mkdir -p $(@D)
	gcc $(HOST_CFLAGS) -o $@ kunit/host/shim_selftest.c $(HOST_SRCS)

host-shim-selftest: $(BUILD)/shim_selftest
	@out=$$($(BUILD)/shim_selftest) && { echo "shim selftest: runner exited 0 on failures" >&2; exit 1; } || true; \
	grep -qx '3 passed, 4 failed' <<<"$$out" && \
	grep -qx '    not ok 2 fails_assert_and_stops' <<<"$$out" && \
	grep -qx '    ok 3 passes_and_checks_assert_stopped' <<<"$$out" && \
	grep -qx '        not ok 2 p2' <<<"$$out" && \
	grep -qx 'not ok 1 shim_selftest' <<<"$$out" || \
		{ echo "shim selftest: unexpected KTAP:" >&2; echo "$$out" >&2; exit 1; }
	@echo "== host KUnit shim: fails what must fail"

host-check: host-shim-selftest $(BUILD)/variants $(BUILD)/gcc/kunit_host $(BUILD)/clang/kunit_host ## host suites, gcc and clang
	@$(BUILD)/variants >/dev/null && $(BUILD)/variants rx_tdown_no_drain
	@! $(BUILD)/variants no_such_variant 2>/dev/null || { echo "variants: unknown name accepted" >&2; exit 1; }
	@set -e; for cc in gcc clang; do \
		mode=full; [ $$cc = gcc ] || mode=incr; \
		echo "== host suites ($$cc, ASan+UBSan, $$mode per-step check)"; \
		RINGLEDGER_CHECK=$$mode $(HOST_SANITIZE_ENV) $(BUILD)/$$cc/kunit_host | tee $(BUILD)/$$cc/ktap.log | tail -n 1; \
		test $${PIPESTATUS[0]} -eq 0 || { grep -B2 -A3 'FAILED\|not ok' $(BUILD)/$$cc/ktap.log | head -60; exit 1; }; \
	done
	@bash kunit/kernel/digest-selftest.sh $(BUILD)/gcc/ktap.log $(BUILD)/clang/ktap.log
	@bash proofs/footprints-check.sh gcc && bash proofs/footprints-check.sh --selftest gcc

check: deps check-build lint host-check lava-check regressions costs-check check-equiv crash-selftest cli-selftest docs-check bench-selftest fuzz-smoke ossfuzz-build prove-check kunit ## everything: lint, host suites, LAVA files, regressions, fuzz smoke, proofs both ways, UML+KASAN
	@echo "make check: all passed"

# every binary make check runs, built first, KJOBS at a time (each is one
# compiler run over all its sources): the tests after it run one by one
CHECK_BINS = $(BUILD)/shim_selftest $(BUILD)/variants $(BUILD)/gcc/kunit_host \
	$(BUILD)/clang/kunit_host $(FZ)/am65_libfuzzer $(FZ)/parser_libfuzzer $(FZ)/am65_plain \
	$(FZ)/rl_replay $(FZ)/rl_replay_nosan $(FZ)/rl_trace_conv $(FZ)/alloc_cache_selftest \
	$(FZ)/rl_matrix $(FZ)/rl_costs $(FZ)/am65_afl $(FZ)/am65_afl_cmplog
check-build: deps ## the binaries make check runs, built side by side (KJOBS)
	@$(MAKE) --no-print-directory -j$(KJOBS) $(CHECK_BINS)

KDIR ?=
module: ## ringledger_kunit.ko out of tree: KDIR=<built kernel> [ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-]
	@bash kunit/kernel/build-module.sh "$(KDIR)" "$(BUILD)/module$(if $(ARCH),-$(ARCH))" "$(ARCH)" "$(CROSS_COMPILE)"

module-uml: deps-kernel ## the module built out of tree, loaded and run in a UML kernel with modules (hostfs root)
	@bash kunit/kernel/run-module-uml.sh "$(KSRC)" "$(CACHE)/build-uml-modules" "$(BUILD)/module-uml"

lava-check: host-check ## LAVA test definition + job YAML, KTAP -> LAVA results on the host suites
	@bash kunit/lava/check.sh $(BUILD)/gcc/ktap.log

kunit: deps-kernel host-check ## the same suites in-kernel: UML with KASAN (kunit.py); digests = host
	@bash kunit/kernel/run-kunit.sh "$(KSRC)" "$(KBUILD_UML)" "$(KJOBS)" um
	@python3 kunit/kernel/compare-digests.py $(BUILD)/gcc/ktap.log "$(KBUILD_UML)/test.log"

kunit-arm64: deps-arm64 host-check ## the suites in-kernel on qemu arm64 with KASAN; digests = host
	@bash kunit/kernel/run-kunit.sh "$(KSRC)" "$(KBUILD_ARM64)" "$(KJOBS)" arm64
	@python3 kunit/kernel/compare-digests.py $(BUILD)/gcc/ktap.log "$(KBUILD_ARM64)/test.log"

lint: deps-ksrc ## checkpatch.pl on kernel-side C; no #if outside the compat header
	@bash .ci/lint "$(KSRC)"

clean: ## remove build outputs in the clone (caches stay)
	rm -rf $(BUILD)

# the whole model: its allocation hooks live in model.c (rl_compat.h)
$(BUILD)/variants: kunit/host/variants_main.c driver/am65-cpsw/am65_cpsw_variants.c $(call rl_h,,driver/am65-cpsw) driver/stmmac/stmmac_variants.c $(call rl_h,,driver/stmmac) $(MODEL_SRCS) $(call rl_h,,model)
	@mkdir -p $(@D)
	@gcc -std=gnu11 -O1 -Wall -Wextra -Wno-unused-parameter -Werror $(call rl_inc,,$(RL_CORE_DIRS)) \
		-o $@ kunit/host/variants_main.c driver/am65-cpsw/am65_cpsw_variants.c driver/stmmac/stmmac_variants.c $(MODEL_SRCS)

variants: $(BUILD)/variants ## the catalogue of re-injectable bugs (VARIANT=name checks a name; DRIVER=stmmac its catalogue)
	@$(BUILD)/variants $(if $(filter stmmac,$(DRIVER)),--driver stmmac) $(VARIANT)

bench-kunit: deps-kernel deps-arm64 ## benchmark: cold and warm in-kernel runs (ARCHS="arm64 um"), fresh build dirs
	@bash kunit/kernel/bench-kunit.sh "$(KSRC)" "$(CACHE)" "$(KJOBS)" $(ARCHS)

bench-check: ## benchmark: cost of the per-step ledger check (plain -O2 and ASan+UBSan)
	@mkdir -p $(BUILD)
	@clang -std=gnu11 -O2 $(call rl_inc,,$(RL_CORE_DIRS)) -o $(BUILD)/bench_check $(MODEL_SRCS) kunit/host/bench_model_check.c
	@clang $(HOST_CFLAGS) -O2 -o $(BUILD)/bench_check_san $(MODEL_SRCS) kunit/host/bench_model_check.c
	@echo "-- clang -O2"; $(BUILD)/bench_check
	@echo "-- clang -O2 ASan+UBSan"; ASAN_OPTIONS=detect_leaks=0 $(BUILD)/bench_check_san

# --- fuzzing ------------------------------------------------------------------
DOCS      := $(sort README.md $(wildcard */README.md */*/README.md))
FUZZ_TIME ?= 60
VARIANT   ?=
FZ        := $(BUILD)/fuzz
FUZZ_CORE := $(CORE_SRCS) $(RL_HARNESS_SRCS)
FUZZ_INC  := $(call rl_inc,,$(RL_CORE_DIRS) $(RL_HARNESS_DIR)) $(RL_FUZZ_DEFS)
FUZZ_DEPS := $(FUZZ_CORE) fuzz/nocov.txt fuzz/trace/sources.mk $(CORE_HDRS) $(call rl_h,,$(RL_HARNESS_DIR))
LF_FLAGS  := -std=gnu11 -g -O1 -fno-omit-frame-pointer -Wno-unused-parameter \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	$(RL_NOCOV) $(FUZZ_INC)

$(FZ)/am65_libfuzzer: $(RL_TARGET_SRCS) $(FUZZ_DEPS)
	@mkdir -p $(@D)
	clang $(LF_FLAGS) -o $@ $(RL_TARGET_SRCS) $(FUZZ_CORE)

$(FZ)/parser_libfuzzer: fuzz/harness/fuzz_trace_parser.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	clang $(LF_FLAGS) -o $@ fuzz/harness/fuzz_trace_parser.c $(FUZZ_CORE)

$(FZ)/empty_libfuzzer: fuzz/harness/empty_target.c
	@mkdir -p $(@D)
	clang $(LF_FLAGS) -o $@ $<

# plain build of the fuzz target: no engine, runs input files once
$(FZ)/am65_plain: $(RL_TARGET_SRCS) fuzz/harness/standalone_main.c fuzz/harness/rl_file.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	gcc $(HOST_CFLAGS) $(FUZZ_INC) -o $@ $(RL_TARGET_SRCS) fuzz/harness/standalone_main.c fuzz/harness/rl_file.c $(FUZZ_CORE)

$(FZ)/rl_replay: fuzz/harness/replay_main.c fuzz/harness/rl_file.c fuzz/harness/rl_crash.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	gcc $(HOST_CFLAGS) $(FUZZ_INC) -o $@ fuzz/harness/replay_main.c fuzz/harness/rl_file.c fuzz/harness/rl_crash.c $(FUZZ_CORE)

# the replay tool without sanitizers: a crash is a bare signal (crash-selftest)
$(FZ)/rl_replay_nosan: fuzz/harness/replay_main.c fuzz/harness/rl_file.c fuzz/harness/rl_crash.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	gcc -std=gnu11 -g -O1 -Wall -Wextra -Wno-unused-parameter -Werror $(FUZZ_INC) -o $@ \
		fuzz/harness/replay_main.c fuzz/harness/rl_file.c fuzz/harness/rl_crash.c $(FUZZ_CORE)

$(FZ)/rl_trace_conv: fuzz/harness/trace_conv.c fuzz/harness/rl_file.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	gcc $(HOST_CFLAGS) $(FUZZ_INC) -o $@ fuzz/harness/trace_conv.c fuzz/harness/rl_file.c $(FUZZ_CORE)

AFL_FLAGS := -std=gnu11 -g -O1 -Wno-unused-parameter -fsanitize=fuzzer $(FUZZ_INC)
# the world and the oracle stay out of the coverage map here too (fuzz/nocov.txt)
AFL_DENY  := $(if $(BASELINE),,AFL_LLVM_DENYLIST=$(CURDIR)/fuzz/nocov.txt)

$(FZ)/am65_afl: $(RL_TARGET_SRCS) $(FUZZ_DEPS)
	@mkdir -p $(@D)
	AFL_QUIET=1 $(AFL_DENY) afl-clang-fast $(AFL_FLAGS) -o $@ $(RL_TARGET_SRCS) $(FUZZ_CORE)

$(FZ)/empty_afl: fuzz/harness/empty_target.c
	@mkdir -p $(@D)
	AFL_QUIET=1 afl-clang-fast $(AFL_FLAGS) -o $@ $<

$(FZ)/am65_afl_cmplog: $(RL_TARGET_SRCS) $(FUZZ_DEPS)
	@mkdir -p $(@D)
	AFL_QUIET=1 $(AFL_DENY) AFL_LLVM_CMPLOG=1 afl-clang-fast $(AFL_FLAGS) -o $@ $(RL_TARGET_SRCS) $(FUZZ_CORE)

JOBS ?= 1
FUZZ_PY := python3 fuzz/fuzz.py --build $(BUILD)
fuzz-afl: deps-afl fuzz-build $(FZ)/am65_afl $(FZ)/am65_afl_cmplog ## the same with AFL++ (JOBS=n: main + n-1 secondaries)
	@$(FUZZ_PY) afl --time $(FUZZ_TIME) --variant "$(VARIANT)" --driver $(DRIVER) --jobs $(JOBS)

fuzz-build: $(FZ)/am65_libfuzzer $(FZ)/parser_libfuzzer $(FZ)/am65_plain $(FZ)/rl_replay $(FZ)/rl_trace_conv $(BUILD)/variants

fuzz: deps-fuzz fuzz-build ## THE MAIN JOB: libFuzzer on the driver for FUZZ_TIME s (VARIANT=name hunts a bug; DRIVER=am65|stmmac)
	@$(FUZZ_PY) libfuzzer --time $(FUZZ_TIME) --variant "$(VARIANT)" --driver $(DRIVER)

fuzz-all: deps-fuzz fuzz-build ## every distinct bug of VARIANT=<profile> (v2, v1, mainline) in FUZZ_TIME s, each attributed (EMPTY=1: empty corpus, ENGINE=afl)
	@$(FUZZ_PY) all --time $(FUZZ_TIME) --variant "$(VARIANT)" --engine $(or $(ENGINE),libfuzzer) \
		--jobs $(JOBS) $(if $(EMPTY),--empty)

findings: ## every finding the fuzz runs kept (build/fuzz/findings), with its replay command
	@$(FUZZ_PY) findings

replay: $(FZ)/rl_replay ## replay TRACE=file step by step (VARIANT=patched|name overrides the trace's variant; DRIVER= for fuzz bytes)
	@RINGLEDGER_DRIVER=$(DRIVER) $(FZ)/rl_replay $(if $(VARIANT),--variant "$(VARIANT)") "$(TRACE)"

prove: deps-proofs $(BUILD)/variants ## Frama-C WP proofs, dashboard in proofs/results/ (VARIANT=name re-injects a bug: must fail; FRESH=1 bypasses the goal cache)
	@FRESH=$(FRESH) VARIANT=$(VARIANT) VARIANTS_BIN=$(BUILD)/variants bash proofs/prove.sh

prove-check: deps-proofs $(BUILD)/variants ## proofs both ways: patched driver proves, each leak variant breaks exactly its theorem (FRESH=1: from scratch once)
	@FRESH=$(FRESH) VARIANTS_BIN=$(BUILD)/variants bash proofs/check.sh

regressions: $(FZ)/rl_replay $(FZ)/rl_trace_conv $(FZ)/am65_plain $(BUILD)/variants ## replay fuzz/regressions (expected findings) and the corpus
	@bash fuzz/check-regressions.sh "$(FZ)"

EQUIV_N ?= 100
check-equiv: $(FZ)/rl_replay ## incremental per-step check == full check: same first finding and digests on regressions, corpus, EQUIV_N generated inputs
	@bash fuzz/check-equiv.sh "$(FZ)" $(EQUIV_N)

trace-headers: $(FZ)/rl_replay ## rewrite the "# finding:" line of each regression trace from the replay
	@python3 fuzz/trace_headers.py update "$(FZ)" fuzz/regressions/*.trace

corpus: $(FZ)/rl_trace_conv ## regenerate fuzz/corpus/am65: one seed per regression trace
	@bash fuzz/make-corpus.sh "$(FZ)"

docs: $(BUILD)/variants $(FZ)/rl_costs ## rewrite the generated blocks of the Markdown files from the tools
	@python3 fuzz/docs.py update --build $(BUILD) $(DOCS)

docs-check: $(BUILD)/variants $(FZ)/rl_replay $(FZ)/rl_costs ## generated blocks current, every marked example runs
	@python3 fuzz/docs.py check --build $(BUILD) $(DOCS)

cli-selftest: fuzz-build $(FZ)/rl_matrix $(FZ)/rl_costs ## every bad argument refused with one line and exit 2; findings survive later runs
	@bash fuzz/cli-selftest.sh $(BUILD)

crash-selftest: fuzz-build $(FZ)/rl_replay_nosan $(FZ)/alloc_cache_selftest ## a driver crash becomes a CRASH finding: minimised, expect CRASH, replayed; the model-memory cache keeps ASan's view
	@bash fuzz/crash-selftest.sh "$(FZ)"

$(FZ)/alloc_cache_selftest: fuzz/harness/alloc_cache_selftest.c fuzz/harness/rl_alloc_cache.c model/model.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	clang -std=gnu11 -g -O1 -fsanitize=address $(FUZZ_INC) -o $@ fuzz/harness/alloc_cache_selftest.c fuzz/harness/rl_alloc_cache.c $(CORE_SRCS)

# pipefail: a finding (fuzz.py exit 1) fails the smoke, not only grep's view of it
fuzz-smoke: fuzz-build $(FZ)/am65_afl $(FZ)/am65_afl_cmplog ## a few seconds of each engine on the patched drivers (am65 both engines, stmmac libFuzzer), and the parser fuzzer
	@set -o pipefail; $(FUZZ_PY) libfuzzer --time 5 --smoke | grep -E '^(==|   )'
	@set -o pipefail; $(FUZZ_PY) afl --time 5 --smoke | grep -E '^(==|   )'
	@set -o pipefail; $(FUZZ_PY) libfuzzer --time 5 --smoke --driver stmmac | grep -E '^(==|   )'
	@set -o pipefail; mkdir -p $(FZ)/parser-corpus && $(FZ)/parser_libfuzzer -max_total_time=3 \
		$(FZ)/parser-corpus fuzz/corpus/parser 2>&1 | grep -E 'Done|ERROR|deadly' | tail -n 1

$(FZ)/am65_cov: $(RL_TARGET_SRCS) fuzz/harness/standalone_main.c fuzz/harness/rl_file.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	clang -std=gnu11 -g -O1 -Wno-unused-parameter -fprofile-instr-generate -fcoverage-mapping \
		$(FUZZ_INC) -o $@ $(RL_TARGET_SRCS) fuzz/harness/standalone_main.c fuzz/harness/rl_file.c $(FUZZ_CORE)

$(FZ)/rl_matrix: fuzz/harness/matrix_main.c fuzz/harness/rl_file.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	gcc $(HOST_CFLAGS) $(FUZZ_INC) -o $@ fuzz/harness/matrix_main.c fuzz/harness/rl_file.c $(FUZZ_CORE)

# --- work per packet (issue 21): fuzz/costs.sh, gate fuzz/costs/expected.txt ---
$(FZ)/rl_costs: fuzz/harness/costs_main.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	gcc $(HOST_CFLAGS) $(FUZZ_INC) -o $@ fuzz/harness/costs_main.c $(FUZZ_CORE)

costs: deps-bench $(FZ)/rl_costs ## work per packet per workload x mode x size: table, CSV/JSON, chart in $(BUILD)/costs
	@bash fuzz/costs.sh table $(FZ)/rl_costs $(BUILD)/costs

costs-check: $(FZ)/rl_costs ## per-packet counts at or below fuzz/costs/expected.txt; each performance variant must fail it
	@bash fuzz/costs.sh check $(FZ)/rl_costs

costs-update: $(FZ)/rl_costs ## rewrite fuzz/costs/expected.txt from the patched driver (review the diff)
	@bash fuzz/costs.sh update $(FZ)/rl_costs

coverage: deps-fuzz deps-bench $(FZ)/am65_cov $(FZ)/rl_matrix ## llvm-cov HTML of the corpus + the state x operation matrix (text, PNG); DRIVER=stmmac
	@bash fuzz/coverage.sh "$(FZ)" $(DRIVER)

ossfuzz-build: ## fuzz/build.sh under the OSS-Fuzz contract (CC/CFLAGS/LIB_FUZZING_ENGINE/OUT), then a short run
	@rm -rf $(FZ)/ossfuzz && CC=clang CFLAGS="-fsanitize=address,undefined,fuzzer-no-link" \
		LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=$(FZ)/ossfuzz bash fuzz/build.sh
	@$(FZ)/ossfuzz/ringledger_am65 -runs=200 2>&1 | grep -E '^Done|ERROR' | tail -n 1

# --- bug-detection bench: time to detect each catalogued bug, per engine ---
SEEDS    ?= 5
CAP      ?= 120
ENGINES  ?= libfuzzer afl
VARIANTS ?=
BENCH_JOBS ?= $(KJOBS)
PAIR_SEEDS = $(if $(filter command line environment,$(origin SEEDS)),$(SEEDS),9)
PAIR_ENGINES = $(if $(filter command line environment,$(origin ENGINES)),$(ENGINES),afl)
bench: deps-bench deps-afl bench-targets $(BUILD)/gcc/kunit_host ## time-to-detect per bug per engine (VARIANTS, SEEDS, CAP, ENGINES, QUICK=1, REPORT_ONLY=1, MERGE=1, UPDATE_README=1, DRIVER=stmmac); table, CSV/JSON, plot in $(BUILD)/bench/results[-stmmac]
	@mkdir -p $(BUILD)/bench
	@$(HOST_SANITIZE_ENV) $(BUILD)/gcc/kunit_host > $(BUILD)/bench/ktap.log || true
	@python3 fuzz/bench/bench.py --build $(BUILD) --seeds $(SEEDS) --cap $(CAP) --engines "$(ENGINES)" \
		--variants "$(VARIANTS)" --jobs $(BENCH_JOBS) --ktap $(BUILD)/bench/ktap.log \
		--driver $(DRIVER) --out $(BUILD)/bench/results$(if $(filter stmmac,$(DRIVER)),-stmmac) \
		$(if $(QUICK),--quick) $(if $(REPORT_ONLY),--report-only) $(if $(MERGE),--merge) $(if $(BASELINE),--baseline) \
		$(if $(UPDATE_README),--update-readme $(if $(filter stmmac,$(DRIVER)),driver/stmmac/README.md,fuzz/README.md))

# the targets a bench runs (make bench, its selftest, make bench-pair's
# baseline build)
bench-targets: fuzz-build $(FZ)/am65_afl $(FZ)/am65_afl_cmplog $(BUILD)/variants

# issue 19's before/after head to head, for cells at an engine's start-up
# floor (fuzz/README.md "Before and after issue 19")
bench-pair: deps-bench deps-afl bench-targets $(FZ)/empty_afl ## the baseline and current fuzz targets run alternately per seed, one at a time (VARIANTS required, SEEDS=9, CAP, ENGINES=afl, UPDATE_README=1)
	@$(MAKE) --no-print-directory BASELINE=1 BUILD=$(BASELINE_BUILD) bench-targets
	@python3 fuzz/bench/pair.py --build $(BUILD) --baseline-build $(BASELINE_BUILD) --seeds $(PAIR_SEEDS) \
		--cap $(CAP) --engines "$(PAIR_ENGINES)" --variants "$(VARIANTS)" --out $(BUILD)/bench/pair \
		$(if $(UPDATE_README),--update-readme fuzz/README.md)

bench-selftest: bench-targets ## the bench's checks shown to fire (wrong kind, not found, bad input), a few seconds of real runs
	@python3 fuzz/bench/selftest.py $(BUILD)

# the issue 19 before/after of `make bench BASELINE=1` and `make bench`
BEFORE ?= $(BASELINE_BUILD)/bench/results/bench.json
AFTER  ?= build/bench/results/bench.json
bench-compare: ## before/after of make bench BASELINE=1 and make bench: each variant's medians side by side (BEFORE=, AFTER= bench.json; UPDATE_README=1)
	@python3 fuzz/bench/compare.py "$(BEFORE)" "$(AFTER)" $(if $(UPDATE_README),--update-readme fuzz/README.md)

bench-fuzz: deps-fuzz deps-afl $(FZ)/am65_libfuzzer $(FZ)/empty_libfuzzer $(FZ)/am65_afl $(FZ)/empty_afl ## exec/s of the harness vs an empty target (libFuzzer ASan+UBSan incremental/full check, AFL++ plain), 3 runs, medians
	@bash fuzz/bench.sh "$(FZ)"

# --- arguments: checked before anything is built or run (after the defaults)
# $(call rl_number,VAR,MIN,MAX): VAR must be a whole number in [MIN, MAX]
rl_number = $(if $(shell [[ "$($(1))" =~ ^[0-9]{1,9}$$ ]] && [ "$($(1))" -ge $(2) ] && \
	[ "$($(1))" -le $(3) ] && echo ok),,$(error $(1)=$(if $($(1)),$($(1)),(empty)): expected a whole number from $(2) to $(3)))
goals := $(or $(MAKECMDGOALS),help)
# DRIVER: the extracted driver a fuzz run or a byte-form replay is for
DRIVER ?= am65
ifneq ($(words $(DRIVER))$(filter $(DRIVER),am65 stmmac),1$(strip $(DRIVER)))
$(error DRIVER=$(DRIVER): expected am65 or stmmac)
endif
ifneq ($(filter fuzz fuzz-afl fuzz-all,$(goals)),)
$(call rl_number,FUZZ_TIME,1,604800)
endif
ifneq ($(filter fuzz-all,$(goals)),)
$(call rl_number,JOBS,1,64)
ifeq ($(strip $(VARIANT)),)
$(error VARIANT=<profile> is required: make fuzz-all VARIANT=v2 (make variants lists the profiles))
endif
endif
ifneq ($(filter fuzz-afl,$(goals)),)
$(call rl_number,JOBS,1,64)
endif
ifneq ($(BASELINE),)
ifneq ($(BASELINE),1)
$(error BASELINE=$(BASELINE): expected 1 (or nothing))
endif
ifneq ($(filter-out bench bench-targets,$(goals)),)
$(error BASELINE=1 goes with make bench alone (then make bench-compare))
endif
endif
ifneq ($(filter bench-pair,$(goals)),)
ifeq ($(strip $(VARIANTS)),)
$(error VARIANTS="..." is required: the cells to measure head to head (make variants lists them))
endif
# the baseline and its before/after tables are am65's (fuzz/README.md)
ifneq ($(DRIVER),am65)
$(error DRIVER=$(DRIVER): make bench-pair measures the am65 catalogue only)
endif
endif
ifneq ($(filter bench bench-pair,$(goals)),)
$(call rl_number,SEEDS,1,100)
$(call rl_number,CAP,1,86400)
$(call rl_number,BENCH_JOBS,1,64)
endif
ifneq ($(filter replay,$(goals)),)
ifeq ($(strip $(TRACE)),)
$(error TRACE=file is required: make replay TRACE=fuzz/regressions/rx_tdown_no_drain.trace)
endif
ifeq ($(wildcard $(TRACE)),)
$(error TRACE=$(TRACE): no such file)
endif
endif
ifneq ($(filter module,$(goals)),)
ifeq ($(wildcard $(KDIR)/Makefile),)
$(error KDIR=$(or $(KDIR),(empty)): not a kernel build tree (no Makefile there); make kunit-arm64 leaves one in $(KBUILD_ARM64))
endif
endif

