// SPDX-License-Identifier: GPL-2.0
/*
 * ledger_text.c - what the ledger's findings, classes and owners are
 * called, and a finding as one readable line (ledger.c holds the state).
 */
#include "ledger.h"

static const char * const finding_names[RL_F_NR] = {
	[RL_F_NONE] = "NONE",
	[RL_F_OWNER] = "OWNER",
	[RL_F_DOUBLE_FREE] = "DOUBLE_FREE",
	[RL_F_USE_AFTER_FREE] = "USE_AFTER_FREE",
	[RL_F_LEAK] = "LEAK",
	[RL_F_DROPPED] = "DROPPED",
	[RL_F_POOL_LEAK] = "POOL_LEAK",
	[RL_F_DMA_UNKNOWN] = "DMA_UNKNOWN",
	[RL_F_DMA_MISMATCH] = "DMA_MISMATCH",
	[RL_F_DMA_DOUBLE_UNMAP] = "DMA_DOUBLE_UNMAP",
	[RL_F_DMA_SYNC] = "DMA_SYNC",
	[RL_F_DMA_DEVICE] = "DMA_DEVICE",
	[RL_F_PP_INFLIGHT] = "PP_INFLIGHT",
	[RL_F_PP_STALLED] = "PP_STALLED",
	[RL_F_XSK] = "XSK",
	[RL_F_XDP] = "XDP",
	[RL_F_NAPI] = "NAPI",
	[RL_F_BQL] = "BQL",
	[RL_F_INVALID] = "INVALID",
	[RL_F_LIVENESS] = "LIVENESS",
	[RL_F_OOPS] = "OOPS",
	[RL_F_IRQ] = "IRQ",
	[RL_F_CRASH] = "CRASH",
};

static const char * const class_names[RL_OBJ_NR] = {
	[RL_OBJ_DESC] = "desc",
	[RL_OBJ_PAGE] = "page",
	[RL_OBJ_XSK] = "xsk",
	[RL_OBJ_DMA] = "dma",
	[RL_OBJ_SKB] = "skb",
	[RL_OBJ_FRAME] = "frame",
};

static const char * const owner_names[RL_OWN_NR] = {
	[RL_OWN_NONE] = "none",
	[RL_OWN_POOL] = "pool",
	[RL_OWN_DRIVER] = "driver",
	[RL_OWN_RING] = "ring",
	[RL_OWN_LOST] = "lost",
	[RL_OWN_SKB] = "skb",
	[RL_OWN_FRAME] = "frame",
	[RL_OWN_REDIRECT] = "redirect",
	[RL_OWN_STACK] = "stack",
	[RL_OWN_USER] = "user",
	[RL_OWN_FILL] = "fill",
	[RL_OWN_RX] = "rx",
	[RL_OWN_TX] = "tx",
	[RL_OWN_COMP] = "comp",
	[RL_OWN_TX_HW] = "tx_hw",
	[RL_OWN_MAPPED] = "mapped",
	[RL_OWN_DEVICE] = "device",
};

const char *rl_finding_kind_name(enum rl_finding_kind kind)
{
	return kind < RL_F_NR ? finding_names[kind] : "?";
}

const char *rl_obj_class_name(enum rl_obj_class cls)
{
	if (cls == RL_OBJ_KMEM)
		return "kmem";
	return cls < RL_OBJ_NR ? class_names[cls] : "?";
}

const char *rl_owner_kind_name(enum rl_owner_kind kind)
{
	return kind < RL_OWN_NR ? owner_names[kind] : "?";
}

static int format_owner(char *buf, size_t len, u32 o)
{
	return snprintf(buf, len, "%s:%u", rl_owner_kind_name(RL_OWNER_KIND(o)),
			(unsigned int)RL_OWNER_IDX(o));
}

int rl_finding_format(const struct rl_finding *f, char *buf, size_t len)
{
	char exp[32], act[32];

	if (f->owners) {
		format_owner(exp, sizeof(exp), f->expected);
		format_owner(act, sizeof(act), f->actual);
	} else {
		snprintf(exp, sizeof(exp), "%u", (unsigned int)f->expected);
		snprintf(act, sizeof(act), "%u", (unsigned int)f->actual);
	}
	return snprintf(buf, len, "step %u: %s %s#%u: expected %s, actual %s: %s",
			(unsigned int)f->step, rl_finding_kind_name(f->kind),
			rl_obj_class_name(f->cls), (unsigned int)f->obj, exp, act,
			f->what ? f->what : "");
}
