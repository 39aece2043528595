/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bpf_prog.h - a BPF XDP program stand-in: verdicts cycle through a
 * pattern; bpf_prog_add/put reference counting (kernel/bpf/syscall.c).
 */
#ifndef RL_BPF_PROG_H
#define RL_BPF_PROG_H

#include "xdp_rxq.h"

#define RL_PROG_MAX_VERDICTS	16

struct rl_redirect_target;

struct rl_bpf_prog {
	struct rl_obj_hdr hdr;
	struct rl_model *m;
	u32 refcnt;
	u8 verdict[RL_PROG_MAX_VERDICTS];
	u32 nr;
	u32 pos;
	/*
	 * bpf_redirect_map target, by id: when the map entry goes away (the
	 * socket closed, the device went), redirects fail instead of
	 * reaching a freed object.
	 */
	bool has_target;
	u32 target_id;
};

/* Program stand-in: verdicts cycle through @verdict[0..nr-1]. */
struct rl_bpf_prog *rl_bpf_prog_create(struct rl_model *m, const u8 *verdict,
				       u32 nr,
				       struct rl_redirect_target *target);
void rl_bpf_prog_add(struct rl_bpf_prog *prog, u32 n);
void rl_bpf_prog_put(struct rl_bpf_prog *prog);
bool rl_bpf_prog_is_valid(const struct rl_bpf_prog *prog);
/* bpf_prog_run_xdp(): the next verdict of the pattern */
u32 rl_bpf_prog_run_xdp(struct rl_bpf_prog *prog, struct rl_xdp_buff *xdp);

#endif /* RL_BPF_PROG_H */
