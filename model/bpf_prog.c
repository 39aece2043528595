// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_prog.c - the BPF program stand-in.
 */
#include "bpf_prog.h"
#include "xdp_redirect.h"

static bool prog_valid(const struct rl_obj_hdr *h)
{
	return rl_bpf_prog_is_valid(container_of(h, const struct rl_bpf_prog, hdr));
}

static const struct rl_obj_ops prog_ops = {
	.kind = RL_REG_PROG,
	.name = "rl_bpf_prog_is_valid",
	.cls = RL_OBJ_FRAME,
	.is_valid = prog_valid,
};

struct rl_bpf_prog *rl_bpf_prog_create(struct rl_model *m, const u8 *verdict,
				       u32 nr,
				       struct rl_redirect_target *target)
{
	struct rl_bpf_prog *prog;
	int id;

	if (nr > RL_PROG_MAX_VERDICTS)
		return NULL;
	prog = rl_zalloc(sizeof(*prog));
	if (!prog)
		return NULL;
	id = rl_model_register(m, &prog->hdr, &prog_ops);
	if (id < 0) {
		rl_free(prog);
		return NULL;
	}
	prog->hdr.id = (u32)id;
	prog->m = m;
	prog->refcnt = 1;
	prog->nr = nr;
	memcpy(prog->verdict, verdict, nr);
	prog->has_target = target;
	prog->target_id = target ? target->hdr.id : 0;
	return prog;
}

void rl_bpf_prog_add(struct rl_bpf_prog *prog, u32 n)
{
	prog->refcnt += n;
}

void rl_bpf_prog_put(struct rl_bpf_prog *prog)
{
	if (!prog->refcnt) {
		rl_ledger_report_count(prog->m->ledger, RL_F_USE_AFTER_FREE,
				       RL_OBJ_FRAME, prog->hdr.id, 1, 0,
				       "bpf_prog_put on a freed program");
		return;
	}
	if (!--prog->refcnt)
		prog->hdr.zombie = true;
}

bool rl_bpf_prog_is_valid(const struct rl_bpf_prog *prog)
{
	/* a freed program is a zombie with no reference left */
	return prog->nr <= RL_PROG_MAX_VERDICTS &&
	       prog->hdr.zombie == !prog->refcnt;
}

u32 rl_bpf_prog_run_xdp(struct rl_bpf_prog *prog, struct rl_xdp_buff *xdp)
{
	if (!prog->refcnt)
		rl_ledger_report_count(prog->m->ledger, RL_F_USE_AFTER_FREE,
				       RL_OBJ_FRAME, prog->hdr.id, 1, 0,
				       "bpf_prog_run_xdp on a freed program");
	rl_cost_add(prog->m, RL_COST_XDP_RUN, 1);
	if (!prog->nr)
		return RL_XDP_PASS;
	return prog->verdict[prog->pos++ % prog->nr];
}
