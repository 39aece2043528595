# SPDX-License-Identifier: GPL-2.0
# The one list of the C that builds the model, the extracted drivers and
# the run layer (world and trace operations), with their header
# directories.  Read by the Makefile (host suites, fuzz targets, tools),
# kunit/kernel/Kbuild (in-tree and module builds: the module copies only
# these directories and the suites) and fuzz/build.sh and proofs/prove.sh
# (through `make -f fuzz/trace/sources.mk`-style includes, see rl_print).
# Every .c in a listed directory is compiled; adding a file needs no edit.

RL_DRIVERS	:= am65-cpsw stmmac
RL_CORE_DIRS	:= model $(addprefix driver/,$(RL_DRIVERS)) fuzz/trace
# the KUnit suites: host shim and in-kernel alike
RL_SUITE_DIRS	:= kunit/suites
# what every fuzz target and host tool adds to the core (mains are apart)
RL_HARNESS_DIR	:= fuzz/harness
RL_HARNESS_SRCS	:= $(RL_HARNESS_DIR)/rl_run.c $(RL_HARNESS_DIR)/rl_explain.c
# the driver fuzz target: the entry point and its model-memory cache (only
# there: the cache needs the end of each input; tools keep calloc/free)
RL_TARGET_SRCS	:= $(RL_HARNESS_DIR)/fuzz_am65.c $(RL_HARNESS_DIR)/rl_alloc_cache.c
# fuzz builds: freed model memory is also poisoned for ASan (rl_compat.h)
RL_FUZZ_DEFS	:= -DRL_ASAN_POISON

# $(call rl_c,ROOT/,DIRS) and $(call rl_h,ROOT/,DIRS): the C files and the
# headers of DIRS under ROOT (empty ROOT: the clone), sorted;
# $(call rl_inc,ROOT/,DIRS): their -I flags.
rl_c = $(sort $(wildcard $(addsuffix /*.c,$(addprefix $(1),$(2)))))
rl_h = $(sort $(wildcard $(addsuffix /*.h,$(addprefix $(1),$(2)))))
rl_inc = $(addprefix -I$(1),$(2))
