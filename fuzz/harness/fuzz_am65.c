// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_am65.c - the fuzz target: bytes -> probe configuration + operation
 * sequence (rl_trace_from_bytes), run on the extracted driver with every
 * check after every operation (incremental, RINGLEDGER_CHECK).  A finding
 * prints one line and aborts.
 * The bug variant under test comes from RINGLEDGER_VARIANT, the driver
 * from RINGLEDGER_DRIVER (am65 when unset; stmmac).
 * Built three ways: libFuzzer, AFL++ (persistent), plain replay; model
 * memory comes from rl_alloc_cache.c (freed blocks wait for the input's
 * end).
 */
#include "rl_run.h"
#include "rl_alloc_cache.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static u64 variants;
static u8 check_mode;
static enum rl_driver driver;
static bool variants_read;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct rl_trace t;
	struct rl_run r = { .abort_on_finding = true, .no_digest = true };

	if (!variants_read) {
		driver = rl_run_driver_from_env();
		variants = rl_run_variants_from_env(driver);
		/* incremental: exact given a passing last check (model.h) */
		check_mode = rl_run_check_mode_from_env(RL_CHECK_INCR);
		rl_alloc_cache_install();
		variants_read = true;
	}
	rl_trace_from_bytes_drv(&t, driver, data, size);
	rl_trace_set_variants(&t, variants);
	r.check_mode = check_mode;
	rl_run_trace(&r, &t);
	rl_alloc_cache_end_input();
	return 0;
}
