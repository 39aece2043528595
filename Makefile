# ringledger - top-level Makefile.  `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

CACHE   ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/ringledger
BUILD   ?= build
KSRC    ?= $(CACHE)/linux-source-6.1
KBUILD_UML ?= $(CACHE)/build-uml-kasan
JOBS    ?= $(shell nproc)

MODEL_SRCS  := $(sort $(wildcard model/*.c))
DRIVER_SRCS := $(sort $(wildcard driver/*/*.c))
TRACE_SRCS  := $(sort $(wildcard fuzz/trace/*.c))
SUITE_SRCS  := $(sort $(wildcard kunit/suites/*.c))
HOST_SRCS   := kunit/host/kunit_host.c

HOST_CFLAGS := -std=gnu11 -g -O1 -Wall -Wextra -Wno-unused-parameter -Werror \
	-fno-omit-frame-pointer -fsanitize=address,undefined \
	-fno-sanitize-recover=all -Imodel -Idriver/am65-cpsw -Ifuzz/trace -Ikunit/host -Ikunit/suites
HOST_SANITIZE_ENV := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

.PHONY: help deps check host-check host-shim-selftest kunit lint clean bench-check variants

help: ## this list
	@grep -hE '^[a-z][a-z0-9_-]*:.*## ' $(MAKEFILE_LIST) | \
		awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

deps: ## install missing Debian packages (apt-get, only when missing)
	@bash .ci/deps

# --- host build: the same sources with gcc and with clang, ASan+UBSan ------
define host_build
$(BUILD)/$(1)/kunit_host: $(MODEL_SRCS) $(DRIVER_SRCS) $(TRACE_SRCS) $(SUITE_SRCS) $(HOST_SRCS) $(wildcard model/*.h driver/*/*.h fuzz/trace/*.h kunit/suites/*.h kunit/host/kunit/*.h)
	@mkdir -p $$(@D)
	$(2) $(HOST_CFLAGS) -o $$@ $(MODEL_SRCS) $(DRIVER_SRCS) $(TRACE_SRCS) $(SUITE_SRCS) $(HOST_SRCS)
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
		echo "== host suites ($$cc, ASan+UBSan)"; \
		$(HOST_SANITIZE_ENV) $(BUILD)/$$cc/kunit_host | tee $(BUILD)/$$cc/ktap.log | tail -n 1; \
		test $${PIPESTATUS[0]} -eq 0 || { grep -B2 -A3 'FAILED\|not ok' $(BUILD)/$$cc/ktap.log | head -60; exit 1; }; \
	done

check: deps lint host-check kunit ## everything: lint, host suites (gcc+clang), UML+KASAN suites
	@echo "make check: all passed"

kunit: deps ## the same suites in-kernel: UML with KASAN (kunit.py)
	@bash kunit/kernel/run-uml.sh "$(KSRC)" "$(KBUILD_UML)" "$(JOBS)"

lint: deps ## checkpatch.pl on kernel-side C; no #if outside the compat header
	@bash .ci/lint "$(KSRC)"

clean: ## remove build outputs in the clone (caches stay)
	rm -rf $(BUILD)

$(BUILD)/variants: kunit/host/variants_main.c driver/am65-cpsw/am65_cpsw_variants.c driver/am65-cpsw/am65_cpsw.h
	@mkdir -p $(@D)
	@gcc -std=gnu11 -O1 -Wall -Wextra -Wno-unused-parameter -Werror -Imodel -Idriver/am65-cpsw \
		-o $@ kunit/host/variants_main.c driver/am65-cpsw/am65_cpsw_variants.c

variants: $(BUILD)/variants ## the catalogue of re-injectable bugs (VARIANT=name checks a name)
	@$(BUILD)/variants $(VARIANT)

bench-check: ## benchmark: cost of the per-step ledger check (plain -O2 and ASan+UBSan)
	@mkdir -p $(BUILD)
	@clang -std=gnu11 -O2 -Imodel -o $(BUILD)/bench_check $(MODEL_SRCS) kunit/host/bench_model_check.c
	@clang $(HOST_CFLAGS) -O2 -o $(BUILD)/bench_check_san $(MODEL_SRCS) kunit/host/bench_model_check.c
	@echo "-- clang -O2"; $(BUILD)/bench_check
	@echo "-- clang -O2 ASan+UBSan"; ASAN_OPTIONS=detect_leaks=0 $(BUILD)/bench_check_san
